// The Mint panel under a leased node (web/src/panels/mint/mint-lease.js with mint-model.js): the page's Bridge
// client (web/src/lib/bridge.js, on Node's `ws`) asks a real bridge on a real Valkey for a lease, mints on
// that node inside its bounds, and stops when its time runs out, the socket closes, or the bridge says the
// node is lost. The page's monotonic clock is injected, so the deadline is reached by a test, not by waiting.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { parse, ready } from '@echomq/branded';
import { Valkey } from 'iovalkey';
import WebSocket from 'ws';

import { startServer } from '../../../scripts/valkey.js';
import { Bridge } from '../../../web/src/lib/bridge.js';
import { createMintLease } from '../../../web/src/panels/mint/mint-lease.js';
import { createMintModel } from '../../../web/src/panels/mint/mint-model.js';
import { startBridge } from '../../bridge/support.js';

await ready;
globalThis.WebSocket ??= WebSocket; // what a page has; Node 20 has none of its own

const PATIENCE_MS = 60000;
const nodeKey = (node) => `{emq:lease}:node:${node}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(check, what) {
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(what);
    await sleep(50);
  }
}

// A page: its Bridge client, its lease with a monotonic clock the test moves, and its Mint model.
function page(bridgeProcess) {
  const clock = { offset: 0, monotonic: () => performance.now() + clock.offset, wall: () => Date.now() };
  const bridge = new Bridge(bridgeProcess.ws);
  const changes = [];
  const lease = createMintLease({ bridge, clock, onChange: (state) => changes.push(state) });
  return { bridge, clock, lease, changes, model: createMintModel() };
}

describe('the Mint panel’s lease, against a real bridge', () => {
  let valkey;
  let bridgeProcess;
  let direct;
  const pages = [];
  const open = () => {
    const p = page(bridgeProcess);
    pages.push(p);
    return p;
  };
  before(async () => {
    valkey = await startServer({});
    direct = new Valkey({ host: valkey.host, port: valkey.port });
    bridgeProcess = await startBridge(['--valkey', valkey.url, '--ip-leases', '16']); // every page on one address
  });
  after(async () => {
    for (const p of pages) {
      p.lease.stop();
      p.bridge.socket?.close();
    }
    direct?.disconnect();
    await bridgeProcess?.stop();
    await valkey?.stop();
  });

  it('mints on the leased node, inside its bounds, whatever node was typed', async () => {
    const { lease, model } = open();
    await lease.start();
    assert.equal(lease.state().status, 'held');
    const { node, floorMs, ceilingMs } = lease.bounds();
    const batch = model.mint({ ns: 'JOB', node: '7', count: '50' }, lease);
    assert.equal(batch.node, node, JSON.stringify(batch));
    for (const { id } of batch.minted) {
      const p = parse(id);
      assert.equal(p.node, node);
      assert.ok(p.unixMs > floorMs && p.unixMs <= ceilingMs, `${p.unixMs} in (${floorMs}, ${ceilingMs}]`);
    }
    assert.ok((await direct.exists(nodeKey(node))) === 1, 'the node is held in Valkey');
  });

  it('two pages get two nodes', async () => {
    const [a, b] = [open(), open()];
    await Promise.all([a.lease.start(), b.lease.start()]);
    assert.notEqual(a.lease.bounds().node, b.lease.bounds().node);
  });

  it('stops once the time the bridge gave has run out, nothing minted', async () => {
    const { lease, model, clock } = open();
    await lease.start();
    const node = lease.bounds().node;
    clock.offset = 60000; // the page's clock past validForMs with no fresh answer
    const refused = model.mint({ ns: 'JOB', node: '0', count: '3' }, lease);
    assert.equal(refused.code, 'lease', JSON.stringify(refused));
    assert.match(refused.error, new RegExp(`^node ${node}: the bridge did not renew the lease in time`));
    assert.equal(refused.minted, undefined);
    assert.equal(lease.state().status, 'lost');
  });

  it('stops when the socket closes, and the bridge releases the node', async () => {
    const { lease, model, bridge, changes } = open();
    await lease.start();
    const node = lease.bounds().node;
    bridge.socket.close();
    await until(() => lease.state().status === 'lost', 'the page learns the socket closed');
    assert.match(lease.state().message, /the connection to the bridge closed/);
    assert.equal(model.mint({ ns: 'JOB', node: '0', count: '1' }, lease).code, 'lease');
    assert.deepEqual(
      changes.map((c) => c.status),
      ['asking', 'held', 'lost'],
    );
    await until(async () => (await direct.exists(nodeKey(node))) === 0, 'the node released');
    // Minting again takes a new lease on a new socket.
    await lease.start();
    assert.equal(lease.state().status, 'held');
  });

  it('stops when the bridge says another minter holds the node', async () => {
    const { lease, model } = open();
    await lease.start();
    const node = lease.bounds().node;
    await direct.set(nodeKey(node), 'another-minter', 'PX', 60000);
    // The page asks again every renewEveryMs; the bridge's renewal finds the node taken.
    await until(() => lease.state().status === 'lost', 'the loss reported');
    assert.match(
      lease.state().message,
      new RegExp(`^node ${node}: another minter holds this node now.*so minting on it stopped$`),
    );
    assert.equal(model.mint({ ns: 'JOB', node: '0', count: '1' }, lease).code, 'lease');
    assert.equal(await direct.get(nodeKey(node)), 'another-minter', 'the new holder is left alone');
    await direct.del(nodeKey(node));
  });
});
