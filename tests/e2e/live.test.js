// The live panels against npm start's stack (support/stack.js: the bridge and a real Valkey with the module):
// the gate comparison of the script and EMQ.ENQUEUE, the contract.md §6 window (40,960 entries, on a stream
// seeded by hand and on one never seeded), an enqueue whose row appears, and Mint under a leased node.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '@echomq/branded';
import { launch, recordViolations, screenshot } from './support/browser.js';
import { startStack } from './support/stack.js';
import { openExplorer, panel, text, unexpected } from './support/explorer.js';

const KIND = 'EMQKIND job id must be JOB-namespaced';

let stack;
let browser;
before(async () => {
  stack = await startStack();
  browser = await launch();
  await recordViolations(browser.context);
});
after(async () => {
  await browser?.close();
  await stack?.stop();
});

async function openLive(params) {
  const page = await openExplorer(await browser.page(), stack.url, params);
  await page.locator('[data-testid="bridge-pill"][data-state="live"]').waitFor();
  return page;
}

test('served by the bridge, the explorer finds it on the same origin', async () => {
  const page = await openLive({});
  assert.match(await text(page.locator('[data-testid="bridge-pill"]')), /^bridge live · Valkey \d+\.\d+\.\d+$/);
  await page.locator('[data-tab="gate"]').click();
  assert.match(await text(panel(page, 'gate').locator('.live-status')), /LIVE.*fence ok.*executors: script, native/);
  await page.close();
});

describe('gate, live', () => {
  test('USR0KHTOWnGLuC: the script and EMQ.ENQUEUE refuse it with byte-identical replies', async () => {
    const page = await openLive({ tab: 'gate', 'gate.id': 'USR0KHTOWnGLuC' });
    const gate = panel(page, 'gate');
    await gate.locator('button.primary').click();
    const summary = gate.locator('[data-testid="compare-summary"]');
    await summary.waitFor();
    assert.equal(await text(gate.locator('[data-testid="script-message"]')), KIND);
    assert.equal(await text(gate.locator('[data-testid="native-message"]')), KIND);
    assert.equal(await text(summary.locator('[data-field="agree"]')), 'yes');
    assert.equal(await text(summary.locator('[data-field="identical"]')), 'yes, byte for byte');
    assert.match(
      await text(gate.locator('.compare .command').nth(0)),
      /^FCALL emq_enqueue 2 emq:\{scratch\.[^}]+\}:job:USR0KHTOWnGLuC /,
    );
    assert.match(
      await text(gate.locator('.compare .command').nth(1)),
      /^EMQ\.ENQUEUE 2 emq:\{scratch\.[^}]+\}:job:USR0KHTOWnGLuC /,
    );
    await screenshot(page, 'live-gate-USR');
    await page.close();
  });

  test('JOB0KHTOWnGLuC is enqueued by both; job-42 never reaches either', async () => {
    const page = await openLive({ tab: 'gate' });
    const gate = panel(page, 'gate');
    await gate.locator('button.primary').click();
    await gate.locator('[data-testid="compare-summary"]').waitFor();
    assert.deepEqual(await gate.locator('.compare .verdict').evaluateAll((els) => els.map((e) => e.dataset.outcome)), [
      'pass',
      'pass',
    ]);
    assert.match(await text(gate.locator('[data-field="identical"]')), /not applicable/);
    await gate.getByRole('button', { name: 'job-42', exact: true }).click();
    // Enter in the candidate's input runs the comparison, as the button does.
    await gate.locator('input.id').focus();
    await page.keyboard.press('Enter');
    assert.match(await text(gate.locator('[data-testid="compare-error"]')), /^malformed — /);
    await page.close();
  });
});

describe('stream window, live', () => {
  test('seed the contract.md §6 stream; [+10ms, +20ms) holds 40,960 entries from 1781000000010-28672', async () => {
    const page = await openLive({ tab: 'window' });
    const win = panel(page, 'window');
    await win.getByRole('button', { name: 'Seed the stream' }).click();
    await win.locator('[data-testid="seeded"]').waitFor({ timeout: 60000 });
    // Enter in an instant's input runs the window, as "Run the window" does (the widgets page clicks it).
    await win.locator('input').nth(0).focus();
    await page.keyboard.press('Enter');
    const comparison = win.locator('[data-testid="window-comparison"]');
    await comparison.waitFor();
    const cells = await comparison.locator(':scope > span').allTextContents();
    assert.deepEqual(
      cells.slice(3, 6).map((c) => c.trim()),
      ['count', '40,960', '40,960 ✓'],
    );
    assert.deepEqual(
      cells.slice(6, 9).map((c) => c.trim()),
      ['first id', '1781000000010-28672', '1781000000010-28672 ✓'],
    );
    assert.equal(await comparison.locator('.mismatch').count(), 0);
    const sent = (await text(win.locator('.live .command'))).split(' ');
    assert.deepEqual(
      sent.filter((_, i) => i !== 1),
      ['XRANGE', '1781000000010-0', '(1781000000020-0'],
    );
    const key = sent[1];
    assert.match(key, /^emq:\{demo\}:stream[.:]fills$/, "the demo stream lives in the queue's slot");
    // Independently of the bridge: the stream and the same XRANGE, straight from Valkey.
    assert.equal(await stack.cli('XLEN', key), '(integer) 200000');
    assert.equal(
      await stack.cli(
        'EVAL',
        "return #redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[2])",
        '1',
        key,
        '1781000000010-0',
        '(1781000000020-0',
      ),
      '(integer) 40960',
    );
    await screenshot(page, 'live-window');
    await page.close();
  });
});

