// Enqueue (live): queue, id, payload, executor → the verdict and the exact command sent, then the row and the
// pending set as read back from Valkey. The page runs the host check itself first: a malformed id is refused
// here and nothing is sent. The model is enqueue-model.js; this file draws it.
import { h, fill, field, submitOnEnter } from '../../lib/dom.js';
import { formatCount } from '../../lib/format.js';
import { commandView } from '../../views/command.js';
import { liveStatus } from '../../views/live.js';
import { panelFrame } from '../../views/panel-frame.js';
import { segmented, verdictCard } from '../../views/controls.js';
import { createEnqueueModel, pendingPlace, ENQUEUE_DEFAULTS, PENDING_LIMIT } from './enqueue-model.js';

export { ENQUEUE_DEFAULTS };

const LEDE =
  'The @enqueue transition on a real Valkey: policy before existence before write. The script and the native EMQ.ENQUEUE write the same row.';
const VERDICT_TEXT = {
  enqueued: 'enqueued — the row and the pending entry were written',
  duplicate: 'duplicate — the job already exists; nothing was written',
  kind: 'refused by the wire gate — not JOB-namespaced; nothing was written',
};

function rowView(read) {
  if (!read.found) return h('p', { class: 'muted', 'data-testid': 'row' }, `${read.key}: no such row.`);
  return h(
    'dl',
    { class: 'kv', 'data-testid': 'row' },
    h('dt', null, 'key'),
    h('dd', null, read.key),
    Object.entries(read.row).map(([k, v]) => [h('dt', null, k), h('dd', { 'data-field': k }, v)]),
  );
}

function pendingView(pending, id) {
  const place = pendingPlace(pending, id);
  // Eight ids around the new one when it is shown, else the last eight of the page.
  const from =
    place.at === -1
      ? Math.max(pending.jobs.length - 8, 0)
      : Math.max(Math.min(place.at - 3, pending.jobs.length - 8), 0);
  return [
    h(
      'p',
      null,
      `${pending.key}: ${formatCount(pending.jobs.length)} id${pending.jobs.length === 1 ? '' : 's'} shown (first ${PENDING_LIMIT} in byte order); `,
      h(
        'span',
        { class: place.missing ? 'mismatch' : place.at === -1 ? 'muted' : 'match', 'data-testid': place.testid },
        place.text,
      ),
    ),
    h(
      'ol',
      { class: 'idlist', 'data-testid': 'pending', start: String(from + 1) },
      pending.jobs
        .slice(from, from + 8)
        .map((job) => h('li', null, h('span', { class: job === id ? 'id match' : 'id' }, job), h('span'), h('span'))),
    ),
  ];
}

function hostView(check) {
  if (check.ok)
    return h(
      'p',
      { class: 'muted' },
      'Host check passes: keys ',
      h('code', null, check.jobKey),
      ' and ',
      h('code', null, check.pendingKey),
      '.',
    );
  return h(
    'p',
    { class: 'error-text', 'data-testid': 'host-refusal' },
    'Host check refuses ',
    `${check.text} (`,
    h('code', null, check.code),
    '). Nothing would be sent.',
  );
}

function outcomeView({ outcome }) {
  return [
    verdictCard({
      who: `verdict · ${outcome.executor}`,
      outcome: outcome.ok ? 'pass' : outcome.code === 'duplicate' ? 'skip' : 'refuse',
      what: h('span', { 'data-testid': 'verdict' }, outcome.ok ? outcome.verdict : outcome.code),
      why: outcome.ok ? VERDICT_TEXT[outcome.verdict] : (VERDICT_TEXT[outcome.code] ?? outcome.message),
      extra:
        !outcome.ok && outcome.code === 'kind' ? h('p', null, h('span', { class: 'refusal' }, outcome.message)) : null,
    }),
    outcome.command
      ? [h('h3', null, 'The exact command sent'), commandView(outcome.command, 'the command sent')]
      : null,
  ];
}

