// The base every docs widget extends. Each renders an explorer panel inside an open shadow root styled by
// constructed stylesheets, so it runs under a strict CSP (script-src 'self' 'wasm-unsafe-eval'; style-src 'self').
// On a server there is no HTMLElement: the classes still evaluate (over a stand-in base) and nothing is defined.
import { ready } from '@echomq/branded';
import { adoptStyles } from '../../../src/lib/styles.js';
import { bridgeFor, defaultBridgeUrl } from '../../../src/lib/bridge.js';
import { h } from '../../../src/lib/dom.js';
import { setOfflineNote } from '../../../src/views/live.js';
import { hostScheme, watchHostScheme } from './host-theme.js';
import { nameParts } from './parts.js';
import widgetCss from './widget.css?inline';

const ServerSafeElement = globalThis.HTMLElement ?? class {};
// Events cross the shadow boundary and bubble, so a page can listen on the element or any ancestor.
const EVENT_INIT = { bubbles: true, composed: true };

setOfflineNote((what) =>
  h(
    'p',
    { class: 'note offline' },
    h('strong', null, 'No live connection. '),
    `This page does not connect to a bridge, so ${what} is not available here. `,
    'Everything else in this widget is computed in your browser.',
  ),
);

/**
 * What every widget shares: the shadow root, the host's colour scheme, the optional bridge, the parts.
 *
 * @attr {string} bridge - WebSocket URL of a branded bridge (`ws://…`, `wss://…` or a path such as `/ws`; empty
 *   means this origin's `/ws`). Without the attribute the widget never opens a connection.
 * @attr {string} token - bearer token offered to the bridge (only with `bridge`).
 * @attr {'auto'|'light'|'dark'} theme - colour scheme; `auto` (the default) follows the host page.
 *
 * @fires {CustomEvent<Record<string, string>>} branded-change - the reader edited the widget; `detail` holds the
 *   widget's inputs by attribute name (the `values` property, read at any time).
 *
 * @csspart root - the widget's outer box (carries the colour scheme)
 * @csspart panel - the card around the widget's content
 * @csspart header - the card's header
 * @csspart title - the card's heading
 * @csspart lede - the line under the heading
 * @csspart input - every text field
 * @csspart button - every button
 * @csspart verdict - a host or wire verdict card
 * @csspart status - the line that says whether a bridge is connected
 * @csspart note - an explanatory or error note
 * @csspart id - the decoded id, large
 * @csspart facts - a list of decoded facts
 * @csspart command - a command line (XRANGE, FCALL, EMQ.ENQUEUE)
 *
 * @cssprop --branded-surface - the card's background (and text on the primary button)
 * @cssprop --branded-surface-2 - inner boxes, buttons, notes, commands
 * @cssprop --branded-border - borders
 * @cssprop --branded-text - text
 * @cssprop --branded-muted - secondary text, labels
 * @cssprop --branded-accent - links, the primary button, a selected row or chip
 * @cssprop --branded-accent-soft - the background of a selected row or chip
 * @cssprop --branded-on-accent - text on the primary button (default: `--branded-surface`)
 * @cssprop --branded-focus - the focus ring (default: `--branded-accent`)
 * @cssprop --branded-input - text fields' background (default: `--branded-surface`, else a shade of the page)
 * @cssprop --branded-input-text - text fields' text (default: `--branded-text`)
 * @cssprop --branded-input-border - text fields' border (default: `--branded-border`)
 * @cssprop --branded-ok - a pass or admit
 * @cssprop --branded-ok-soft - behind a pass badge
 * @cssprop --branded-bad - a refusal, a byte in error
 * @cssprop --branded-bad-soft - behind a refusal
 * @cssprop --branded-warn - a warning badge
 * @cssprop --branded-warn-soft - behind a warning badge
 * @cssprop --branded-gate - the three bytes the wire gate reads, a window on the timeline
 * @cssprop --branded-gate-soft - behind the gate's bytes
 * @cssprop --branded-timestamp - the 64-bit strip's timestamp bits
 * @cssprop --branded-timestamp-soft - behind the timestamp bits
 * @cssprop --branded-node - the strip's node bits
 * @cssprop --branded-node-soft - behind the node bits
 * @cssprop --branded-seq - the strip's sequence bits
 * @cssprop --branded-seq-soft - behind the sequence bits
 * @cssprop --branded-font - the text font
 * @cssprop --branded-mono - the font of ids and commands
 * @cssprop --branded-radius - corner radius
 */
