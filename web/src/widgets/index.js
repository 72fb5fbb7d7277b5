// The docs widgets: <branded-decode>, <branded-gate>, <branded-window>, <branded-enqueue>, in one ES
// module. Each renders the explorer's panel inside a shadow root with constructed stylesheets, so it
// runs under a strict CSP (script-src 'self' 'wasm-unsafe-eval'; style-src 'self').
import { adoptStyles } from '../lib/styles.js';
import { bridgeFor, defaultBridgeUrl } from '../lib/bridge.js';
import { createDecodePanel } from '../panels/decode.js';
import { createGatePanel } from '../panels/gate.js';
import { createWindowPanel } from '../panels/window.js';
import { createEnqueuePanel } from '../panels/enqueue.js';
import widgetCss from '../styles/widget.css?inline';

class BrandedElement extends HTMLElement {
  /** The panel factory and how the element's attributes map to the panel's state; set by subclasses. */
  static panel = null;
  static attributeMap = {};
  static get observedAttributes() {
    return [...Object.keys(this.attributeMap), 'bridge', 'token'];
  }

  connectedCallback() {
    if (this.instance) return;
    if (!this.shadowRoot) {
      this.attachShadow({ mode: 'open' });
      adoptStyles(this.shadowRoot, widgetCss);
    }
    this.mount();
  }

  mount() {
    const { panel } = this.constructor;
    const url = this.hasAttribute('bridge') ? defaultBridgeUrl(this.getAttribute('bridge') || '/ws', document.location) : null;
    this.bridge = bridgeFor(url, this.getAttribute('token'));
    this.instance = panel({ state: this.state(), bridge: this.bridge, compact: this.compact(), onState: () => {} });
    this.shadowRoot.replaceChildren(this.instance.element);
    this.bridge?.ready().catch(() => {});
  }

  compact() {
    return true;
  }

  state() {
    const values = {};
    for (const [attribute, key] of Object.entries(this.constructor.attributeMap)) {
      if (this.hasAttribute(attribute)) values[key] = this.getAttribute(attribute);
    }
    return values;
  }

  attributeChangedCallback(name, before, after) {
    if (!this.instance || before === after) return;
    if (name === 'bridge' || name === 'token') this.mount();
    else this.instance.set(this.state());
  }
}

class BrandedDecode extends BrandedElement {
  static panel = createDecodePanel;
  static attributeMap = { value: 'ids' };
  compact() {
    return !this.hasAttribute('multiple');
  }
}

class BrandedGate extends BrandedElement {
  static panel = createGatePanel;
  static attributeMap = { value: 'id' };
}

class BrandedWindow extends BrandedElement {
  static panel = createWindowPanel;
  static attributeMap = { t0: 't0', t1: 't1', stream: 'stream', queue: 'queue' };
}

class BrandedEnqueue extends BrandedElement {
  static panel = createEnqueuePanel;
  static attributeMap = { value: 'job', queue: 'queue', payload: 'payload', executor: 'executor' };
}

const ELEMENTS = {
  'branded-decode': BrandedDecode,
  'branded-gate': BrandedGate,
  'branded-window': BrandedWindow,
  'branded-enqueue': BrandedEnqueue,
};
for (const [name, element] of Object.entries(ELEMENTS)) {
  if (!customElements.get(name)) customElements.define(name, element);
}
