// Single enqueues that arrive in the same turn of the event loop, from any connection, leave together: one
// run per (executor, queue), flushed once the turn's I/O callbacks are done (setImmediate), so a busy bridge
// sends one pipelined batch where it would have sent one call per frame. Every job still gets its own
// outcome: runGroup answers item by item (an Error for an item that failed), and a failure of the whole
// run reaches each job of that run, and no other.
export function createCoalescer(runGroup, schedule = setImmediate) {
  let due = new Map(); // executor → queue → { items, waiters }
  let scheduled = false;

  async function settle(executor, queue, { items, waiters }) {
    let answers;
    try {
      answers = await runGroup(executor, queue, items);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
      return;
    }
    for (let i = 0; i < waiters.length; i++) {
      const answer = answers[i];
      if (answer instanceof Error) waiters[i].reject(answer);
      else waiters[i].resolve(answer);
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
      group = { items: [], waiters: [] };
      queues.set(queue, group);
    }
    return group;
  }

  return {
    // Resolves this item's answer, or rejects with its error.
    add(executor, queue, item) {
      const group = groupOf(executor, queue);
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
      return new Promise((resolve, reject) => {
        group.items.push(item);
        group.waiters.push({ resolve, reject });
      });
    },
  };
}