export class BrandedElement extends ServerSafeElement {
  /** The panel factory and how the element's attributes map to the panel's state; set by subclasses. */
  static panel = null;
  static attributeMap = {};
  /** Whether the panel's first text field is the `value` attribute (so events carry what the reader typed). */
  static valueIsFirstField = false;
  /** The event that carries `result` (null: the element has none). */
  static resultEvent = null;
  /**
   * The widget's own stylesheets (CSS text), adopted after the shared one.
   * @ignore
   */
  static styles = [];
  static get observedAttributes() {
    return [...Object.keys(this.attributeMap), 'bridge', 'token', 'theme'];
  }

  #rendered = promiseWithResolvers();
  #internals = this.attachInternals?.() ?? null;
  #announced = null;

  /**
   * Resolves to true once the widget shows its current state (rejects when the package cannot load there);
   * read `result` or `values` after it. As Lit's and Shoelace's elements: `await customElements.whenDefined(tag)`,
   * then `await element.updateComplete`.
   * @type {Promise<boolean>}
   */
  get updateComplete() {
    return this.#rendered.promise;
  }

  /**
   * What the widget shows, as its event's `detail` (null where the element has no result, or before the
   * package has loaded). A listener added late reads it once, then hears every change.
   */
  get result() {
    return null;
  }

  /** The widget's inputs by attribute name, as the reader sees them (what `branded-change` carries). */
  get values() {
    return this.currentValues();
  }

  /** @type {'auto'|'light'|'dark'} */
  get theme() {
    const value = this.getAttribute('theme');
    return value === 'light' || value === 'dark' ? value : 'auto';
  }
  set theme(value) {
    this.setAttribute('theme', value);
  }

  /** @type {string|null} */
  get bridge() {
    return this.getAttribute('bridge');
  }
  set bridge(value) {
    if (value == null) this.removeAttribute('bridge');
    else this.setAttribute('bridge', value);
  }

  connectedCallback() {
    this.upgradeProperties();
    if (!this.shadowRoot) {
      this.attachShadow({ mode: 'open' });
      adoptStyles(this.shadowRoot, widgetCss, ...this.constructor.styles);
    }
    this.stopWatching = watchHostScheme(() => this.applyScheme());
    // Already settled where the browser compiles the wasm synchronously; a failed load is said in the widget.
    ready.then(
      () => {
        if (!this.instance && this.isConnected) this.mount();
      },
      (error) => this.showFailure(error),
    );
  }

  /** A property a page set before the element was defined shadows the class's accessor: hand it over. */
  upgradeProperties() {
    for (const name of ['value', 'multiple', 'theme', 'bridge']) {
      if (!Object.hasOwn(this, name)) continue;
      const value = this[name];
      delete this[name];
      this[name] = value;
    }
  }

  showFailure(error) {
    this.#rendered.reject(error);
    this.shadowRoot.replaceChildren(
      h('p', { class: 'note error-text', part: 'note' }, `This widget could not start: ${error.message}`),
    );
  }

  disconnectedCallback() {
    this.stopWatching?.();
    this.stopWatching = null;
  }

  mount() {
    const panel = this.panelFactory();
    this.connection = bridgeFor(this.bridgeUrl(), this.getAttribute('token'));
    this.instance = panel({
      state: this.panelState(),
      bridge: this.connection,
      onState: () => this.changed(),
    });
    this.root = h(
      'div',
      { class: 'root', part: 'root', 'data-live': this.connection ? 'on' : 'off' },
      this.instance.element,
    );
    this.shadowRoot.replaceChildren(this.root);
    nameParts(this.root);
    this.partObserver?.disconnect();
    this.partObserver = new MutationObserver(() => nameParts(this.root));
    this.partObserver.observe(this.root, { childList: true, subtree: true });
    this.applyScheme();
    this.connection?.ready().catch(() => {});
    this.announce();
    this.#rendered.resolve(true);
  }

