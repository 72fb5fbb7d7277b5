// A command as an argument list, written the way valkey-cli would show it (quoted when needed).
import { h } from '../lib/dom.js';

// valkey-cli's quoting (a shell's rules), not the messages' quote: null when the argument needs none.
function shellQuote(arg) {
  if (arg !== '' && /^[\x21-\x7e]+$/.test(arg) && !/["'\\]/.test(arg)) return null;
  return JSON.stringify(arg);
}

/** The arguments as a focusable group of spans, the ones that need quoting quoted; `label` names the group. */
export function commandView(args, label = 'command') {
  const parts = args.flatMap((arg, i) => {
    const quoted = shellQuote(String(arg));
    const part = h('span', { class: quoted ? 'arg quoted' : 'arg' }, quoted ?? String(arg));
    return i === 0 ? [part] : [' ', part];
  });
  return h('div', { class: 'command', role: 'group', 'aria-label': label, tabindex: '0' }, parts);
}

/** The plain text of the same rendering (for copy buttons and tests). */
export function commandText(args) {
  return args.map((arg) => shellQuote(String(arg)) ?? String(arg)).join(' ');
}
