// Enqueue (live): queue, id, payload, executor → the verdict and the exact command sent, then the row
// and the pending set as read back from Valkey. The page runs the host check itself first: a malformed
// id is refused here and nothing is sent.
import { createMinter, jobKey, pendingKey } from '@echomq/branded';
import { h, fill, field, submitOnEnter } from '../lib/dom.js';
import { panelState } from '../lib/panel-state.js';
import { formatCount } from '../lib/format.js';
import { commandView } from '../views/command.js';
import { liveStatus } from '../views/live.js';
import { segmented, verdictCard } from '../views/controls.js';

export const ENQUEUE_DEFAULTS = { queue: 'demo', job: '', payload: '{"hello":"world"}', executor: 'script' };
const PENDING_LIMIT = 100;

const VERDICT_TEXT = {
  enqueued: 'enqueued — the row and the pending entry were written',
  duplicate: 'duplicate — the job already exists; nothing was written',
  kind: 'refused by the wire gate — not JOB-namespaced; nothing was written',
};

// The host check as a verdict for the page (the bridge's hostCheck throws instead).
function hostVerdict(queue, id) {
  try {
    return { ok: true, jobKey: jobKey(queue, id), pendingKey: pendingKey(queue) };
  } catch (error) {
    return { ok: false, code: error.code, message: error.message };
  }
}

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

