// VitePress's local search on the docs site as `npm start` serves it (the local stack: bridge, its headers and
// CSP, a Valkey of its own): the index ships with the site, a query finds the page that answers it, and
// nothing is requested off the machine.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { launch } from '../e2e/support/browser.js';
import { ROOT } from './blocks.js';

/** `npm start`'s stack on a free port with its Valkey data in `data`; resolves its ready line and stop(). */
async function startLocalStack(data) {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bridge/bin/branded-local.js'), '--port', '0', '--data', data, '--ready-json'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const [line] = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    exited.then(() => [null]),
  ]);
  const ready = line ? JSON.parse(line) : { ready: false };
  if (!ready.ready) {
    await stop();
    throw new Error(`the local stack did not start:\n${line ?? ''}\n${stderr}`);
  }
  return { ...ready, stop };
}

let data;
let stack;
let browser;
before(
  async () => {
    data = mkdtempSync(join(tmpdir(), 'branded-docs-search-'));
    stack = await startLocalStack(data);
    browser = await launch();
  },
  { timeout: 60_000 },
);
after(async () => {
  await browser?.close();
  await stack?.stop();
  if (data) rmSync(data, { recursive: true, force: true });
});

for (const [query, route] of [
  ['EMQ.ENQUEUE', 'guide/valkey-module'],
  ['trust-proxy', 'guide/bridge'],
  ['1704067200000', 'contract'],
  ['ulid', 'guide/compare'],
])
  test(`searching "${query}" offers ${route}, offline and under the served CSP`, async () => {
    const page = await browser.page();
    await page.goto(`${stack.docs}getting-started.html`);
    await page.locator('#local-search button').click();
    await page.locator('.VPLocalSearchBox input').fill(query);
    await page.locator(`.VPLocalSearchBox a.result[href*="${route}"]`).first().waitFor({ timeout: 60_000 });
    await page.keyboard.press('Escape');
    assert.deepEqual(browser.problems, []);
    assert.deepEqual(browser.external, []);
  });
