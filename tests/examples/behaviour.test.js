// The widgets' behaviour a docs author relies on, in Chromium, from the packed classic script: no bridge means
// no connection attempt and words a reader can use; events carry their detail, and state a late listener reads;
// the theme follows every host marker and the `theme` attribute; a host that maps every custom property onto its
// own palette gets no colour of the widget's own and passes axe-core; ::part reaches inside; file:// works.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from '../e2e/support/browser.js';
import { serveStatic } from '../e2e/support/static-server.js';
import { axeViolations, describeViolations } from '../e2e/support/axe.js';
import { ISO, luminance, prepareExample } from './support.js';

const FIXTURE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>widgets behaviour</title>
<link rel="icon" href="./favicon.svg"><link rel="stylesheet" href="./fixture.css">
<script src="./node_modules/@echomq/branded-widgets/dist/branded-widgets.classic.js"></script>
</head><body>
<branded-decode id="decode" value="JOB0KHTOWnGLuC"></branded-decode>
<branded-gate id="gate" value="USR0KHTOWnGLuC"></branded-gate>
<branded-enqueue id="enqueue" queue="demo"></branded-enqueue>
<branded-decode id="styled" value="JOB0KHTOWnGLuC"></branded-decode>
</body></html>`;
const FIXTURE_CSS = `#styled { --branded-surface: rgb(1, 2, 3); }
#styled::part(panel) { border-top-width: 7px; }`;

// A dark host that maps every documented colour onto its own palette (none of them a widget default).
const PALETTE = {
  '--branded-surface': '#0b1f33',
  '--branded-surface-2': '#12304d',
  '--branded-border': '#5b7fa3',
  '--branded-text': '#f2ead3',
  '--branded-muted': '#c9bfa0',
  '--branded-accent': '#ffc857',
  '--branded-accent-soft': '#3d3316',
  '--branded-on-accent': '#08121c',
  '--branded-focus': '#ff7bd5',
  '--branded-input': '#061524',
  '--branded-input-text': '#fff8e6',
  '--branded-input-border': '#8fb3d6',
  '--branded-ok': '#7ee2a8',
  '--branded-ok-soft': '#123d2a',
  '--branded-bad': '#ff9e8f',
  '--branded-bad-soft': '#4a1a14',
  '--branded-warn': '#ffd27a',
  '--branded-warn-soft': '#3f2e0c',
  '--branded-gate': '#d6b3ff',
  '--branded-gate-soft': '#2e1d4a',
  '--branded-timestamp': '#8cc4ff',
  '--branded-timestamp-soft': '#112c4a',
  '--branded-node': '#ffb88a',
  '--branded-node-soft': '#40240f',
  '--branded-seq': '#7fe6d9',
  '--branded-seq-soft': '#0f3733',
};
const PALETTE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>widgets in a host palette</title>
<link rel="icon" href="./favicon.svg"><link rel="stylesheet" href="./palette.css" id="palette">
<script src="./node_modules/@echomq/branded-widgets/dist/branded-widgets.classic.js"></script>
</head><body><main>
<h1>A host with its own palette</h1>
<branded-decode value="JOB0KHTOWnGLuC"></branded-decode>
<branded-decode value="USR0KHTOWnGL!C"></branded-decode>
<branded-decode multiple value="JOB0KHTOWnGLuC&#10;USRzzzzzzzzzzz"></branded-decode>
<branded-gate value="USR0KHTOWnGLuC"></branded-gate>
<branded-gate value="job-42"></branded-gate>
<branded-window></branded-window>
<branded-enqueue queue="demo"></branded-enqueue>
</main></body></html>`;
const PALETTE_CSS = `:root { background: #0b1f33; color: #f2ead3; }
body { margin: 0; padding: 1rem; font-family: sans-serif; }
:root { ${Object.entries(PALETTE)
  .map(([name, value]) => `${name}: ${value};`)
  .join(' ')} }`;

let example;
let site;
let browser;
let page;
before(
  async () => {
    example = await prepareExample('plain-html', { build: false });
    writeFileSync(join(example.dir, 'fixture.html'), FIXTURE);
    writeFileSync(join(example.dir, 'fixture.css'), FIXTURE_CSS);
    writeFileSync(join(example.dir, 'palette.html'), PALETTE_PAGE);
    writeFileSync(join(example.dir, 'palette.css'), PALETTE_CSS);
    site = await serveStatic(example.dir);
    browser = await launch({ colorScheme: 'light' });
    // Every WebSocket the page makes, and every event the widgets fire, recorded from the first script on.
    await browser.context.addInitScript(() => {
      window.__sockets = [];
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(url, protocols) {
          super(url, protocols);
          window.__sockets.push(String(url));
        }
      };
      window.__events = [];
      for (const type of ['branded-decode', 'branded-verdict', 'branded-change']) {
        document.addEventListener(type, (e) => window.__events.push({ type, target: e.target.id, detail: e.detail }));
      }
    });
    page = await browser.page();
    await page.goto(`${site.url}fixture.html`);
    await page.locator('#decode [data-field="iso"]').waitFor();
    await page.locator('#gate .verdict').first().waitFor();
  },
  { timeout: 600_000 },
);
after(async () => {
  await browser?.close();
  await site?.close();
  example?.remove();
});

const events = (type, target) =>
  page.evaluate(
    ([t, id]) =>
      window.__events
        .filter((e) => e.type === t && e.target === id)
        .map((e) => JSON.parse(JSON.stringify(e.detail, (k, v) => (typeof v === 'bigint' ? `${v}n` : v)))),
    [type, target],
  );
const background = (id) =>
  page.evaluate(
    (i) => getComputedStyle(document.getElementById(i).shadowRoot.querySelector('.panel')).backgroundColor,
    id,
  );

test('without a bridge attribute nothing connects, and the live part says what a reader can use', async () => {
  assert.deepEqual(await page.evaluate(() => window.__sockets), []);
  assert.equal(site.requests.filter((path) => path.includes('ws')).length, 0);
  for (const id of ['gate', 'enqueue']) {
    const status = await page.locator(`#${id} .live-status`).textContent();
    assert.match(status, /No live connection/);
    assert.doesNotMatch(status, /npm start|\?bridge=/);
  }
  // Buttons that could never work on this page are not shown.
  assert.equal(await page.locator('#enqueue button.primary').isVisible(), false);
  assert.equal(await page.locator('#gate .live button').isVisible(), false);
});

