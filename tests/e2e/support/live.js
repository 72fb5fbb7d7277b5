// The live stack for the e2e tests: a real valkey-server with the EMQ.ENQUEUE module (scripts/valkey.js)
// and the real bridge CLI serving the built explorer on the same origin, as `npm start` does.
import { spawn, execFile } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, startServer } from '../../../scripts/valkey.js';
import { DIST, ROOT } from './browser.js';

const BRIDGE_CLI = join(ROOT, 'bridge/bin/branded-bridge.js');
const READY_MS = 20000;
const run = promisify(execFile);

async function healthy(url) {
  try {
    const res = await fetch(url);
    return res.status === 200 && (await res.json()).fence?.state === 'ok';
  } catch {
    return false;
  }
}

/** Starts Valkey + the bridge; resolves to {url, ws, valkey, cli(...args), stop()}. */
export async function startLiveStack() {
  const valkey = await startServer({ module: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [BRIDGE_CLI, '--valkey', valkey.url, '--listen', `127.0.0.1:${port}`, '--origin', origin, '--static', DIST],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await valkey.stop();
  };
  const deadline = Date.now() + READY_MS;
  while (!(await healthy(`${origin}/healthz`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the bridge did not become healthy (exit ${child.exitCode}):\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `${origin}/`,
    ws: `ws://127.0.0.1:${port}/ws`,
    valkey,
    /** valkey-cli against the test's server, for reading back independently of the bridge. */
    async cli(...args) {
      const { stdout } = await run('valkey-cli', ['-h', valkey.host, '-p', String(valkey.port), '--no-raw', ...args]);
      return stdout.trim();
    },
    stop,
  };
}
