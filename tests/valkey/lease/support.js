// Leased minter processes for the lease tests: each a real `node` child with its own connection, whose stdout
// lines are its ids and JSON events (minter-process.js). Waits are for events, with generous timeouts.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const PROGRAM = join(dirname(fileURLToPath(import.meta.url)), 'minter-process.js');
export const EVENT_TIMEOUT_MS = 60_000;

/** A minter process on `url`; `onId` gets each id it prints. Killed after the test if still running. */
export function minterProcess(t, url, args = [], { onId = () => {} } = {}) {
  const child = spawn(process.execPath, [PROGRAM, url, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const events = [];
  let waiters = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return onId(line);
    events.push(JSON.parse(line));
    for (const waiter of waiters) waiter();
  });
  const exited = once(child, 'exit');
  t.after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return {
    child,
    events,
    exited,
    /** Resolves the first event from index `from` on that `matches`; rejects after EVENT_TIMEOUT_MS. */
    waitFor(matches, from = 0, what = 'an event') {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${what} within ${EVENT_TIMEOUT_MS} ms; events: ${JSON.stringify(events)}`)),
          EVENT_TIMEOUT_MS,
        );
        const look = () => {
          const index = events.findIndex((event, i) => i >= from && matches(event));
          if (index < 0) return;
          clearTimeout(timer);
          waiters = waiters.filter((w) => w !== look);
          resolve({ event: events[index], index });
        };
        waiters.push(look);
        look();
      });
    },
    /** Lets a process started with --count mint. */
    go() {
      child.stdin.write('go\n');
    },
    /** Ends a process minting until stdin closes. */
    stop() {
      child.stdin.end();
      return exited;
    },
  };
}