function sentView(sent) {
  if (!sent) return null;
  if (sent.host)
    return verdictCard({
      who: 'host',
      outcome: 'refuse',
      what: h('span', null, 'refused: ', h('code', null, sent.host.code)),
      why: 'The host refuses before any wire: nothing was sent.',
    });
  if (sent.busy) return h('p', { class: 'muted busy' }, `Enqueueing ${sent.id}`);
  return [
    outcomeView(sent),
    sent.read
      ? [
          h('h3', null, 'The row, read back'),
          rowView(sent.read),
          h('h3', null, 'The pending set, read back'),
          pendingView(sent.pending, sent.id),
        ]
      : null,
    sent.readError
      ? h('p', { class: 'error-text' }, `Reading back failed: ${sent.readError.code} — ${sent.readError.message}`)
      : null,
  ];
}

function enqueueBody({ state, onState, bridge }) {
  const model = createEnqueueModel({ state, onState, bridge, onSent: () => renderSent() });
  const text = (className, size) =>
    h('input', { type: 'text', class: className, spellcheck: 'false', autocomplete: 'off', size });
  const queueInput = text('mono', 14);
  const idInput = text('id', 20);
  const payloadInput = text('mono', 28);
  const executor = segmented(
    'Executor',
    [
      ['script', 'script (FCALL)'],
      ['native', 'native (EMQ.ENQUEUE)'],
    ],
    model.current.executor,
    (value) => model.update({ executor: value }),
  );
  const tryIds = h(
    'div',
    { class: 'chips', role: 'group', 'aria-label': 'Try an id' },
    h('button', { type: 'button', onclick: () => setId(model.nextId()) }, 'Mint a JOB id'),
    h(
      'button',
      {
        type: 'button',
        class: 'chip',
        title: 'the host passes it, the wire gate refuses it',
        onclick: () => setId('USR0KHTOWnGLuC'),
      },
      'USR0KHTOWnGLuC',
    ),
    h(
      'button',
      { type: 'button', class: 'chip', title: 'the host refuses it', onclick: () => setId('job-42') },
      'job-42',
    ),
  );
  const sendButton = h('button', { type: 'button', class: 'primary' }, 'Enqueue');
  const host = h('div');
  const result = h('div', { 'aria-live': 'polite' });
  const setButton = () => {
    sendButton.disabled = !bridge?.live || Boolean(model.sent?.busy);
  };
  const status = liveStatus(bridge, 'enqueueing into Valkey', setButton);

  const renderHost = () => fill(host, hostView(model.host()));
  function renderSent() {
    fill(result, sentView(model.sent));
    if (model.sent) renderHost();
    setButton();
  }
  sendButton.addEventListener('click', () => model.send());
  submitOnEnter([queueInput, idInput, payloadInput], sendButton);

  function setId(id) {
    idInput.value = id;
    model.update({ job: id });
    renderHost();
  }
  model.bind(
    [
      ['queue', queueInput],
      ['job', idInput],
      ['payload', payloadInput],
    ],
    renderHost,
  );

  const body = [
    status,
    h('div', { class: 'row' }, field('Queue', queueInput).field, field('Job id', idInput).field, tryIds),
    h('div', { class: 'row' }, field('Payload', payloadInput).field, executor.element, sendButton),
    host,
    result,
  ];
  renderHost();
  return {
    body,
    set(next) {
      model.set(next);
      executor.set(model.current.executor);
      renderHost();
      model.clear();
    },
  };
}

/** The explorer's Enqueue panel, live through `bridge`: {element, set(state)}. */
export function createEnqueuePanel({ state, onState, bridge }) {
  const { body, set } = enqueueBody({ state, onState, bridge });
  return { element: panelFrame({ key: 'enqueue', title: 'Enqueue', lede: LEDE }, body), set };
}

/** The docs widget's Enqueue: the same form and verdicts, without the lede. */
export function createEnqueueCard({ state, onState, bridge }) {
  const { body, set } = enqueueBody({ state, onState, bridge });
  return { element: panelFrame({ key: 'enqueue', title: 'Enqueue' }, body), set };
}
