// The client: the widgets first (importing them defines the elements), then hydration of the server's HTML.
import '@echomq/branded-widgets';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { applyTheme, storedTheme } from './theme';
import './site.css';

applyTheme(storedTheme());
hydrateRoot(document.getElementById('root')!, <App />);
