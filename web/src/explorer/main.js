// The explorer: a header (bridge state, theme), a tab list of panels, each panel's inputs in the address.
import { h, fill } from '../lib/dom.js';
import { adoptStyles } from '../lib/styles.js';
import { bridgeFor, defaultBridgeUrl } from '../lib/bridge.js';
import { PANELS } from '../panels/index.js';
import { readState, writeState } from './url-state.js';
import { themeToggle } from './theme.js';
import { copyButton } from '../views/controls.js';
import explorerCss from '../styles/explorer.css?inline';

adoptStyles(document, explorerCss);

let state = readState(location.search, PANELS);
const bridge = bridgeFor(defaultBridgeUrl(state.bridge), state.token);

function bridgePill() {
  const pill = h('span', { class: 'pill', role: 'status', 'data-testid': 'bridge-pill' });
  const render = () => {
    let text;
    let kind;
    let detail = '';
    if (!bridge) [kind, text] = ['none', location.protocol === 'file:' ? 'offline file · no bridge' : 'no bridge'];
    else if (bridge.status === 'failed') [kind, text] = ['failed', 'no bridge'];
    else if (bridge.hello)
      [kind, text, detail] = ['live', 'bridge live', ` · Valkey ${bridge.hello.valkey?.version ?? 'down'}`];
    else [kind, text] = ['connecting', 'connecting…'];
    pill.dataset.state = kind;
    pill.title = text + detail;
    // A phone shows the state alone (the detail goes), never a state cut short.
    const more = detail ? h('span', { class: 'pill-detail' }, detail) : null;
    fill(pill, h('span', { class: 'dot', 'aria-hidden': 'true' }), h('span', { class: 'pill-text' }, text, more));
  };
  bridge?.addEventListener('change', render);
  render();
  return pill;
}

const instances = new Map();
const shareNote = h('p', { class: 'share-note', hidden: true, 'data-testid': 'share-note' });
// What the address cannot carry: a paste too long for a link, or the rows of a file (or a large paste) that
// never entered the box.
function linkNote(dropped) {
  const notInLink = instances.get('decode')?.notInLink?.();
  if (notInLink) return `The link does not carry ${notInLink}: whoever opens it sees the ids in the box instead.`;
  if (dropped.length) return 'The pasted ids are too long for a link; the link keeps everything else.';
  return '';
}
// The note answers the reader's Copy link: before it, nobody asked what a link carries.
let linkCopied = false;
let droppedFromLink = [];
function showLinkNote() {
  shareNote.textContent = linkCopied ? linkNote(droppedFromLink) : '';
  shareNote.hidden = shareNote.textContent === '';
}
function saveState({ push = false } = {}) {
  const { search, dropped } = writeState(state, PANELS);
  droppedFromLink = dropped;
  showLinkNote();
  if (search === location.search) return;
  history[push ? 'pushState' : 'replaceState'](null, '', search + location.hash);
}

const tabs = [];
const tabpanels = [];
for (const panel of PANELS) {
  const instance = panel.create({
    state: state.panels[panel.key],
    bridge,
    onState: (values) => {
      state.panels[panel.key] = values;
      saveState();
    },
  });
  instances.set(panel.key, instance);
  const tab = h(
    'button',
    {
      type: 'button',
      role: 'tab',
      id: `tab-${panel.key}`,
      'aria-controls': `panel-${panel.key}`,
      'data-tab': panel.key,
    },
    h('span', null, panel.title),
    h('span', { class: 'blurb' }, panel.blurb),
  );
  tab.addEventListener('click', () => select(panel.key, { push: true }));
  tabs.push(tab);
  tabpanels.push(
    h('div', { role: 'tabpanel', id: `panel-${panel.key}`, 'aria-labelledby': `tab-${panel.key}` }, instance.element),
  );
}

function select(key, { push = false, focus = false } = {}) {
  state.tab = key;
  PANELS.forEach((panel, i) => {
    const selected = panel.key === key;
    tabs[i].setAttribute('aria-selected', String(selected));
    tabs[i].tabIndex = selected ? 0 : -1;
    tabpanels[i].hidden = !selected;
    if (selected && focus) tabs[i].focus();
    // A phone's tab strip scrolls sideways: bring the selected tab into it.
    if (selected) tabs[i].scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });
  saveState({ push });
}

const nav = h('nav', { role: 'tablist', 'aria-label': 'Panels' }, tabs);
nav.addEventListener('keydown', (event) => {
  const index = PANELS.findIndex((p) => p.key === state.tab);
  const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: PANELS.length - 1 };
  if (!(event.key in moves)) return;
  event.preventDefault();
  const next = (moves[event.key] + PANELS.length) % PANELS.length;
  select(PANELS[next].key, { push: true, focus: true });
});

// The address always holds the view (url-state.js), so the link is the address as it is now.
const linkButton = copyButton(() => location.href, 'Copy link to this view', 'Copy link');
linkButton.dataset.testid = 'copy-link';
linkButton.addEventListener('click', () => {
  linkCopied = true;
  showLinkNote();
});
const themeButton = h('button', { type: 'button', class: 'small', 'data-testid': 'theme' });
themeToggle(themeButton);
// The docs site sits beside the explorer wherever the site is served (npm start: /docs/); a file has none.
const docsLink =
  location.protocol === 'file:'
    ? null
    : h('a', { class: 'small button-link', href: './docs/', 'data-testid': 'docs-link' }, 'Docs');

fill(
  document.getElementById('app'),
  h(
    'header',
    { class: 'top' },
    h(
      'div',
      { class: 'top-inner' },
      h(
        'div',
        { class: 'brand' },
        h(
          'span',
          { class: 'mark', 'aria-hidden': 'true' },
          h('span', { class: 'ns' }, 'JOB'),
          h('span', { class: 'pl' }, '0KHTOWnGLuC'),
        ),
        h('h1', null, 'branded'),
        h('span', { class: 'sub' }, 'the EchoMQ branded-id contract, made visible'),
      ),
      bridgePill(),
      h('div', { class: 'top-actions' }, docsLink, linkButton, themeButton),
    ),
    nav,
  ),
  h('main', null, shareNote, tabpanels),
  h(
    'footer',
    null,
    'Every value on this page comes from @echomq/branded, the C++ core compiled to WebAssembly. Nothing here is fetched from the network; the live parts talk only to your bridge.',
  ),
);

select(state.tab);
window.addEventListener('popstate', () => {
  state = readState(location.search, PANELS);
  for (const panel of PANELS) instances.get(panel.key).set(state.panels[panel.key]);
  select(state.tab);
});
bridge?.ready().catch(() => {});