// Where the new id sits among the ids read back: the set scores every id 0, so its order is byte order and
// the bridge returns its first PENDING_LIMIT; an id past the last of a full page is beyond it, not missing.
function pendingPlace(pending, id) {
  const at = pending.jobs.indexOf(id);
  if (at !== -1)
    return { at, text: `${id} is pending: number ${formatCount(at + 1)} in byte order.`, testid: 'pending-has' };
  const last = pending.jobs.at(-1);
  if (pending.jobs.length >= PENDING_LIMIT && last !== undefined && id > last) {
    return {
      at: -1,
      text: `${id} sorts after the last id shown (${last}): it is further on in the set, past the first ${PENDING_LIMIT}.`,
      testid: 'pending-beyond',
    };
  }
  return { at: -1, text: `${id} is not in the pending set.`, testid: 'pending-missing', missing: true };
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

/**
 * The Enqueue panel, live through `bridge`: {element, set(state)}.
 * `onState` is given its state as the reader changes it; `compact`: without the lede, for the docs widgets.
 */
export function createEnqueuePanel({ state, onState, bridge, compact = false }) {
  const minter = createMinter({ namespace: 'JOB', node: 0 });
  // A state without a job id gets a fresh one.
  const complete = (s) => (s.job ? s : { ...s, job: minter.next() });
  const model = panelState({ defaults: ENQUEUE_DEFAULTS, state, onState, complete });

  const queueInput = h('input', {
    type: 'text',
    class: 'mono',
    spellcheck: 'false',
    autocomplete: 'off',
    size: 14,
  });
  const idInput = h('input', {
    type: 'text',
    class: 'id',
    spellcheck: 'false',
    autocomplete: 'off',
    size: 20,
  });
  const payloadInput = h('input', {
    type: 'text',
    class: 'mono',
    spellcheck: 'false',
    autocomplete: 'off',
    size: 28,
  });
  const queueField = field('Queue', queueInput);
  const idField = field('Job id', idInput);
  const payloadField = field('Payload', payloadInput);
  const executor = segmented(
    'Executor',
    [
      ['script', 'script (EVALSHA)'],
      ['native', 'native (EMQ.ENQUEUE)'],
    ],
    model.current.executor,
    (value) => model.update({ executor: value }),
  );
  const tryIds = h(
    'div',
    { class: 'chips', role: 'group', 'aria-label': 'Try an id' },
    h('button', { type: 'button', onclick: () => setId(minter.next()) }, 'Mint a JOB id'),
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
  const status = liveStatus(bridge, 'enqueueing into Valkey', () => {
    sendButton.disabled = !bridge?.live;
  });

  function renderHost() {
    const check = hostVerdict(queueInput.value, idInput.value);
    fill(
      host,
      check.ok
        ? h(
            'p',
            { class: 'muted' },
            'Host check passes: keys ',
            h('code', null, check.jobKey),
            ' and ',
            h('code', null, check.pendingKey),
            '.',
          )
        : h(
            'p',
            { class: 'error-text', 'data-testid': 'host-refusal' },
            'Host check refuses: ',
            h('code', null, check.code),
            ` — ${check.message}. Nothing would be sent.`,
          ),
    );
    return check;
  }

  async function send() {
    fill(result);
    const check = renderHost();
    if (!check.ok) {
      fill(
        result,
        verdictCard({
          who: 'host',
          outcome: 'refuse',
          what: h('span', null, 'refused: ', h('code', null, check.code)),
          why: 'The host refuses before any wire: nothing was sent.',
        }),
      );
      return;
    }
    const queue = queueInput.value;
    const id = idInput.value;
    sendButton.disabled = true;
    fill(result, h('p', { class: 'muted busy' }, `Enqueueing ${id}`));
    let outcome;
    try {
      const r = await bridge.request('enqueue', {
        queue,
        job: id,
        payload: payloadInput.value,
        executor: model.current.executor,
      });
      outcome = { ok: true, verdict: r.verdict, command: r.command, executor: r.executor };
    } catch (error) {
      outcome = {
        ok: false,
        code: error.code,
        message: error.message,
        command: error.detail?.command,
        executor: error.detail?.executor,
      };
    }
    const parts = [
      verdictCard({
        who: `verdict · ${outcome.executor ?? model.current.executor}`,
        outcome: outcome.ok ? 'pass' : outcome.code === 'duplicate' ? 'skip' : 'refuse',
        what: h('span', { 'data-testid': 'verdict' }, outcome.ok ? outcome.verdict : outcome.code),
        why: outcome.ok ? VERDICT_TEXT[outcome.verdict] : (VERDICT_TEXT[outcome.code] ?? outcome.message),
        extra:
          !outcome.ok && outcome.code === 'kind'
            ? h('p', null, h('span', { class: 'refusal' }, outcome.message))
            : null,
      }),
    ];
    if (outcome.command)
      parts.push(h('h3', null, 'The exact command sent'), commandView(outcome.command, 'the command sent'));
    fill(result, parts);
    try {
      const [read, pending] = await Promise.all([
        bridge.request('job', { queue, job: id }),
        bridge.request('pending', { queue, limit: PENDING_LIMIT }),
      ]);
      result.append(
        h('h3', null, 'The row, read back'),
        rowView(read),
        h('h3', null, 'The pending set, read back'),
        ...pendingView(pending, id),
      );
    } catch (error) {
      result.append(h('p', { class: 'error-text' }, `Reading back failed: ${error.code} — ${error.message}`));
    } finally {
      sendButton.disabled = !bridge?.live;
    }
  }
  sendButton.addEventListener('click', send);
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

  const element = h(
    'section',
    { class: 'panel', 'aria-labelledby': 'enqueue-title', 'data-panel': 'enqueue' },
    h(
      'header',
      null,
      h('h2', { id: 'enqueue-title' }, 'Enqueue'),
      compact
        ? null
        : h(
            'p',
            { class: 'lede' },
            'The @enqueue transition on a real Valkey: policy before existence before write. The script and the native EMQ.ENQUEUE write the same row.',
          ),
    ),
    status,
    h('div', { class: 'row' }, queueField.field, idField.field, tryIds),
    h('div', { class: 'row' }, payloadField.field, executor.element, sendButton),
    host,
    result,
  );

  renderHost();
  return {
    element,
    set(next) {
      model.set(next);
      executor.set(model.current.executor);
      renderHost();
      fill(result);
    },
  };
}
