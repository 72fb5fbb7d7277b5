// enqueue: one job through one executor; the reply shows the exact command sent. Single enqueues that arrive
// in the same turn, from any connection, leave together (coalescer.js); each still gets its own reply, and
// each client is charged for the keys its job wrote.
import { createCoalescer } from '../coalescer.js';
import { allowedQueue, hostCheck, payloadWithin, validQueue, wellFormedPayload } from './checks.js';
import { optional, required } from './fields.js';
import { refusalOf } from './outcome.js';

// A turn's jobs for one (executor, queue) in one backend call; each answer is its job's reply: the result,
// or the error (a refusal, or the failure of that job). An enqueued job costs its client a key; a pending set
// the bridge had not written within the TTL costs the first of them one more.
const sendTogether = (backend) => async (executor, queue, items, replies) => {
  const { answers, sent, written } = await backend.enqueue(queue, items, executor);
  let extra = written - answers.filter((a) => a.verdict === 'enqueued').length;
  return answers.map((answer, i) => {
    if (answer instanceof Error) return answer;
    const command = sent.command(i);
    const refusal = refusalOf(answer, { executor, command });
    if (refusal !== null) return refusal;
    replies[i].client?.keys.charge(1 + extra);
    extra = 0;
    return { verdict: 'enqueued', queue, job: answer.job, executor, command };
  });
};

/** The enqueue op (see ops/index.js for the shape every op has). */
export const enqueue = {
  name: 'enqueue',
  fields: {
    queue: required('string'),
    job: required('string'),
    payload: optional('string'),
    executor: optional('executor'),
  },
  cost: () => 1,
  keys: () => 1,
  create({ config, backend, allowlist }) {
    const singles = createCoalescer(sendTogether(backend));
    return {
      prepare({ queue, job, payload = '', executor = 'script' }, client) {
        validQueue(queue);
        hostCheck(job);
        wellFormedPayload(payload);
        allowedQueue(queue, allowlist);
        payloadWithin(payload, config.maxPayload);
        backend.quota.check(client, 1);
        return (reply) => singles.add(executor, queue, [job, payload], reply);
      },
    };
  },
};