test('a bridge attribute connects once, to that URL, and a bridge that does not answer is said once', async () => {
  await page.evaluate(() => document.getElementById('gate').setAttribute('bridge', 'ws://127.0.0.1:9/ws'));
  await page.locator('#gate .live-status', { hasText: 'Nothing answered at ws://127.0.0.1:9/ws' }).waitFor();
  assert.deepEqual(await page.evaluate(() => window.__sockets), ['ws://127.0.0.1:9/ws']);
  await page.waitForTimeout(1500);
  assert.equal((await page.evaluate(() => window.__sockets)).length, 1, 'no retry on its own');
  await page.evaluate(() => document.getElementById('gate').removeAttribute('bridge'));
  await page.locator('#gate .live-status', { hasText: 'No live connection' }).waitFor();
  browser.problems.splice(0, browser.problems.length, ...browser.problems.filter((p) => !/127\.0\.0\.1:9/.test(p)));
});

test('branded-decode carries the decoded id; an attribute change fires it again', async () => {
  const [first] = await events('branded-decode', 'decode');
  assert.deepEqual(first, {
    id: 'JOB0KHTOWnGLuC',
    ok: true,
    namespace: 'JOB',
    snowflake: '274557032793636864n',
    unixMs: 1769526697641,
    iso: ISO,
    node: 0,
    seq: 0,
    hash32: 234878118,
    streamId: '1769526697641-0',
  });
  await page.evaluate(() => document.getElementById('decode').setAttribute('value', 'USRzzzzzzzzzzz'));
  const all = await events('branded-decode', 'decode');
  assert.deepEqual(all.at(-1), { id: 'USRzzzzzzzzzzz', ok: false, error: 'range' });
});

