// One id taken apart: its facts (namespace, Snowflake, instant, node, seq, hash32, stream entry id), its 14
// bytes and its 64-bit layout; or, refused, the class, the byte the check trips on and why. The Decode
// panel shows it for the selected row, the decode widget for its one id.
import { streamId, EPOCH_MS, ID_LENGTH } from '@echomq/branded';
import { h } from '../lib/dom.js';
import { formatAgo, formatIso, formatLocal } from '../lib/format.js';
import { refusalOf } from '../lib/refusal.js';
import { byteCells, bytesLegend, markedText } from './bytes.js';
import { layout64 } from './layout64.js';
import { copyButton } from './controls.js';

function fact(label, value, name) {
  return h('div', null, h('dt', null, label), h('dd', { 'data-field': name }, value));
}

// A message as a sentence: a question ("did you mean …?") keeps its mark.
const sentence = (message) => (/[.?!]$/.test(message) ? message : `${message}.`);

/**
 * A refused id: {error, offset} from the package (the bytes they mark). `onScan`, when given, is offered for
 * text that holds ids (a URL, a log line): it switches the reader to finding them.
 */
export function refusedDetail(id, { error, offset, onScan = null }) {
  const refusal = refusalOf(id);
  const scan =
    onScan && refusal?.remedy === 'scan'
      ? h(
          'p',
          { class: 'note', 'data-testid': 'scan-pointer' },
          `This line holds ${refusal.found === 1 ? 'an id' : `${refusal.found} ids`} in other text. `,
          h('button', { type: 'button', class: 'small', onclick: onScan }, 'Find ids in any text'),
        )
      : null;
  return [
    h(
      'div',
      { class: 'title' },
      h('span', { class: 'big-id' }, markedText(id, error, offset)),
      h('span', { class: 'badge bad', 'data-testid': 'error-class' }, error),
    ),
    h(
      'p',
      { class: 'error-text', 'data-testid': 'refusal' },
      `The host refuses it: ${sentence(refusal?.message ?? error)}`,
    ),
    scan,
    h('h3', null, 'The bytes'),
    byteCells(id, { error, offset }),
    bytesLegend({ bad: true }),
  ];
}

// An instant no clock has reached: the id parses, but nothing minted it yet.
function futureNote(fields, nowMs) {
  return h(
    'p',
    { class: 'note warn', 'data-testid': 'future' },
    h('strong', null, 'From the future. '),
    `This id decodes to ${formatIso(fields.unixMs)}, ${formatAgo(fields.unixMs, nowMs)}: no clock has minted it yet. `,
    'A typo? Base62 tells upper from lower case, so one changed letter moves the instant by years.',
  );
}

// An instant far before the rest of its namespace's ids in the batch (panels/plausibility.js).
function earlyNote(fields, { q1 }) {
  return h(
    'p',
    { class: 'note warn', 'data-testid': 'early' },
    h('strong', null, `Long before the rest of ${fields.namespace}. `),
    `This id decodes to ${formatIso(fields.unixMs)}; three quarters of this batch's ${fields.namespace} ids are from ${formatIso(q1)} on. `,
    'A typo? One changed letter in the first digits moves the instant by weeks or years. Or an old id among new ones.',
  );
}

/**
 * A parsed id: fields = {namespace, snowflake, unixMs, node, seq, hash32}; `future`: flag the instant;
 * `early`: {q1} of its namespace when it lies long before the rest of it; `convert`: link to the Convert tab.
 */
export function parsedDetail(id, fields, { future = false, early = null, convert = false, nowMs = Date.now() } = {}) {
  return [
    h(
      'div',
      { class: 'title' },
      h('span', { class: 'big-id' }, id),
      h('span', { class: 'badge ok' }, 'valid'),
      future ? h('span', { class: 'badge warn' }, 'from the future') : null,
      early ? h('span', { class: 'badge warn' }, `long before the rest of ${fields.namespace}`) : null,
      copyButton(() => id, `Copy ${id}`),
      convert
        ? h(
            'a',
            {
              class: 'small button-link',
              href: `?${new URLSearchParams({ tab: 'convert', 'convert.flake': id })}`,
              'data-testid': 'convert-link',
            },
            'Under another namespace…',
          )
        : null,
    ),
    future ? futureNote(fields, nowMs) : null,
    early ? earlyNote(fields, early) : null,
    h(
      'dl',
      { class: 'facts', 'data-testid': 'fields' },
      fact('namespace', fields.namespace),
      fact('snowflake', fields.snowflake.toString()),
      fact('UTC', formatIso(fields.unixMs), 'iso'),
      fact('local time', [formatLocal(fields.unixMs), h('span', { class: 'sub' }, formatAgo(fields.unixMs))]),
      fact('unix ms', String(fields.unixMs)),
      fact('node', String(fields.node), 'node'),
      fact('seq', String(fields.seq), 'seq'),
      fact('hash32', String(fields.hash32), 'hash32'),
      fact('stream entry id', streamId(fields.snowflake), 'stream'),
    ),
    h('h3', null, `The ${ID_LENGTH} bytes`),
    byteCells(id),
    bytesLegend(),
    h('h3', null, 'The 64-bit snowflake'),
    layout64(fields, EPOCH_MS),
  ];
}
