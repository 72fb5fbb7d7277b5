// WebKitGTK (Debian's webkit2gtk-driver): WebKitWebDriver drives MiniBrowser inside its own Xvfb display
// (xvfb-run -a picks a free one), over WebDriver classic with plain fetch. The colour scheme is the GTK
// theme's (GTK_THEME=Adwaita:dark), so it is chosen at launch.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '../../../scripts/valkey.js';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const READY_MS = 20000;
// WebDriver key codes for the keys the tests press (W3C WebDriver §17.4.2).
const KEYS = {
  Control: '\uE009',
  Shift: '\uE008',
  Alt: '\uE00A',
  Enter: '\uE007',
  Tab: '\uE004',
  Escape: '\uE00C',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  Backspace: '\uE003',
  Delete: '\uE017',
  Space: ' ',
};

export class WebDriverError extends Error {}

/**
 * Starts WebKitWebDriver + MiniBrowser; resolves to a driver with the primitives page-shim.js needs.
 * Tried three times: two xvfb-run -a started at once can pick the same display, and the later one fails.
 */
export async function launchWebKit(options) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startWebKit(options);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function startWebKit({ colorScheme = 'light', viewport }) {
  const port = await freePort();
  const child = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1920x1200x24', 'WebKitWebDriver', `--port=${port}`, '--host=127.0.0.1'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
      env: { ...process.env, GTK_THEME: colorScheme === 'dark' ? 'Adwaita:dark' : 'Adwaita' },
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = once(child, 'exit');
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_MS;
  for (;;) {
    try {
      if ((await fetch(`${base}/status`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await kill();
      throw new Error(`WebKitWebDriver did not start (exit ${child.exitCode}):\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const call = async (method, path, body) => {
    const response = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { value } = await response.json();
    if (!response.ok) throw new WebDriverError(`${method} ${path}: ${value?.error}: ${value?.message}`);
    return value;
  };
  let session;
  try {
    session = await call('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        },
      },
    });
  } catch (error) {
    await kill();
    throw error;
  }
  const at = (path) => `/session/${session.sessionId}${path}`;
  const driver = {
    name: 'webkit',
    version: session.capabilities.browserVersion,
    navigate: (url) => call('POST', at('/url'), { url }),
    currentUrl: () => call('GET', at('/url')),
    back: () => call('POST', at('/back'), {}),
    /** Runs `(source)(...args)` in the page; a returned promise is awaited (WebDriver §13.2). */
    execute: (source, args = []) =>
      call('POST', at('/execute/sync'), { script: `return (${source}).apply(null, arguments)`, args }),
    async clickAt(x, y) {
      await call('POST', at('/actions'), {
        actions: [
          {
            type: 'pointer',
            id: 'mouse',
            parameters: { pointerType: 'mouse' },
            actions: [
              { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport', duration: 0 },
              { type: 'pointerDown', button: 0 },
              { type: 'pointerUp', button: 0 },
            ],
          },
        ],
      });
    },
    /** A chord like 'Control+A': every key down in order, then up in reverse. */
    async press(chord) {
      const keys = chord.split('+').map((k) => KEYS[k] ?? (k.length === 1 ? k.toLowerCase() : undefined));
      if (keys.includes(undefined)) throw new WebDriverError(`no WebDriver key for ${chord}`);
      const actions = [
        ...keys.map((value) => ({ type: 'keyDown', value })),
        ...keys.reverse().map((value) => ({ type: 'keyUp', value })),
      ];
      await call('POST', at('/actions'), { actions: [{ type: 'key', id: 'keyboard', actions }] });
      await call('DELETE', at('/actions'));
    },
    async screenshot() {
      return Buffer.from(await call('GET', at('/screenshot')), 'base64');
    },
    /** Sizes the window so the page's viewport is width × height (MiniBrowser's window is at least 447 px wide). */
    async setViewport({ width, height }) {
      const outer = await call('GET', at('/window/rect'));
      const inner = await driver.execute('() => [innerWidth, innerHeight]');
      await call('POST', at('/window/rect'), {
        width: width + outer.width - inner[0],
        height: height + outer.height - inner[1],
      });
      return driver.execute('() => ({ width: innerWidth, height: innerHeight })');
    },
    async close() {
      try {
        await call('DELETE', at(''));
      } catch {
        /* the browser may already be gone */
      }
      await kill();
    },
  };
  try {
    if (viewport) await driver.setViewport(viewport);
  } catch (error) {
    await driver.close();
    throw error;
  }
  return driver;
}