  /** The bridge's URL, or null when the element has no `bridge` attribute (then nothing connects). */
  bridgeUrl() {
    if (!this.hasAttribute('bridge')) return null;
    return defaultBridgeUrl(this.getAttribute('bridge') || '/ws', document.location);
  }

  applyScheme() {
    if (!this.root) return;
    const scheme = this.theme === 'auto' ? hostScheme() : this.theme;
    if (scheme) this.root.dataset.scheme = scheme;
    else delete this.root.dataset.scheme;
  }

  /** The factory of the widget's panel (a subclass may choose by its attributes). */
  panelFactory() {
    return this.constructor.panel;
  }

  panelState() {
    const values = {};
    for (const [attribute, key] of Object.entries(this.constructor.attributeMap)) {
      if (this.hasAttribute(attribute)) values[key] = this.getAttribute(attribute);
    }
    return values;
  }

  changed() {
    this.dispatchEvent(new CustomEvent('branded-change', { detail: this.currentValues(), ...EVENT_INIT }));
    this.announce();
  }

  /** The `value` attribute's setter, shared by the elements whose first field it is. */
  setValue(value) {
    this.setAttribute('value', value);
  }

  /** Fires the result event when what the widget shows has changed since it last fired. */
  announce() {
    const type = this.constructor.resultEvent;
    const detail = type ? this.result : null;
    if (!detail) return;
    const key = JSON.stringify(detail, (_, v) => (typeof v === 'bigint' ? `${v}` : v));
    if (key === this.#announced) return;
    this.#announced = key;
    this.reflectStates(detail);
    fire(this, type, detail);
  }

  /** Reflects the result as custom states (`:state(ok)`, `:state(refused)`) where the browser has them. */
  reflectStates(detail) {
    const states = this.#internals?.states;
    if (!states) return;
    const refused = this.isRefused(detail);
    try {
      states[refused ? 'delete' : 'add']('ok');
      states[refused ? 'add' : 'delete']('refused');
    } catch {
      // An engine with the older dashed-ident states: the result property and events still say it.
    }
  }

  /** Whether a result is a refusal; set by subclasses. */
  isRefused() {
    return false;
  }

  /** The text the widget's first field shows: what the reader typed, else the attribute, else the default. */
  shownValue(fallback) {
    const field = this.root?.querySelector('input[type="text"], textarea');
    if (field && this.constructor.valueIsFirstField) return field.value;
    return this.getAttribute('value') ?? fallback;
  }

  /** The values of the widget's own text fields, by attribute name (the first field is `value`). */
  currentValues() {
    const values = this.panelState();
    const named = {};
    for (const [attribute, key] of Object.entries(this.constructor.attributeMap)) {
      if (values[key] != null) named[attribute] = values[key];
    }
    const field = this.constructor.valueIsFirstField ? this.root?.querySelector('input[type="text"], textarea') : null;
    if (field) named.value = field.value;
    return named;
  }

  attributeChangedCallback(name, before, after) {
    if (!this.instance || before === after) return;
    if (name === 'theme') this.applyScheme();
    else if (name === 'bridge' || name === 'token') this.mount();
    else {
      this.instance.set(this.panelState());
      this.announce();
    }
  }
}

/** Dispatches a widget event (outside the class, so the manifest lists each event by its JSDoc name only). */
function fire(element, type, detail) {
  element.dispatchEvent(new CustomEvent(type, { detail, ...EVENT_INIT }));
}

/** Promise.withResolvers, whose promise never reports an unhandled rejection (a page may never await it). */
function promiseWithResolvers() {
  let resolve;
  let reject;
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  promise.catch(() => {}); // a page that never awaits it must not see an unhandled rejection
  return { promise, resolve, reject };
}
