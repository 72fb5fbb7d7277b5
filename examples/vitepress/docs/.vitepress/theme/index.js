// The default theme plus the widgets. The import is safe during the server render (it defines nothing there).
import DefaultTheme from 'vitepress/theme';
import '@echomq/branded-widgets';
import DecodeEcho from './DecodeEcho.vue';

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('DecodeEcho', DecodeEcho);
  },
};