test('typing into the widget fires branded-change and branded-decode with what was typed', async () => {
  const input = page.locator('#decode input');
  await input.fill('job-42');
  await page.waitForFunction(() =>
    window.__events.some((e) => e.type === 'branded-change' && e.detail.value === 'job-42'),
  );
  const all = await events('branded-decode', 'decode');
  assert.deepEqual(all.at(-1), { id: 'job-42', ok: false, error: 'length' });
});

test('branded-verdict: USR0KHTOWnGLuC passes the host and is refused by the wire gate', async () => {
  const [verdict] = await events('branded-verdict', 'gate');
  assert.deepEqual(verdict, {
    id: 'USR0KHTOWnGLuC',
    host: { admitted: true },
    wire: { admitted: false, error: 'EMQKIND job id must be JOB-namespaced' },
  });
});

test('the theme follows <html class="dark"> and data-theme, and the theme attribute overrides both', async () => {
  assert.ok(luminance(await background('decode')) > 0.9, 'a page with no colour scheme: light');
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await page.waitForFunction(
    () =>
      getComputedStyle(document.getElementById('decode').shadowRoot.querySelector('.panel')).backgroundColor ===
      'rgb(23, 24, 28)',
  );
  await page.evaluate(() => {
    document.documentElement.className = '';
    document.documentElement.dataset.theme = 'dark';
  });
  assert.equal(await background('decode'), 'rgb(23, 24, 28)');
  await page.evaluate(() => document.getElementById('decode').setAttribute('theme', 'light'));
  assert.equal(await background('decode'), 'rgb(255, 255, 255)');
  await page.evaluate(() => {
    delete document.documentElement.dataset.theme;
    document.getElementById('decode').removeAttribute('theme');
  });
  assert.equal(await background('decode'), 'rgb(255, 255, 255)');
});

test('a listener added late reads the state the widget shows (result, values, updateComplete), then hears each edit', async () => {
  const state = await page.evaluate(async () => {
    const decode = document.getElementById('decode');
    decode.setAttribute('value', 'JOB0KHTOWnGLuC');
    await decode.updateComplete;
    const heard = [];
    decode.addEventListener('branded-decode', (event) => heard.push(event.detail.id));
    const field = decode.shadowRoot.querySelector('input');
    field.value = 'USRzzzzzzzzzzz';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((done) => setTimeout(done, 400));
    return {
      complete: await decode.updateComplete,
      before: document.getElementById('gate').result,
      after: { ...decode.result, snowflake: undefined },
      value: decode.value,
      values: decode.values,
      heard,
      refused: decode.matches(':state(refused)'),
      ok: decode.matches(':state(ok)'),
    };
  });
  assert.equal(state.complete, true);
  assert.deepEqual(state.before, {
    id: 'USR0KHTOWnGLuC',
    host: { admitted: true },
    wire: { admitted: false, error: 'EMQKIND job id must be JOB-namespaced' },
  });
  assert.deepEqual(state.after, { id: 'USRzzzzzzzzzzz', ok: false, error: 'range', snowflake: undefined });
  assert.equal(state.value, 'USRzzzzzzzzzzz', 'the value property is what the widget shows');
  assert.equal(state.values.value, 'USRzzzzzzzzzzz');
  assert.deepEqual(state.heard, ['USRzzzzzzzzzzz']);
  assert.deepEqual([state.refused, state.ok], [true, false], 'the custom states say refused');
});

test('a property set before the element was defined is taken over when it upgrades', async () => {
  const shown = await page.evaluate(async () => {
    const early = document.createElement('branded-later');
    early.value = 'USR0KHTOWnGLuC';
    document.body.append(early);
    class Later extends customElements.get('branded-decode') {}
    customElements.define('branded-later', Later);
    await early.updateComplete;
    const result = early.result;
    early.remove();
    return { id: result.id, namespace: result.namespace, attribute: early.getAttribute('value') };
  });
  assert.deepEqual(shown, { id: 'USR0KHTOWnGLuC', namespace: 'USR', attribute: 'USR0KHTOWnGLuC' });
});