describe('stream window, live, on a stream never seeded', () => {
  test('Run the window seeds it first and then matches the prediction: no "differs", no "seed it first" hint', async () => {
    const page = await openLive({ tab: 'window', 'window.stream': 'never-seeded' });
    const win = panel(page, 'window');
    await win.locator('button.primary:not([disabled])').waitFor();
    // The seeding line as it first appears, caught by an observer (the seed may be over before a driver looks).
    const seeding = page.evaluate(
      () =>
        new Promise((resolve) => {
          const live = document.querySelector('[data-panel="window"]');
          const seen = () => {
            const line = live.querySelector('[data-testid="seeding"]');
            if (!line) return false;
            resolve({ text: line.textContent, bars: line.querySelectorAll('progress').length });
            return true;
          };
          const observer = new MutationObserver(() => seen() && observer.disconnect());
          observer.observe(live, { childList: true, subtree: true });
        }),
    );
    await win.locator('button.primary').click();
    const first = await seeding;
    assert.match(first.text, /does not hold the seed \(0 entries in the window\)/);
    assert.equal(first.bars, 1, 'a bar moves while the bridge seeds');
    const comparison = win.locator('[data-testid="window-comparison"]');
    await comparison.waitFor({ timeout: 90000 });
    assert.equal(await comparison.locator('.mismatch').count(), 0);
    assert.equal(await comparison.locator('.match').count(), 3);
    assert.match(
      await text(win.locator('[data-testid="seeded"]')),
      /^seeded 200,000 entries in emq:\{demo\}:stream\.never-seeded/,
    );
    assert.doesNotMatch(await text(win.locator('.live')), /seed it first/);
    // Runs right after one another hold the seed already (no seeding again), and each is answered though the
    // address's read budget is spent by the one before: the bridge's `rate` is waited out, not shown.
    for (let run = 0; run < 3; run += 1) {
      await win.locator('button.primary').click();
      await win.locator('button.primary:not([disabled])').waitFor();
      await comparison.waitFor({ timeout: 10000 }).catch(async (error) => {
        throw new Error(`run ${run + 2} shows: ${await text(win.locator('.live'))}`, { cause: error });
      });
      assert.equal(await win.locator('[data-testid="seeded"]').count(), 0);
      assert.equal(await comparison.locator('.mismatch').count(), 0);
    }
    assert.equal(await stack.cli('XLEN', 'emq:{demo}:stream.never-seeded'), '(integer) 200000');
    await screenshot(page, 'live-window-unseeded');
    await page.close();
  });
});

