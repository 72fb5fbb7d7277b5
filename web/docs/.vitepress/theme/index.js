// The default theme, the widgets, and the page components. The live parts connect to the bridge on the page's
// own origin (where `npm start` serves the site, /ws beside it), as the explorer does; `?bridge=URL` points them
// elsewhere and `?bridge=none` keeps them off, for the rest of the visit. A page opened from a file connects to
// nothing.
import DefaultTheme from 'vitepress/theme';
import '@echomq/branded-widgets';
import InjectionPicker from './components/InjectionPicker.vue';
import HorizonChecks from './components/HorizonChecks.vue';
import IdPicker from './components/IdPicker.vue';
import './custom.css';

const BRIDGE_KEY = 'branded-docs-bridge';

// The bridge attribute for the live widgets: a URL, '' for this origin's /ws, or null for none.
function liveBridge() {
  let asked = new URLSearchParams(location.search).get('bridge');
  try {
    if (asked) sessionStorage.setItem(BRIDGE_KEY, asked);
    else asked = sessionStorage.getItem(BRIDGE_KEY);
  } catch {
    // storage may be off: the address alone decides
  }
  if (asked === 'none') return null;
  if (asked) return asked;
  return /^https?:$/.test(location.protocol) ? '' : null;
}

// The search button's aria-label ("Search") leaves out its visible shortcut keys, which axe reports
// (label-content-name-mismatch): named by what it shows instead, with the label as its title for the phone
// width, where only its icon shows.
function nameSearchByItsText() {
  const button = document.querySelector('.VPNavBarSearch .DocSearch[aria-label]');
  if (!button) return;
  button.title = button.getAttribute('aria-label');
  button.removeAttribute('aria-label');
}

function connectLiveWidgets() {
  const bridge = liveBridge();
  if (bridge === null) return;
  for (const widget of document.querySelectorAll('[data-live]')) {
    if (widget.getAttribute('bridge') !== bridge) widget.setAttribute('bridge', bridge);
  }
}

export default {
  extends: DefaultTheme,
  enhanceApp({ app, router }) {
    app.component('InjectionPicker', InjectionPicker);
    app.component('HorizonChecks', HorizonChecks);
    app.component('IdPicker', IdPicker);
    if (typeof window === 'undefined') return;
    const settle = () => {
      connectLiveWidgets();
      nameSearchByItsText();
    };
    router.onAfterRouteChanged = () => requestAnimationFrame(settle);
    requestAnimationFrame(settle);
  },
};
