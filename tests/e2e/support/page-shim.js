// The part of Playwright's Page and Locator API that the e2e tests use, over a small driver (firefox.js,
// webkit.js), so one test body runs in every engine. Elements are found in the page, shadow roots included
// (as Playwright's CSS does); a read waits for its element as Playwright's do; clicks and keys are real input.
import { writeFileSync } from 'node:fs';

const TIMEOUT_MS = 15000;
const AIM_PATIENCE_MS = 2000; // how long a click waits for its element to hold still before it clicks anyway

// Runs in the page: the elements a locator's steps select, in document order, open shadow roots included.
function find(steps) {
  const normal = (s) => s.replace(/\s+/g, ' ').trim();
  const deep = (root, css) => {
    const out = [];
    const visit = (node) => {
      out.push(...node.querySelectorAll(css));
      const hosts = [...(node.host ? [] : [node]), ...node.querySelectorAll('*')].filter((el) => el.shadowRoot);
      for (const host of hosts) visit(host.shadowRoot);
    };
    visit(root);
    return out;
  };
  const accessibleName = (el) => normal(el.getAttribute('aria-label') ?? el.textContent ?? '');
  let found = [document];
  for (const step of steps) {
    if ('nth' in step) {
      found = step.nth < 0 ? found.slice(step.nth).slice(0, 1) : found.slice(step.nth, step.nth + 1);
      continue;
    }
    let next = [];
    for (const root of found) {
      if (step.css) next.push(...deep(root, step.css));
      else if (step.role === 'button') next.push(...deep(root, 'button, [role="button"], input[type="button"]'));
      else throw new Error(`unsupported role ${step.role}`);
    }
    next = [...new Set(next)];
    if (step.hasText)
      next = next.filter((el) => normal(el.textContent).toLowerCase().includes(step.hasText.toLowerCase()));
    if (step.name !== undefined) {
      next = next.filter((el) =>
        step.exact
          ? accessibleName(el) === step.name
          : accessibleName(el).toLowerCase().includes(step.name.toLowerCase()),
      );
    }
    found = next;
  }
  return found;
}

// Runs in the page: waits (polling each frame) until the locator selects an element that passes `ready`.
async function waitFor(steps, ready, timeoutMs) {
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const el = find(steps).find((e) => ready === 'attached' || visible(e));
    if (el) return el;
    if (Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 30));
  }
}

const OPS = {
  text: (el) => el.textContent,
  attr: (el, name) => el.getAttribute(name),
  value: (el) => el.value,
  disabled: (el) => el.disabled === true || el.getAttribute('aria-disabled') === 'true',
  focus: (el) => {
    el.focus();
  },
  none: () => null,
  // As Playwright's click: the element's centre once it has held still for two frames (a render a scroll set
  // off has run) and a click there would reach it, shadow roots included; then a guard that refuses the real
  // click's events if they land elsewhere and notes a click that ended elsewhere (its row re-rendered between
  // down and up), so click() aims again.
  aim: async (el, patienceMs) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const within = (node) => {
      for (let n = node; n; n = n.parentNode ?? n.host) if (n === el) return true;
      return false;
    };
    const hitAt = (x, y) => {
      let hit = document.elementFromPoint(x, y);
      for (let inner = hit?.shadowRoot?.elementFromPoint(x, y); inner && inner !== hit;) {
        hit = inner;
        inner = hit.shadowRoot?.elementFromPoint(x, y);
      }
      return hit;
    };
    const same = (a, b) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const deadline = Date.now() + patienceMs;
    await frame();
    let box = el.getBoundingClientRect();
    for (;;) {
      await frame();
      if (!el.isConnected) return { stale: true };
      const now = el.getBoundingClientRect();
      const settled = same(box, now) && within(hitAt(now.left + now.width / 2, now.top + now.height / 2));
      box = now;
      if (settled || Date.now() > deadline) break;
    }
    if (!window.__shimGuard) {
      const check = (event) => {
        const guard = window.__shimGuard;
        if (!guard?.el || guard.clicked) return; // a label's click on its control is not the click aimed
        const reached = event.composedPath().includes(guard.el);
        if (guard.landed === null) guard.landed = reached;
        else if (event.type === 'click' && guard.landed) guard.landed = reached;
        guard.clicked = event.type === 'click';
        if (guard.landed !== false || guard.clicked) return;
        event.preventDefault();
        event.stopImmediatePropagation();
      };
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
        window.addEventListener(type, check, true);
    }
    window.__shimGuard = { el, landed: null, clicked: false };
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  },
  // After a click: whether its events reached the aimed element (null: no guard saw them, as after a
  // navigation); the guard is disarmed either way.
  landed: () => {
    const guard = window.__shimGuard;
    if (!guard) return null;
    window.__shimGuard = { el: null, landed: null };
    return guard.landed;
  },
  // As Playwright's fill: focus, replace the whole value, one input event.
  fill: (el, value) => {
    el.focus();
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
    el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: value }));
  },
  // As Playwright's selectOption (one value): set it, then input and change events.
  select: (el, value) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  },
};

class Locator {
  constructor(page, steps) {
    this.page = page;
    this.steps = steps;
  }