describe('enqueue, live', () => {
  test('a minted JOB id through the script: enqueued, the exact command, the row and the pending set read back', async () => {
    const page = await openLive({ tab: 'enqueue' });
    const enqueue = panel(page, 'enqueue');
    const id = await enqueue.locator('input.id').inputValue();
    assert.equal(parse(id).namespace, 'JOB');
    await enqueue.locator('button.primary').click();
    await enqueue.locator('[data-testid="row"]').waitFor();
    assert.equal(await text(enqueue.locator('[data-testid="verdict"]')), 'enqueued');
    assert.equal(
      await text(enqueue.locator('.command')),
      `FCALL emq_enqueue 2 emq:{demo}:job:${id} emq:{demo}:pending ${id} "{\\"hello\\":\\"world\\"}"`,
    );
    assert.equal(await text(enqueue.locator('[data-testid="row"] [data-field="state"]')), 'pending');
    assert.equal(await text(enqueue.locator('[data-testid="row"] [data-field="attempts"]')), '0');
    assert.equal(await text(enqueue.locator('[data-testid="row"] [data-field="payload"]')), '{"hello":"world"}');
    await enqueue.locator('[data-testid="pending-has"]').waitFor();
    // Read back by valkey-cli, not through the bridge.
    assert.equal(await stack.cli('HGET', `emq:{demo}:job:${id}`, 'state'), '"pending"');
    assert.equal(await stack.cli('ZSCORE', 'emq:{demo}:pending', id), '"0"');
    await screenshot(page, 'live-enqueue');

    await enqueue.locator('button.primary').click();
    await enqueue.locator('[data-testid="verdict"]', { hasText: 'duplicate' }).waitFor();
    await page.close();
  });

  test('Enter enqueues; behind 150 pending ids that sort first, the readback says the new id lies past the first 100', async () => {
    // 150 ids that sort before any id minted now (byte order: '0' < every later Base62 digit), put there by valkey-cli.
    const earlier = Array.from({ length: 150 }, (_, i) => `JOB00000000${String(i).padStart(3, '0')}`);
    await stack.cli('ZADD', 'emq:{demo-deep}:pending', ...earlier.flatMap((id) => ['0', id]));
    const page = await openLive({ tab: 'enqueue', 'enqueue.queue': 'demo-deep' });
    const enqueue = panel(page, 'enqueue');
    const id = await enqueue.locator('input.id').inputValue();
    await enqueue.locator('button.primary:not([disabled])').waitFor();
    await enqueue.locator('input.id').focus();
    await page.keyboard.press('Enter');
    await enqueue.locator('[data-testid="row"]').waitFor();
    assert.equal(await text(enqueue.locator('[data-testid="verdict"]')), 'enqueued');
    const beyond = await text(enqueue.locator('[data-testid="pending-beyond"]'));
    assert.match(
      beyond,
      new RegExp(
        `^${id} sorts after the last id shown \\(JOB00000000099\\): it is further on in the set, past the first 100\\.$`,
      ),
    );
    assert.equal(await stack.cli('ZRANK', 'emq:{demo-deep}:pending', id), '(integer) 150');
    await page.close();
  });

  test('the native executor writes the same row; a USR id is refused by the wire gate and nothing is written', async () => {
    const page = await openLive({ tab: 'enqueue', 'enqueue.executor': 'native' });
    const enqueue = panel(page, 'enqueue');
    await enqueue.getByRole('button', { name: 'Mint a JOB id' }).click();
    const id = await enqueue.locator('input.id').inputValue();
    await enqueue.locator('button.primary').click();
    await enqueue.locator('[data-testid="row"]').waitFor();
    assert.equal(await text(enqueue.locator('[data-testid="verdict"]')), 'enqueued');
    assert.match(
      await text(enqueue.locator('.command')),
      new RegExp(`^EMQ\\.ENQUEUE 2 emq:\\{demo\\}:job:${id} emq:\\{demo\\}:pending ${id} `),
    );
    assert.equal(await stack.cli('HGET', `emq:{demo}:job:${id}`, 'payload'), '"{\\"hello\\":\\"world\\"}"');

    await enqueue.getByRole('button', { name: 'USR0KHTOWnGLuC' }).click();
    await enqueue.locator('button.primary').click();
    await enqueue.locator('[data-testid="verdict"]', { hasText: 'kind' }).waitFor();
    assert.equal(await text(enqueue.locator('.refusal')), KIND);
    await enqueue.locator('[data-testid="row"]').waitFor();
    assert.match(await text(enqueue.locator('[data-testid="row"]')), /no such row/);
    assert.equal(await stack.cli('EXISTS', 'emq:{demo}:job:USR0KHTOWnGLuC'), '(integer) 0');
    await screenshot(page, 'live-enqueue-kind');
    await page.close();
  });
});

test('mint, live: the panel mints under a node the bridge leased, held in Valkey while the page is open', async () => {
  const page = await openLive({ tab: 'mint', 'mint.node': '5' });
  const mint = panel(page, 'mint');
  await mint.locator('button.primary').click();
  const node = Number(await text(mint.locator('[data-testid="lease-node"]')));
  assert.match(await text(mint.locator('[data-testid="mint-lease"]')), new RegExp(`^Minting on node ${node}, leased`));
  for (const id of await mint.locator('[data-testid="minted"] .id').allTextContents())
    assert.equal(parse(id).node, node);
  assert.equal(await stack.cli('EXISTS', `{emq:lease}:node:${node}`), '(integer) 1', 'held in Valkey');
  await screenshot(page, 'live-mint-lease');
  await page.close();
  // The page's socket closed: the bridge releases the node.
  const deadline = Date.now() + 60000;
  while ((await stack.cli('EXISTS', `{emq:lease}:node:${node}`)) !== '(integer) 0') {
    assert.ok(Date.now() < deadline, `node ${node} released once the page closed`);
    await new Promise((r) => setTimeout(r, 100));
  }
});

test('the widgets page, served by the bridge: the gate widget compares live under the strict CSP', async () => {
  const page = await browser.page();
  await page.goto(`${stack.url}docs.html`);
  const gate = page.locator('branded-gate');
  await gate.locator('.live-status .badge', { hasText: 'LIVE' }).waitFor();
  await gate.locator('button.primary').click();
  assert.equal(await text(gate.locator('[data-field="identical"]')), 'yes, byte for byte');
  const win = page.locator('branded-window');
  await win.getByRole('button', { name: 'Run the window' }).click();
  await win.locator('[data-testid="window-comparison"]').waitFor();
  assert.equal(await win.locator('.mismatch').count(), 0, 't1=+20ms over the seeded stream matches the prediction');
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await screenshot(page, 'live-widgets');
  await page.close();
});

test('nothing left the machine, nothing failed in the pages', () => {
  assert.deepEqual(browser.external, []);
  assert.deepEqual(unexpected(browser.problems), []);
});
