// The explorer live on a Valkey Cluster (`npm start -- --local-cluster`: 3 primaries with a replica each, the
// module on every node): the Placement panel names the primary each key's slot lands on, from the bridge's slot
// map, and every key of the queue lands on the same one; the live line offers both executors.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './support/browser.js';
import { startStack } from './support/stack.js';
import { openExplorer, panel, text } from './support/explorer.js';

let stack;
let browser;

before(async () => {
  // A cluster takes longer to form than one server, the more so on a busy machine.
  stack = await startStack({ args: ['--local-cluster'], readyMs: 180_000 });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await stack?.stop();
});

test('Placement, live on a cluster: each key names the primary serving its slot', async () => {
  const page = await openExplorer(await browser.page(), stack.url, { tab: 'placement' });
  const placement = panel(page, 'placement');
  const jobNode = placement.locator('[data-node="job row"]');
  await jobNode.waitFor({ timeout: 60_000 });
  assert.match(await text(jobNode), /^127\.0\.0\.1:\d+$/);
  assert.equal(await text(placement.locator('[data-node="pending set"]')), await text(jobNode));
  assert.match(await text(placement.locator('[data-node="version fence (reserved)"]')), /^127\.0\.0\.1:\d+$/);
  await page.locator('[data-tab="gate"]').click();
  assert.match(
    await text(panel(page, 'gate').locator('.live-status .live-head').first()),
    /\(cluster\).*executors: script, native/,
  );
});
