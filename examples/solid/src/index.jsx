// The widgets' import and the render in the same tick: App's onMount runs before any microtask.
import '@echomq/branded-widgets';
import { render } from 'solid-js/web';
import { App } from './App.jsx';

render(() => <App />, document.getElementById('root'));
