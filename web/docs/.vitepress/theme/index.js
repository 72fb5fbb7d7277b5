// The default theme, the widgets, and the page components. With ?bridge=URL (for example ?bridge=/ws when
// `npm start` serves the site) the live parts connect for the rest of the visit; without it nothing connects.
import DefaultTheme from 'vitepress/theme';
import '@echomq/branded-widgets';
import InjectionPicker from './components/InjectionPicker.vue';
import HorizonChecks from './components/HorizonChecks.vue';
import IdPicker from './components/IdPicker.vue';
import './custom.css';

const BRIDGE_KEY = 'branded-docs-bridge';

function liveBridge() {
  const asked = new URLSearchParams(location.search).get('bridge');
  try {
    if (asked) sessionStorage.setItem(BRIDGE_KEY, asked);
    return asked ?? sessionStorage.getItem(BRIDGE_KEY);
  } catch {
    return asked;
  }
}

function connectLiveWidgets() {
  const bridge = liveBridge();
  if (!bridge) return;
  for (const widget of document.querySelectorAll('[data-live]')) widget.setAttribute('bridge', bridge);
}

export default {
  extends: DefaultTheme,
  enhanceApp({ app, router }) {
    app.component('InjectionPicker', InjectionPicker);
    app.component('HorizonChecks', HorizonChecks);
    app.component('IdPicker', IdPicker);
    if (typeof window === 'undefined') return;
    router.onAfterRouteChanged = () => requestAnimationFrame(connectLiveWidgets);
    requestAnimationFrame(connectLiveWidgets);
  },
};