test('the theme follows every host marker: body or html, class or attribute, MkDocs Material, the meta, the OS', async () => {
  const probe = await browser.context.newPage();
  await probe.goto(`${site.url}fixture.html`);
  await probe.locator('#decode [data-field="iso"]').waitFor();
  const scheme = () =>
    probe.evaluate(() => {
      const color = getComputedStyle(
        document.getElementById('decode').shadowRoot.querySelector('.panel'),
      ).backgroundColor;
      return color === 'rgb(23, 24, 28)' ? 'dark' : color === 'rgb(255, 255, 255)' ? 'light' : color;
    });
  const mark = (code) => probe.evaluate(code);
  const reset = () =>
    mark(() => {
      for (const element of [document.documentElement, document.body]) {
        element.removeAttribute('class');
        for (const name of ['data-theme', 'data-md-color-scheme', 'data-bs-theme', 'data-mode', 'data-color-scheme'])
          element.removeAttribute(name);
      }
      document.querySelector('meta[name="color-scheme"]')?.remove();
    });
  const cases = [
    ['body class="dark"', () => document.body.classList.add('dark'), 'dark'],
    ['body data-theme="dark" (furo)', () => (document.body.dataset.theme = 'dark'), 'dark'],
    [
      'body data-theme="light" under html.dark',
      () => {
        document.documentElement.classList.add('dark');
        document.body.dataset.theme = 'light';
      },
      'light',
    ],
    [
      'body data-md-color-scheme="slate" (MkDocs Material)',
      () => (document.body.dataset.mdColorScheme = 'slate'),
      'dark',
    ],
    [
      'body data-md-color-scheme="default"',
      () => {
        document.documentElement.classList.add('dark');
        document.body.dataset.mdColorScheme = 'default';
      },
      'light',
    ],
    ['html data-bs-theme="dark" (Bootstrap)', () => (document.documentElement.dataset.bsTheme = 'dark'), 'dark'],
    [
      '<meta name="color-scheme" content="dark">',
      () => {
        const meta = Object.assign(document.createElement('meta'), { name: 'color-scheme', content: 'dark' });
        document.head.append(meta);
      },
      'dark',
    ],
  ];
  await probe.emulateMedia({ colorScheme: 'light' });
  for (const [label, code, expected] of cases) {
    await reset();
    assert.equal(await scheme(), 'light', `before ${label}`);
    await mark(code);
    await probe.waitForFunction(() => true);
    assert.equal(await scheme(), expected, label);
  }
  // The OS, where the host says to follow it: furo's data-theme="auto", a meta naming both schemes.
  for (const [label, code] of [
    ['body data-theme="auto"', () => (document.body.dataset.theme = 'auto')],
    [
      '<meta name="color-scheme" content="light dark">',
      () => {
        const meta = Object.assign(document.createElement('meta'), { name: 'color-scheme', content: 'light dark' });
        document.head.append(meta);
      },
    ],
  ]) {
    await reset();
    await probe.emulateMedia({ colorScheme: 'light' });
    await mark(code);
    assert.equal(await scheme(), 'light', `${label}, the OS light`);
    await probe.emulateMedia({ colorScheme: 'dark' });
    await probe.waitForFunction(
      () =>
        getComputedStyle(document.getElementById('decode').shadowRoot.querySelector('.panel')).backgroundColor ===
        'rgb(23, 24, 28)',
    );
    assert.equal(await scheme(), 'dark', `${label}, the OS dark`);
  }
  await reset();
  await probe.emulateMedia({ colorScheme: 'dark' });
  assert.equal(
    await scheme(),
    'light',
    'no marker, no meta, no CSS color-scheme: the page is light, and so is the widget',
  );
  await probe.close();
});

