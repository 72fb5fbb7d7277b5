// Mint: namespace + node → fresh ids from the package's monotonic minter, with copy buttons. Live (the bridge
// answered hello and offers leases), the node is one the bridge leased for this page (mint-lease.js).
import { h, fill, field } from '../../lib/dom.js';
import { panelState } from '../../lib/panel-state.js';
import { formatCount, formatIso } from '../../lib/format.js';
import { copyButton } from '../../views/controls.js';
import { panelFrame } from '../../views/panel-frame.js';
import { createMintLease } from './mint-lease.js';
import { createMintModel, MAX_COUNT, MINT_DEFAULTS } from './mint-model.js';

export { MINT_DEFAULTS };

const LEDE =
  'The minting law: state = max(now, state + 1). Monotonic, never blocks, never repeats; a 4,097th id in one millisecond borrows the next.';

/**
 * The Mint panel: {element, set(state)}; `onState` is given its state as the reader changes it; with a live
 * `bridge`, it mints under a node the bridge leases for the page.
 */
export function createMintPanel({ state, onState, bridge = null }) {
  const model = panelState({ defaults: MINT_DEFAULTS, state, onState });
  const minting = createMintModel();

  const nsInput = h('input', {
    type: 'text',
    class: 'mono',
    size: 5,
    maxlength: 8,
    spellcheck: 'false',
    autocomplete: 'off',
  });
  const nodeInput = h('input', { type: 'number', min: 0, max: 1023, step: 1 });
  const countInput = h('input', { type: 'number', min: 1, max: MAX_COUNT, step: 1 });
  const nsField = field('Namespace', nsInput, '3 × A–Z');
  const nodeField = field('Node', nodeInput, '0–1023');
  const countField = field('How many', countInput, `1–${MAX_COUNT}`);
  const mintButton = h('button', { type: 'button', class: 'primary' }, 'Mint');
  const message = h('p', { role: 'status', 'aria-live': 'polite' });
  const list = h('ol', { class: 'idlist', 'data-testid': 'minted' });
  const copyAll = copyButton(
    () => [...list.querySelectorAll('.id')].map((e) => e.textContent).join('\n'),
    'Copy all minted ids',
    'Copy all',
  );
  copyAll.hidden = true;
  const leaseLine = h('p', { class: 'muted', 'data-testid': 'mint-lease', hidden: true });
  const leasing = leaseFor(bridge, (state) => showLease(leaseLine, nodeInput, state));

  async function mint() {
    const lease = await leasing.ready();
    const batch = minting.mint({ ns: nsInput.value, node: nodeInput.value, count: countInput.value }, lease);
    if (batch.error) {
      fill(message, errorLine(batch));
      return;
    }
    fill(
      list,
      batch.minted.map(({ id, unixMs, seq }) =>
        h(
          'li',
          null,
          h('span', { class: 'id' }, id),
          h('span', { class: 'muted mono' }, `${formatIso(unixMs)} · seq ${seq}`),
          copyButton(() => id, `Copy ${id}`),
        ),
      ),
    );
    copyAll.hidden = false;
    const count = batch.minted.length;
    fill(
      message,
      `${formatCount(count)} fresh id${count === 1 ? '' : 's'}, each greater than the one before (byte order = mint order). ${formatCount(batch.total)} minted by this page.`,
    );
  }
  mintButton.addEventListener('click', mint);

  const inputs = [
    ['ns', nsInput],
    ['node', nodeInput],
    ['count', countInput],
  ];
  model.bind(inputs);
  for (const [, input] of inputs)
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') mint();
    });

  const element = panelFrame(
    { key: 'mint', title: 'Mint', lede: LEDE },
    h('div', { class: 'row' }, nsField.field, nodeField.field, countField.field, mintButton, copyAll),
    leaseLine,
    message,
    list,
  );

  return {
    element,
    set(next) {
      model.set(next);
    },
  };
}

const offersLeases = (bridge) => Boolean(bridge?.live) && (bridge.hello?.limits?.maxLeases ?? 0) > 0;

// The page's lease when the bridge is live and offers leases, taken at the first Mint (a page that never mints
// holds none): ready() resolves the lease to mint under, or null to mint on the node typed (no bridge, or it
// leased none). The lease stops when the bridge is no longer live.
function leaseFor(bridge, onChange) {
  if (bridge === null) return { ready: async () => null };
  const lease = createMintLease({ bridge, onChange });
  bridge.addEventListener('change', () => {
    if (offersLeases(bridge) || lease.state().status === 'none') return;
    lease.stop();
    onChange(lease.state());
  });
  return {
    async ready() {
      if (bridge.status !== 'failed') await bridge.ready().catch(() => {}); // a click before hello waits for it
      if (!offersLeases(bridge)) return null;
      if (lease.state().status !== 'held') await lease.start();
      return lease.state().status === 'held' ? lease : null;
    },
  };
}

// The lease line: which node the page mints on and why, or why it stopped; the node field follows the lease.
function showLease(line, nodeInput, { status, node, message }) {
  line.hidden = status === 'none';
  nodeInput.disabled = status === 'held';
  if (status === 'held') {
    nodeInput.value = String(node);
    fill(
      line,
      'Minting on node ',
      h('strong', { 'data-testid': 'lease-node' }, String(node)),
      ', leased by the bridge for this page: no other minter on its Valkey holds it while this page is open.',
    );
  } else if (status === 'asking') fill(line, 'Leasing a node from the bridge…');
  else if (status === 'lost')
    fill(
      line,
      h(
        'span',
        { class: 'error-text' },
        `${message}. Mint again to lease a node; if the bridge leases none, the node typed is used.`,
      ),
    );
}

// A refusal of the count or node as the field says it; of the minter, its code first.
function errorLine({ error, field, code }) {
  if (field === 'count') return h('span', { class: 'error-text' }, error);
  if (!code) return h('span', { class: 'error-text', 'data-testid': 'mint-error' }, error);
  return h('span', { class: 'error-text', 'data-testid': 'mint-error' }, h('code', null, code), ` — ${error}`);
}