  locator(css, { hasText } = {}) {
    return new Locator(this.page, [...this.steps, { css, hasText }]);
  }
  getByRole(role, { name, exact = false } = {}) {
    return new Locator(this.page, [...this.steps, { role, name, exact }]);
  }
  first() {
    return this.nth(0);
  }
  last() {
    return this.nth(-1);
  }
  nth(index) {
    return new Locator(this.page, [...this.steps, { nth: index }]);
  }

  /** Waits for the element (visible unless state 'attached'), then runs `op` on it in the page. */
  async #on(op, arg, ready = 'attached') {
    const source = `async (steps, arg, ready, timeoutMs) => {
      const find = ${find}; const waitFor = ${waitFor};
      const el = await waitFor(steps, ready, timeoutMs);
      if (!el) return { missing: true };
      return { value: await (${op})(el, arg), href: location.href };
    }`;
    const result = await this.page.driver.execute(source, [this.steps, arg ?? null, ready, TIMEOUT_MS]);
    if (result?.missing)
      throw new Error(
        `${this.page.driver.name}: no ${ready === 'attached' ? '' : 'visible '}element for ${JSON.stringify(this.steps)}`,
      );
    this.page.lastUrl = result.href;
    return result.value;
  }

  async #all(op) {
    return this.page.driver.execute(`(steps) => { const find = ${find}; return (${op})(find(steps)); }`, [this.steps]);
  }

  count() {
    return this.#all('(els) => els.length');
  }
  allTextContents() {
    return this.#all('(els) => els.map((el) => el.textContent)');
  }
  /** Runs `fn` on the array of every element the locator selects (no argument, unlike Playwright's). */
  evaluateAll(fn) {
    return this.#all(String(fn));
  }
  isVisible() {
    return this.#all(`(els) => els.slice(0, 1).some((el) => { const b = el.getBoundingClientRect();
      return b.width > 0 && b.height > 0 && getComputedStyle(el).visibility !== 'hidden'; })`);
  }

  textContent() {
    return this.#on(OPS.text);
  }
  getAttribute(name) {
    return this.#on(OPS.attr, name);
  }
  inputValue() {
    return this.#on(OPS.value);
  }
  isDisabled() {
    return this.#on(OPS.disabled);
  }
  focus() {
    return this.#on(OPS.focus);
  }
  fill(value) {
    return this.#on(OPS.fill, value, 'visible');
  }
  selectOption(value) {
    return this.#on(OPS.select, value, 'visible');
  }
  waitFor({ state = 'visible' } = {}) {
    return this.#on(OPS.none, null, state);
  }
  evaluate(fn, arg) {
    return this.#on(fn, arg);
  }
  /** A real click at the element's centre, aimed again while its events land elsewhere (as Playwright's). */
  async click() {
    const deadline = Date.now() + TIMEOUT_MS;
    for (let attempt = 1; ; attempt += 1) {
      const aim = await this.#on(OPS.aim, AIM_PATIENCE_MS, 'visible');
      if (!aim.stale) {
        await this.page.driver.clickAt(aim.x, aim.y);
        const landed = await this.page.driver.execute(String(OPS.landed));
        this.page.lastUrl = await this.page.driver.currentUrl();
        if (landed !== false) return;
      }
      if (Date.now() > deadline)
        throw new Error(
          `${this.page.driver.name}: ${attempt} clicks on ${JSON.stringify(this.steps)} landed elsewhere`,
        );
    }
  }
}

/** A Playwright-shaped page over one driver (one window: a closed page is a blank one). */
export class ShimPage {
  constructor(driver) {
    this.driver = driver;
    this.keyboard = {
      press: async (chord) => {
        await driver.press(chord);
        this.lastUrl = await driver.currentUrl();
      },
    };
    this.lastUrl = 'about:blank';
    this.mainFrame = () => this; // screenshot() tells a page from an element by this, as with Playwright
  }

  async goto(url) {
    await this.driver.navigate(url);
    this.lastUrl = await this.driver.currentUrl();
  }

  url() {
    return this.lastUrl;
  }
  locator(css, options) {
    return new Locator(this, []).locator(css, options);
  }
  getByRole(role, options) {
    return new Locator(this, []).getByRole(role, options);
  }

  async evaluate(fn, arg) {
    const value = await this.driver.execute(typeof fn === 'string' ? `() => (${fn})` : String(fn), [arg ?? null]);
    this.lastUrl = await this.driver.currentUrl();
    return value;
  }

  async waitForFunction(fn, arg, { timeout = TIMEOUT_MS } = {}) {
    const source = `async (arg, timeoutMs) => { const fn = ${fn}; const deadline = Date.now() + timeoutMs;
      for (;;) { if (await fn(arg)) return true; if (Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, 30)); } }`;
    if (!(await this.driver.execute(source, [arg ?? null, timeout])))
      throw new Error(`${this.driver.name}: timed out waiting for ${fn}`);
    this.lastUrl = await this.driver.currentUrl();
  }

  async goBack() {
    await this.driver.back();
    this.lastUrl = await this.driver.currentUrl();
  }

  async screenshot({ path, fullPage = false } = {}) {
    const png = await this.driver.screenshot({ fullPage });
    if (path) writeFileSync(path, png);
    return png;
  }

  setViewportSize(size) {
    return this.driver.setViewport(size);
  }
  emulateMedia() {
    throw new Error(`${this.driver.name}: the colour scheme is chosen at launch (launch({ colorScheme }))`);
  }

  async close() {
    await this.driver.navigate('about:blank');
    this.lastUrl = 'about:blank';
  }
}