/** In the page: every colour painted inside the widgets' shadow roots (text, backgrounds, borders, outlines, SVG). */
function paintedColours() {
  const colours = new Set();
  const add = (value) => {
    for (const colour of value.match(/rgba?\([^)]*\)/g) ?? []) {
      if (!/rgba\([^)]*,\s*0\)$/.test(colour)) colours.add(colour);
    }
  };
  for (const widget of document.querySelectorAll('branded-decode, branded-gate, branded-window, branded-enqueue')) {
    for (const element of widget.shadowRoot.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      // A radio button paints its accent colour; its `color` draws nothing.
      add(element.matches('input[type="radio"], input[type="checkbox"]') ? style.accentColor : style.color);
      add(style.backgroundColor);
      for (const side of ['Top', 'Right', 'Bottom', 'Left'])
        if (parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== 'none')
          add(style[`border${side}Color`]);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) add(style.outlineColor);
      // SVG paints a fill inside shapes and text (a line has none) and a stroke where one is set.
      if (element instanceof SVGGeometryElement || element instanceof SVGTextContentElement) {
        if (!(element instanceof SVGLineElement)) add(style.fill);
        if (style.stroke !== 'none') add(style.stroke);
      }
      add(style.boxShadow);
    }
  }
  return [...colours];
}

test("a host mapping every custom property: no colour of the widget's own is left, and axe-core finds nothing", async () => {
  const host = await browser.context.newPage();
  await host.goto(`${site.url}palette.html`);
  await host.locator('branded-decode').first().locator('[data-field="iso"]').waitFor();
  await host.locator('branded-gate').first().locator('.verdict').first().waitFor();
  // The focus ring is painted too: a text field focused by the keyboard.
  await host.locator('branded-gate').first().locator('input').focus();
  await host.keyboard.press('End');
  const mapped = await host.evaluate(paintedColours);
  const ring = await host.evaluate(
    () => getComputedStyle(document.querySelector('branded-gate').shadowRoot.querySelector('input')).outlineColor,
  );
  assert.equal(ring, 'rgb(255, 123, 213)', '--branded-focus paints the focus ring');
  const violations = await axeViolations(host);
  assert.deepEqual(
    violations.map((v) => v.id),
    [],
    describeViolations(violations),
  );
  // The same widgets without the host's mapping, light and dark: the colours the widget brings itself.
  const own = new Set();
  await host.evaluate(() => (document.getElementById('palette').disabled = true));
  for (const scheme of ['light', 'dark']) {
    await host.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
    await host.waitForFunction(() => true);
    for (const colour of await host.evaluate(paintedColours)) own.add(colour);
  }
  assert.ok(own.size > 20, `the widgets paint many colours of their own (${own.size})`);
  const leftOver = mapped.filter((colour) => own.has(colour));
  assert.deepEqual(leftOver, [], `painted in the host's palette, yet in the widget's own: ${leftOver.join(', ')}`);
  await host.close();
});

test('custom properties and ::part reach inside the shadow root', async () => {
  assert.equal(await background('styled'), 'rgb(1, 2, 3)');
  const border = await page.evaluate(
    () => getComputedStyle(document.getElementById('styled').shadowRoot.querySelector('.panel')).borderTopWidth,
  );
  assert.equal(border, '7px');
  assert.equal(
    await page.evaluate(
      () => getComputedStyle(document.getElementById('decode').shadowRoot.querySelector('.panel')).borderTopWidth,
    ),
    '1px',
  );
});

test('the classic script works from file:// (no server at all)', async () => {
  const local = await browser.context.newPage();
  await local.goto(pathToFileURL(join(example.dir, 'index.html')).href);
  await local.locator('branded-decode [data-field="iso"]').waitFor();
  assert.equal((await local.locator('branded-decode [data-field="iso"]').textContent()).trim(), ISO);
  await local.close();
});

test('no console error, nothing off the machine', () => {
  assert.deepEqual(browser.problems, []);
  assert.deepEqual(browser.external, []);
});
