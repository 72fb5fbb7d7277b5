// mintLease (issue 37): the bridge leases a node for a WebSocket on a real Valkey, renews it while the socket
// lives, releases it when the socket closes or the page stops asking; a second socket gets another node; the
// caps per address and per bridge hold; a node taken by another owner is reported lost. Every wait is for an event, with a generous
// deadline: nothing here depends on how fast the machine is. Two bridges on a Valkey Cluster lease for their
// pages from the one primary that holds the lease keys, and --ip-leases and --max-leases hold across both.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { Cluster } from 'iovalkey';

import { clientAt, sleep } from './attack-support.js';
import { useBridgeStack } from './fixture.js';
import { startCluster } from '../../scripts/valkey.js';
import { open, startBridge } from './support.js';

const nodeKey = (node) => `{emq:lease}:node:${node}`;
const highWaterKey = (node) => `{emq:lease}:hw:${node}`;
const PATIENCE_MS = 60000;

// Asks until `done(reply)` holds, or fails after PATIENCE_MS: the last reply.
async function askUntil(client, done, what) {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const reply = await client.request('mintLease');
    if (done(reply)) return reply;
    if (Date.now() > deadline) assert.fail(`${what}: last reply ${JSON.stringify(reply)}`);
    await sleep(200);
  }
}

async function until(check, what) {
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(what);
    await sleep(100);
  }
}

describe('mintLease: a node lease per WebSocket', () => {
  const stack = useBridgeStack({ direct: true, args: ['--max-leases', '3', '--ip-leases', '2'] });
  const connectAt = (n) => open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: clientAt(n) });

  it('leases a node in Valkey, answers its bounds, renews it, and releases it when the socket closes', async () => {
    const before = Date.now();
    const client = await connectAt(1);
    const first = await client.request('mintLease');
    assert.equal(first.ok, true, JSON.stringify(first));
    const { node, floorMs, ceilingMs, validForMs, renewEveryMs } = first.result;
    assert.ok(Number.isInteger(node) && node >= 0 && node <= 1023, `node ${node}`);
    assert.ok(floorMs < ceilingMs && ceilingMs >= before, `bounds ${floorMs}..${ceilingMs}`);
    assert.ok(validForMs > 0 && validForMs <= 10000, `valid for ${validForMs} ms`);
    assert.ok(renewEveryMs > 0 && renewEveryMs < validForMs);
    const owner = await stack.direct.get(nodeKey(node));
    assert.match(owner, /^[0-9a-f-]{36}$/, 'the node is held in Valkey under an owner token');
    assert.ok((await stack.direct.pttl(nodeKey(node))) > 0, 'under a TTL');

    const again = await client.request('mintLease');
    assert.equal(again.result.node, node, 'the same socket keeps its node');
    // The bridge renews on its own: the ceiling (what it promised Valkey) rises, the owner stays.
    const renewed = await askUntil(client, (r) => r.ok && r.result.ceilingMs > ceilingMs, 'a renewal');
    assert.equal(renewed.result.node, node);
    assert.equal(await stack.direct.get(nodeKey(node)), owner);
    assert.ok(Number(await stack.direct.get(highWaterKey(node))) >= renewed.result.ceilingMs - 1000);

    await client.close();
    await until(async () => (await stack.direct.exists(nodeKey(node))) === 0, 'the node released on close');
    assert.ok(
      Number(await stack.direct.get(highWaterKey(node))) >= renewed.result.ceilingMs,
      'the high-water keeps the ceiling the page may have minted up to',
    );
  });

  it('a second socket gets another node; one address holds --ip-leases, the bridge --max-leases', async () => {
    const [a1, a2, a3] = await Promise.all([connectAt(2), connectAt(2), connectAt(2)]);
    const [r1, r2] = await Promise.all([a1.request('mintLease'), a2.request('mintLease')]);
    assert.equal(r1.ok && r2.ok, true, JSON.stringify([r1, r2]));
    assert.notEqual(r1.result.node, r2.result.node, 'two sockets, two nodes');
    const third = await a3.request('mintLease');
    assert.equal(third.error?.code, 'rate', JSON.stringify(third));
    assert.match(third.error.message, /holds 2 minting leases/);
    assert.equal(await a3.request('hello').then((r) => r.ok), true, 'the refused socket is still served');

    const b1 = await connectAt(3);
    const b = await b1.request('mintLease');
    assert.equal(b.ok, true, 'another address leases beside it');
    const c1 = await connectAt(4);
    const full = await c1.request('mintLease');
    assert.equal(full.error?.code, 'busy', JSON.stringify(full));
    assert.equal(full.error.reason, 'leases');
    assert.equal(full.error.written, 'no');

    // A lease given back makes room: the refused address leases once a socket holding one closes.
    await a1.close();
    const after = await askUntil(c1, (r) => r.ok, 'a lease once another closed');
    assert.equal(typeof after.result.node, 'number');
    await Promise.all([a2, a3, b1, c1].map((c) => c.close()));
  });

  it('a node another minter took is reported lost, and the socket may lease again', async () => {
    const client = await connectAt(5);
    // The sockets the test before closed give their leases back as the bridge sees them close.
    const { node } = (await askUntil(client, (r) => r.ok, 'a lease')).result;
    // Another owner holds the node now (the lease lapsed and was taken elsewhere).
    await stack.direct.set(nodeKey(node), 'someone-else', 'PX', 60000);
    const lost = await askUntil(client, (r) => !r.ok, 'the loss reported');
    assert.equal(lost.error.code, 'unavailable');
    assert.match(lost.error.message, new RegExp(`node ${node}: another minter holds this node now`));
    assert.equal(await stack.direct.get(nodeKey(node)), 'someone-else', 'the new holder is left alone');
    const next = await askUntil(client, (r) => r.ok, 'a new lease');
    assert.notEqual(next.result.node, node);
    await client.close();
    await stack.direct.del(nodeKey(node));
  });
});

