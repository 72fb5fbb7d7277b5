// The default theme plus the widgets. The import is safe during the server render (it defines nothing there).
import DefaultTheme from 'vitepress/theme';
import '@echomq/branded-widgets';

export default DefaultTheme;
