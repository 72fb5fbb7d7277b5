// The line above every live part: what the bridge is doing, or plainly that there is none.
import { h, fill } from '../lib/dom.js';

function describeHello(hello) {
  const valkey = hello.valkey?.reachable
    ? `Valkey ${hello.valkey.version} (${hello.valkey.mode})`
    : 'Valkey unreachable';
  const fence = `fence ${hello.fence?.state ?? 'unknown'}`;
  const executors = hello.executors?.length ? `executors: ${hello.executors.join(', ')}` : 'no executor available';
  return `${valkey} · ${fence} · ${executors}`;
}

const explorerOfflineNote = (what) =>
  h(
    'p',
    { class: 'note offline' },
    h('strong', null, 'No bridge. '),
    `${what} needs the bridge to a real Valkey, and it is off here. `,
    'Run ',
    h('code', null, 'npm start'),
    ' (it serves this page with a bridge), or add ',
    h('code', null, '?bridge=ws://host:port/ws'),
    ' to the address. Everything else works without it.',
  );
let offlineNote = explorerOfflineNote;

/** What a panel with no bridge says; the widgets replace the explorer's hints with words for any page. */
export function setOfflineNote(note) {
  offlineNote = note;
}

/**
 * bridge: a Bridge or null. what: what the live part does ("the live comparison").
 * onChange(): called whenever the bridge's state changes, so a panel can enable its buttons.
 */
export function liveStatus(bridge, what, onChange = () => {}) {
  const element = h('div', { class: 'live-status', role: 'status', 'aria-live': 'polite' });
  const render = () => {
    if (!bridge) {
      fill(element, offlineNote(what));
    } else if (bridge.status === 'failed') {
      const retry = h(
        'button',
        { type: 'button', class: 'small', onclick: () => bridge.ready().catch(() => {}) },
        'Retry',
      );
      fill(
        element,
        h(
          'p',
          { class: 'note offline' },
          h('strong', null, 'No bridge. '),
          `Nothing answered at `,
          h('code', null, bridge.url),
          `, so ${what} is off. `,
          'Everything else on this page works without it. ',
          retry,
        ),
      );
    } else if (bridge.hello) {
      fill(
        element,
        h(
          'p',
          { class: 'live-head' },
          h('span', { class: 'badge ok' }, 'LIVE'),
          h('span', { class: 'muted' }, describeHello(bridge.hello)),
        ),
      );
    } else {
      fill(element, h('p', { class: 'muted' }, `Connecting to ${bridge.url}…`));
    }
    onChange();
  };
  bridge?.addEventListener('change', render);
  render();
  return element;
}