describe('mintLease: a page that stops asking', () => {
  const stack = useBridgeStack({ direct: true });

  it('has its lease let go after a TTL without an ask; the socket stays, and its next ask takes a lease', async () => {
    const page = await open(stack.bridge.ws, { origin: stack.bridge.origin, localAddress: clientAt(6) });
    const first = await page.request('mintLease');
    assert.equal(first.ok, true, JSON.stringify(first));
    const { node, ceilingMs } = first.result;
    // A background tab: no ask for longer than the TTL (10 s); every answer it holds has run out by then.
    await until(async () => (await stack.direct.exists(nodeKey(node))) === 0, 'the idle lease let go');
    assert.ok(Number(await stack.direct.get(highWaterKey(node))) >= ceilingMs, 'released at its ceiling');
    assert.ok(stack.bridge.logs.some((l) => l.event === 'mint_lease_idle' && l.node === node));
    const again = await page.request('mintLease');
    assert.equal(again.ok, true, JSON.stringify(again));
    assert.equal(again.result.node, node, 'the lowest free node again');
    assert.ok(again.result.floorMs >= ceilingMs, 'the new lease mints after what the page was allowed before');
    await page.close();
  });
});

describe('mintLease with --max-leases 0', () => {
  const stack = useBridgeStack({ client: true, args: ['--max-leases', '0'] });

  it('is refused `forbidden`, naming the option', async () => {
    const reply = await stack.client.request('mintLease');
    assert.equal(reply.error?.code, 'forbidden', JSON.stringify(reply));
    assert.match(reply.error.message, /--max-leases 0/);
  });
});

describe('mintLease from two bridges on a Valkey Cluster of 3 primaries', () => {
  let cluster;
  let admin;
  const bridges = [];
  before(async () => {
    cluster = await startCluster({});
    admin = new Cluster(cluster.startupNodes);
    const seeds = cluster.nodes.map((node) => node.url).join(',');
    for (let i = 0; i < 2; i++) bridges.push(await startBridge(['--cluster', seeds, '--max-leases', '4']));
  });
  after(async () => {
    admin?.disconnect();
    await Promise.all(bridges.map((b) => b.stop()));
    await cluster?.stop();
  });

  it('pages on each bridge get distinct nodes, held in the cluster, released on close', async () => {
    const pages = await Promise.all(
      [0, 1, 0, 1].map((b, i) => open(bridges[b].ws, { origin: bridges[b].origin, localAddress: clientAt(20 + i) })),
    );
    const replies = await Promise.all(pages.map((page) => page.request('mintLease')));
    for (const reply of replies) assert.equal(reply.ok, true, JSON.stringify(reply));
    const nodes = replies.map((reply) => reply.result.node);
    assert.equal(new Set(nodes).size, nodes.length, `one node each: ${nodes}`);
    for (const node of nodes) assert.match(await admin.get(nodeKey(node)), /^[0-9a-f-]{36}$/);
    await Promise.all(pages.map((page) => page.close()));
    for (const node of nodes)
      await until(async () => (await admin.exists(nodeKey(node))) === 0, `node ${node} released on close`);
  });

  it('one address spread over both bridges holds --ip-leases (2) in all, and a lease given back frees a place', async () => {
    const sockets = await Promise.all(
      [0, 1, 0, 1].map((b) => open(bridges[b].ws, { origin: bridges[b].origin, localAddress: clientAt(30) })),
    );
    const [first, second] = await Promise.all(sockets.slice(0, 2).map((socket) => socket.request('mintLease')));
    assert.equal(first.ok && second.ok, true, JSON.stringify([first, second]));
    for (const socket of sockets.slice(2)) {
      const refused = await socket.request('mintLease');
      assert.equal(refused.error?.code, 'rate', JSON.stringify(refused));
      assert.match(refused.error.message, /holds 2 minting leases/);
    }
    await sockets[0].close();
    const again = await askUntil(sockets[3], (reply) => reply.ok, 'a place once a lease was given back');
    assert.equal(typeof again.result.node, 'number');
    await Promise.all(sockets.slice(1).map((socket) => socket.close()));
  });

  it('--max-leases 4 holds across both bridges: of five pages on five addresses, the fifth is refused', async () => {
    const pages = await Promise.all(
      [0, 1, 0, 1, 0].map((b, i) => open(bridges[b].ws, { origin: bridges[b].origin, localAddress: clientAt(40 + i) })),
    );
    // The places of the tests before are given back as their sockets' closes reach the bridges.
    for (const page of pages.slice(0, 4)) await askUntil(page, (reply) => reply.ok, 'a lease within the cap');
    const fifth = await pages[4].request('mintLease');
    assert.equal(fifth.error?.code, 'busy', JSON.stringify(fifth));
    assert.equal(fifth.error.reason, 'leases');
    assert.match(fifth.error.message, /the bridges hold their 4 minting leases/);
    await pages[0].close();
    const after = await askUntil(pages[4], (reply) => reply.ok, 'a place once a page closed');
    assert.equal(typeof after.result.node, 'number');
    await Promise.all(pages.slice(1).map((page) => page.close()));
  });
});
