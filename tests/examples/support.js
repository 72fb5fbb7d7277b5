// The widgets as a docs author gets them: the two packages packed into tarballs, each example site copied
// to a fresh directory, installed from those tarballs (and its own pinned tools from the npm registry),
// built with its own build command, then served and loaded in Chromium.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const EXAMPLES = join(ROOT, 'examples');
export const ISO = '2026-01-27T15:11:37.641Z';
const run = promisify(execFile);

/** Runs a command; resolves to its stdout + stderr, rejects with both in the message. */
export async function sh(command, args, { cwd, timeout = 300_000, env = {} } = {}) {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd,
      timeout,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    });
    return `${stdout}${stderr}`;
  } catch (error) {
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${error.stdout ?? ''}${error.stderr ?? ''}${error.message}`,
      { cause: error },
    );
  }
}

// What a local run of an example leaves in its folder: never copied into the fresh one.
const LEFT_BEHIND = new Set([
  '_build',
  '_static',
  'node_modules',
  'vendor',
  'dist',
  'build',
  '.docusaurus',
  '.astro',
  'cache',
]);

let packed = null;
/** Packs @echomq/branded and @echomq/branded-widgets once per process; resolves to the tarballs' dir. */
export function packTarballs() {
  packed ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'branded-tarballs-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    await sh(
      'npm',
      ['pack', '--silent', '--workspace', 'wasm', '--workspace', 'web/widgets', '--pack-destination', dir],
      { cwd: ROOT },
    );
    return dir;
  })();
  return packed;
}

/**
 * Copies examples/<name> (or the folder `from`) to a fresh directory with the tarballs in vendor/, installs it and
 * (when it has a build script) builds it. Resolves to {dir, install, build} with the commands' output.
 */
export async function prepareExample(name, { build = true, from = join(EXAMPLES, name) } = {}) {
  const tarballs = await packTarballs();
  const dir = mkdtempSync(join(tmpdir(), `branded-example-${name}-`));
  cpSync(from, dir, { recursive: true, filter: (path) => !LEFT_BEHIND.has(basename(path)) });
  mkdirSync(join(dir, 'vendor'));
  for (const file of readdirSync(tarballs)) cpSync(join(tarballs, file), join(dir, 'vendor', file));
  const install = await sh('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--prefer-offline'], {
    cwd: dir,
    timeout: 600_000,
  });
  const output = build ? await sh('npm', ['run', 'build'], { cwd: dir, timeout: 600_000 }) : '';
  return { dir, install, build: output, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What a server render or a bundler prints when a module touches the DOM where there is none. */
export const SSR_FAILURE =
  /HTMLElement is not defined|customElements is not defined|document is not defined|window is not defined|ReferenceError|Top-level await/i;

/** Luminance (0 black … 1 white) of a computed `rgb(…)`/`rgba(…)` colour. */
export function luminance(color) {
  if (!color.startsWith('rgb')) throw new Error(`not a colour: ${color}`);
  const [r, g, b] = color.match(/[\d.]+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** In the page: what a widget shows and how it is coloured, read from its shadow root. */
export async function readWidgets(page) {
  await page.locator('branded-decode').locator('[data-field="iso"]').waitFor({ timeout: 30_000 }); // shadow roots: one step each
  return page.evaluate(() => {
    // The site's colour around the widget: the nearest ancestor that paints a background.
    const behind = (element) => {
      for (let at = element.parentElement; at; at = at.parentElement) {
        const color = getComputedStyle(at).backgroundColor;
        if (!/^rgba\(.*, 0\)$|^transparent$/.test(color)) return color;
      }
      // Nothing paints: the page shows the canvas, whose colour follows the root's color-scheme.
      const probe = document.createElement('div');
      probe.style.backgroundColor = 'Canvas';
      document.documentElement.append(probe);
      const canvas = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return canvas;
    };
    const decode = document.querySelector('branded-decode');
    const gate = document.querySelector('branded-gate');
    const panel = decode.shadowRoot.querySelector('.panel');
    return {
      defined: ['branded-decode', 'branded-gate', 'branded-window', 'branded-enqueue'].map((name) =>
        Boolean(customElements.get(name)),
      ),
      iso: decode.shadowRoot.querySelector('[data-field="iso"]').textContent.trim(),
      verdicts: [...gate.shadowRoot.querySelectorAll('.verdict')].map((v) => v.dataset.outcome),
      widgetBackground: getComputedStyle(panel).backgroundColor,
      pageBackground: behind(decode),
    };
  });
}

/** The widget's card background, as the page shows it now. */
export function widgetBackground(page) {
  return page.evaluate(
    () => getComputedStyle(document.querySelector('branded-decode').shadowRoot.querySelector('.panel')).backgroundColor,
  );
}

/** Waits until the widget's card is dark (or light), as its host switched. */
export async function waitForScheme(page, dark, timeout = 60_000) {
  const deadline = Date.now() + timeout;
  let last;
  while (Date.now() < deadline) {
    last = await widgetBackground(page);
    if (luminance(last) < 0.3 === dark) return last;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`the widget stayed ${dark ? 'light' : 'dark'} (background ${last})`);
}
