// Convert: what decoder sites convert both ways — an instant → the smallest id and Snowflake at it (a window's
// lower bound), a Snowflake ↔ its id under any namespace, node + seq + time → the id they compose. Each result
// has a Copy button and every input is in the address. The model is convert-model.js; this file draws it.
import { h, fill, field } from '../../lib/dom.js';
import { formatAgo, formatIso } from '../../lib/format.js';
import { copyButton } from '../../views/controls.js';
import { panelFrame } from '../../views/panel-frame.js';
import { convertAll, createConvertModel, CONVERT_DEFAULTS } from './convert-model.js';

export { CONVERT_DEFAULTS };

const LEDE =
  'The other way round: a time to the smallest id minted at it, a Snowflake to its id under any namespace and back, a node, a seq and a time to the id they make. Every value comes from @echomq/branded.';
const INSTANT_HINT = 'Unix ms (1781000000010), ISO 8601 (2026-06-09T10:13:20.010Z), or now with offsets (now-5m).';

const textInput = (size, testid) =>
  h('input', { type: 'text', class: 'mono', spellcheck: 'false', autocomplete: 'off', size, 'data-testid': testid });

/** One result: a label, the value (data-field = name) and, for a value worth taking away, a Copy button. */
function result(label, value, name, { copy = true } = {}) {
  return h(
    'div',
    { class: 'result' },
    h('dt', null, label),
    h(
      'dd',
      null,
      h('span', { class: 'mono', 'data-field': name }, value),
      copy ? copyButton(() => value, `Copy ${label}`) : null,
    ),
  );
}

const decodeLink = (id) =>
  h(
    'a',
    { href: `?${new URLSearchParams({ tab: 'decode', 'decode.ids': id })}`, 'data-testid': 'decode-link' },
    `Decode ${id}`,
  );

/** An id, or why there is none: the namespace asked for is no namespace. */
const idResult = (id, name) =>
  id === null
    ? h('div', { class: 'result' }, h('dt', null, 'id'), h('dd', { class: 'muted' }, 'no id: the namespace is not one'))
    : result('id', id, name);

function errorView(error, testid) {
  return h('p', { class: 'error-text', 'data-testid': testid }, error);
}

/** An instant's results: UTC (how long ago under it) and Unix ms. */
const instantResults = (ms, name) => [
  h(
    'div',
    { class: 'result' },
    h('dt', null, 'UTC'),
    h(
      'dd',
      { class: 'stacked' },
      h('span', { class: 'mono', 'data-field': `${name}-iso` }, formatIso(ms)),
      h('span', { class: 'sub' }, formatAgo(ms)),
    ),
  ),
  result('Unix ms', String(ms), `${name}-ms`, { copy: false }),
];

function instantView(r) {
  if (r.error) return errorView(r.error, 'instant-error');
  return [
    h(
      'dl',
      { class: 'results' },
      instantResults(r.ms, 'instant'),
      result('Snowflake', r.snowflake.toString(), 'instant-snowflake'),
      idResult(r.id, 'instant-id'),
    ),
    r.id
      ? h(
          'p',
          { class: 'hint' },
          `Every ${r.id.slice(0, 3)} id minted at or after this instant sorts at or above ${r.id} (byte order is mint order): a window’s lower bound, as branded min-for prints it.`,
        )
      : null,
  ];
}

function flakeView(r) {
  if (r.error) return errorView(r.error, 'flake-error');
  const given = r.given === 'id' ? `the id ${r.from}` : `the Snowflake ${r.from}`;
  return [
    h('p', { class: 'hint', 'data-testid': 'flake-given' }, `Read as ${given}.`),
    h(
      'dl',
      { class: 'results' },
      result('Snowflake', r.snowflake.toString(), 'flake-snowflake'),
      idResult(r.id, 'flake-id'),
      instantResults(r.unixMs, 'flake'),
      result('node', String(r.node), 'flake-node', { copy: false }),
      result('seq', String(r.seq), 'flake-seq', { copy: false }),
    ),
    r.id ? h('p', null, decodeLink(r.id)) : null,
  ];
}

function fieldsView(r) {
  if (r.error) return errorView(r.error, 'fields-error');
  return [
    h(
      'dl',
      { class: 'results' },
      result('Snowflake', r.snowflake.toString(), 'fields-snowflake'),
      idResult(r.id, 'fields-id'),
      instantResults(r.ms, 'fields'),
    ),
    r.id ? h('p', null, decodeLink(r.id)) : null,
  ];
}

/** The explorer's Convert panel: {element, set(state)}; `onState` is given its state as the reader changes it. */
export function createConvertPanel({ state, onState }) {
  const model = createConvertModel({ state, onState });
  const inputs = {
    ns: textInput(5, 'convert-ns'),
    at: textInput(26, 'convert-at'),
    flake: textInput(22, 'convert-flake'),
    time: textInput(26, 'convert-time'),
    node: textInput(6, 'convert-node'),
    seq: textInput(6, 'convert-seq'),
  };
  inputs.ns.setAttribute('maxlength', '8');
  const nsField = field('Namespace', inputs.ns, '3 × A–Z: the namespace of every id below');
  const nsError = h('p', { class: 'error-text', 'data-testid': 'ns-error' });
  const outputs = { instant: h('div'), flake: h('div'), fields: h('div') };

  function render() {
    const r = convertAll(model.current);
    nsError.hidden = r.namespace.ok;
    nsError.textContent = r.namespace.ok ? '' : `Namespace: ${r.namespace.error}`;
    inputs.ns.setAttribute('aria-invalid', String(!r.namespace.ok));
    inputs.at.setAttribute('aria-invalid', String(Boolean(r.instant.error)));
    inputs.flake.setAttribute('aria-invalid', String(Boolean(r.flake.error)));
    for (const name of ['time', 'node', 'seq'])
      inputs[name].setAttribute('aria-invalid', String(r.fields.field === name));
    fill(outputs.instant, instantView(r.instant));
    fill(outputs.flake, flakeView(r.flake));
    fill(outputs.fields, fieldsView(r.fields));
  }
  model.bind(
    Object.entries(inputs).map(([key, input]) => [key, input]),
    render,
  );

  const card = (title, testid, ...body) =>
    h('section', { class: 'convert-card', 'aria-label': title, 'data-testid': testid }, h('h3', null, title), ...body);

  const element = panelFrame(
    { key: 'convert', title: 'Convert', lede: LEDE },
    h('div', { class: 'row convert-ns' }, nsField.field),
    nsError,
    h(
      'div',
      { class: 'convert-cards' },
      card(
        'An instant → the smallest id',
        'card-instant',
        field('Instant', inputs.at, INSTANT_HINT).field,
        outputs.instant,
      ),
      card(
        'Snowflake ↔ id',
        'card-flake',
        field('A Snowflake or an id', inputs.flake, 'Decimal digits, or an id of any namespace').field,
        outputs.flake,
      ),
      card(
        'Node, seq and time → id',
        'card-fields',
        field('Time', inputs.time, INSTANT_HINT).field,
        h(
          'div',
          { class: 'row' },
          field('Node', inputs.node, '0–1023').field,
          field('Seq', inputs.seq, '0–4095').field,
        ),
        outputs.fields,
      ),
    ),
  );
  render();
  return {
    element,
    set(next) {
      model.set(next);
      render();
    },
  };
}
