// One wording for every refusal: the explorer says what the package says (@echomq/branded/explain, the words
// the CLI prints too), with the web's own pointers added — a byte order mark or a space named and the id it
// hides, a lowercase namespace's did-you-mean, "Find ids in any text" for a URL or a log line, the host check's
// refusal of a queue or an id said once. Chromium, against npm start's stack.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { explain, explainJobKey, explainNamespace } from '@echomq/branded/explain';
import { launch } from './support/browser.js';
import { startStack } from './support/stack.js';
import { openExplorer, panel, text } from './support/explorer.js';

let stack;
let browser;
before(async () => {
  stack = await startStack();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('decode', () => {
  const cases = [
    ['\uFEFFJOB0KHTOWnGLuC', /byte order mark .* the id is "JOB0KHTOWnGLuC"/],
    [' JOB0KHTOWnGLuC', /^leading space at byte 0: the id is "JOB0KHTOWnGLuC"/],
    ['job0KHTOWnGLuC', /did you mean JOB0KHTOWnGLuC\?/],
    ['USR0KHTOWnGL!C', /^byte 12 '!' is not a Base62 digit/],
    ['USRzzzzzzzzzzz', /./],
  ];

  test('each refused line says what the package says: a BOM, a space, a lowercase namespace, a bad byte', async () => {
    // Exactly as typed: the default mode would find the ids the first two lines hold (explorer-inputs.test.js).
    const page = await openExplorer(await browser.page(), stack.url, { 'decode.mode': 'exact' });
    const decode = panel(page, 'decode');
    await decode.locator('textarea').fill(cases.map(([id]) => id).join('\n'));
    await decode.locator('[data-testid="count"]', { hasText: String(cases.length) }).waitFor();
    const cells = await decode.locator('.vbody .vrow .c-err').allTextContents();
    cases.forEach(([id, words], i) => {
      const refusal = explain(id);
      assert.equal(cells[i], `${refusal.error} — ${refusal.message}`, JSON.stringify(id));
      assert.match(refusal.message, words);
    });
    // The detail of the first: the package's sentence, not "length — 14 bytes".
    assert.equal(
      await text(decode.locator('[data-testid="refusal"]')),
      `The host refuses it: ${explain(cases[0][0]).message}.`,
    );
    await page.close();
  });

  test("a question in the package's words ends the detail's sentence as it is (no '?.')", async () => {
    const typo = 'job0KHTOWnGLuC';
    const page = await openExplorer(await browser.page(), stack.url, { 'decode.ids': typo, 'decode.mode': 'exact' });
    const refusal = panel(page, 'decode').locator('[data-testid="refusal"]');
    await refusal.waitFor();
    assert.equal(await text(refusal), `The host refuses it: ${explain(typo).message}`);
    assert.match(await text(refusal), /did you mean JOB0KHTOWnGLuC\?$/);
    await page.close();
  });

  test('a URL read exactly as typed points at "Find ids in any text", which finds the id in it', async () => {
    const url = 'https://example.test/jobs/JOB0KHTOWnGLuC?page=2';
    const page = await openExplorer(await browser.page(), stack.url, { 'decode.ids': url, 'decode.mode': 'exact' });
    const decode = panel(page, 'decode');
    await decode.locator('[data-testid="scan-hint"]').waitFor();
    assert.equal(await text(decode.locator('.vbody .vrow .c-err')), `length — ${explain(url).message}`);
    assert.match(explain(url).message, /the text holds 1 id/);
    assert.match(await text(decode.locator('[data-testid="scan-pointer"]')), /^This line holds an id in other text\./);
    await decode.locator('[data-testid="scan-hint"] button').click();
    await decode.locator('[data-testid="parse-ms"]', { hasText: 'scan (worker)' }).waitFor();
    assert.equal(await decode.locator('[data-testid="mode"]').inputValue(), 'scan');
    assert.deepEqual(await decode.locator('.vbody .vrow .c-id').allTextContents(), ['JOB0KHTOWnGLuC']);
    assert.equal(await decode.locator('[data-testid="scan-hint"]').isVisible(), false);
    await page.close();
  });
});

describe('enqueue and mint', () => {
  test("the host check's refusal of an id or a queue is said once, in the package's words", async () => {
    const page = await openExplorer(await browser.page(), stack.url, { tab: 'enqueue', 'enqueue.job': 'job-42' });
    const enqueue = panel(page, 'enqueue');
    const line = enqueue.locator('[data-testid="host-refusal"]');
    const id = explainJobKey('demo', 'job-42');
    assert.equal(await text(line), `Host check refuses the id: ${id.message} (length). Nothing would be sent.`);
    await enqueue.locator('input').nth(0).fill('a{b');
    await line.waitFor();
    const queue = explainJobKey('a{b', 'job-42');
    assert.equal(queue.field, 'queue');
    await page.waitForFunction(
      (want) => document.querySelector('[data-panel="enqueue"] [data-testid="host-refusal"]').textContent === want,
      `Host check refuses the queue: ${queue.message} (queue). Nothing would be sent.`,
    );
    await page.close();
  });

  test("a lowercase namespace in Mint gets the package's did-you-mean", async () => {
    const page = await openExplorer(await browser.page(), stack.url, { tab: 'mint', 'mint.ns': 'ord' });
    const mint = panel(page, 'mint');
    await mint.locator('button.primary').click();
    assert.equal(
      await text(mint.locator('[data-testid="mint-error"]')),
      `namespace — ${explainNamespace('ord').message}; nothing was minted.`,
    );
    assert.match(explainNamespace('ord').message, /did you mean ORD\?/);
    await page.close();
  });
});

test('nothing failed in the pages', () => {
  assert.deepEqual(browser.external, []);
  assert.deepEqual(browser.problems, []);
});
