// Single enqueues that arrive in the same turn of the event loop, from any connection, leave together, so a
// busy bridge sends one pipelined batch where it would have sent one call per frame.

/**
 * A coalescer: add(executor, queue, item, reply) puts a job in the turn's run for (executor, queue), and each
 * run goes to runGroup(executor, queue, items, replies) once the turn's I/O callbacks are done (`schedule`). Every job
 * still gets its own outcome: runGroup answers item by item (an Error for an item that failed), and a failure
 * of the whole run reaches each job of that run, and no other.
 * Each item is answered through its own `reply` ({resolve(answer), reject(error)}, neither may throw)
 * rather than a promise: the bridge holds thousands of jobs in flight, and a promise chain apiece is most
 * of what the garbage collector has to copy.
 */
export function createCoalescer(runGroup, schedule = setImmediate) {
  let due = new Map(); // executor → queue → { items, replies }
  let scheduled = false;

  async function settle(executor, queue, { items, replies }) {
    let answers;
    try {
      answers = await runGroup(executor, queue, items, replies);
    } catch (error) {
      for (const reply of replies) reply.reject(error);
      return;
    }
    for (let i = 0; i < replies.length; i++) {
      const answer = answers[i];
      if (answer instanceof Error) replies[i].reject(answer);
      else replies[i].resolve(answer);
    }
  }

  function flush() {
    const groups = due;
    due = new Map();
    scheduled = false;
    for (const [executor, queues] of groups) {
      for (const [queue, group] of queues) settle(executor, queue, group);
    }
  }

  function groupOf(executor, queue) {
    let queues = due.get(executor);
    if (queues === undefined) {
      queues = new Map();
      due.set(executor, queues);
    }
    let group = queues.get(queue);
    if (group === undefined) {
      group = { items: [], replies: [] };
      queues.set(queue, group);
    }
    return group;
  }

  return {
    add(executor, queue, item, reply) {
      const group = groupOf(executor, queue);
      group.items.push(item);
      group.replies.push(reply);
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    },
  };
}
