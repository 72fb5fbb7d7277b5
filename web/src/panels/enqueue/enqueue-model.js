// The Enqueue panel's model, without a DOM: its state (queue, job id, payload, executor), the host check the
// page runs before anything is sent, and one enqueue through the bridge with the row and the pending set read
// back. The view (enqueue.js) draws what `sent` holds.
import { createMinter, jobKey, pendingKey } from '@echomq/branded';
import { formatCount } from '../../lib/format.js';
import { panelState } from '../../lib/panel-state.js';
import { hostRefusal } from '../../lib/refusal.js';

export const ENQUEUE_DEFAULTS = { queue: 'demo', job: '', payload: '{"hello":"world"}', executor: 'script' };
export const PENDING_LIMIT = 100;

/**
 * The host check as a verdict for the page: the keys, or the refusal in the package's words (`text` names the
 * field: "the id: 6 bytes: an id is exactly 14").
 */
export function hostVerdict(queue, id) {
  const refused = hostRefusal(queue, id);
  if (refused) return { ok: false, code: refused.error, field: refused.field, text: refused.text };
  return { ok: true, jobKey: jobKey(queue, id), pendingKey: pendingKey(queue) };
}

/**
 * Where the new id sits among the ids read back: the set scores every id 0, so its order is byte order and
 * the bridge returns its first PENDING_LIMIT; an id past the last of a full page is beyond it, not missing.
 */
export function pendingPlace(pending, id) {
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

/**
 * The panel's model: {current, sent, update, bind, set, nextId(), host(), send()}. `sent` is the last send:
 * {host} refused in the page, {busy, id}, then {outcome, id} and, read back, {read, pending} or {readError}.
 * onSent() is called whenever it changes.
 */
export function createEnqueueModel({ state, onState, bridge, onSent }) {
  const minter = createMinter({ namespace: 'JOB', node: 0 });
  // A state without a job id gets a fresh one.
  const complete = (s) => (s.job ? s : { ...s, job: minter.next() });
  const model = panelState({ defaults: ENQUEUE_DEFAULTS, state, onState, complete });
  model.sent = null;
  const setSent = (sent) => {
    model.sent = sent;
    onSent();
  };

  model.nextId = () => minter.next();
  model.host = () => hostVerdict(model.current.queue, model.current.job);
  model.clear = () => setSent(null);

  model.send = async () => {
    const check = model.host();
    if (!check.ok) return setSent({ host: check });
    const { queue, job: id, payload, executor } = model.current;
    setSent({ busy: true, id });
    let outcome;
    try {
      const r = await bridge.request('enqueue', { queue, job: id, payload, executor });
      outcome = { ok: true, verdict: r.verdict, command: r.command, executor: r.executor };
    } catch (error) {
      const { command, executor: ran } = error.detail ?? {};
      outcome = { ok: false, code: error.code, message: error.message, command, executor: ran };
    }
    outcome.executor ??= executor;
    setSent({ outcome, id, reading: true });
    try {
      const [read, pending] = await Promise.all([
        bridge.request('job', { queue, job: id }),
        bridge.request('pending', { queue, limit: PENDING_LIMIT }),
      ]);
      setSent({ outcome, id, read, pending });
    } catch (error) {
      setSent({ outcome, id, readError: error });
    }
  };
  return model;
}
