// Fleet-wide limits (issue 37): three bridge processes on one Valkey hold one bridge's limits for an address
// that spreads its requests over all three, on one node and on a cluster, and a bridge restarted mid-attack
// does not refill them; stream windows wait for the fleet's entry budget instead of being refused. Each
// figure is measured through one bridge first, in the same run, on an address of its own. Budgets are chosen
// to refill slowly (a key quota over an hour) or are compared per second of the time each attack took, so a
// slow machine changes neither side of a comparison.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';

import { createMinter } from '@echomq/branded';
import { Valkey } from 'iovalkey';

import { startCluster, startServer } from '../../scripts/valkey.js';
import { assertServed, clientAt, describeStats, legitClient } from './attack-support.js';
import { open, startBridge } from './support.js';

const IP_KEYS = 150;
const IP_BUDGET = 40;
const PER_IP = 4;
// One streamWindow's charge (the most it may read, 50,000, and one more): every window waits for what the last read.
const IP_WINDOW_ENTRIES = 50001;
// The per-connection and per-address frame rates are set out of the way: the budgets measured are the
// Valkey commands (--ip-budget) and the keys (--ip-keys).
const ARGS = [
  ...['--max-batch', '10', '--ip-keys', String(IP_KEYS), '--ip-budget', String(IP_BUDGET)],
  ...['--rate', '100000', '--ip-rate', '100000', '--max-connections-per-ip', String(PER_IP)],
  ...['--ip-window-entries', String(IP_WINDOW_ENTRIES)],
];
const KEYS_REFUSED = /new keys from this address/;
const BUDGET_REFUSED = /Valkey commands per second from this address/;
// An attacker stops once its key budget has refused it this many times in a row (it refills 150 an hour).
const GIVE_UP = 10;

const minter = createMinter({ namespace: 'JOB', node: 37 });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// `size` bridges on one Valkey (a node, or with `cluster` a local cluster of 3 primaries), each with `args`;
// fleet.start() starts one more bridge on it (a restart).
function useFleet(size, { cluster = false, args = ARGS } = {}) {
  const fleet = { valkey: null, direct: null, bridges: [], target: [] };
  fleet.start = () => startBridge([...fleet.target, ...args]);
  before(async () => {
    if (cluster) {
      fleet.valkey = await startCluster({});
      fleet.target = ['--cluster', fleet.valkey.nodes.map((node) => node.url).join(',')];
    } else {
      fleet.valkey = await startServer({ module: true });
      fleet.direct = new Valkey({ host: fleet.valkey.host, port: fleet.valkey.port });
      fleet.target = ['--valkey', fleet.valkey.url];
    }
    fleet.bridges = await Promise.all(Array.from({ length: size }, fleet.start));
  });
  after(async () => {
    fleet.direct?.disconnect();
    await Promise.all(fleet.bridges.map((b) => b.stop()));
    await fleet.valkey?.stop();
  });
  return fleet;
}

// The key quota through one bridge (on address n) and spread over the fleet (on address n + 1): the jobs each
// got; with `restart`, the last bridge is killed and started again mid-attack.
async function keyQuota(fleet, n, { restart = false } = {}) {
  const single = await Promise.all([1, 2, 3].map(() => connectTo(fleet.bridges[0], clientAt(n))));
  const one = (await Promise.all(single.map((c) => spendKeys(c, `demo.fleet${n}`)))).reduce((a, b) => a + b);
  await Promise.all(single.map((c) => c.close()));
  const attacker = clientAt(n + 1);
  const spread = await Promise.all(fleet.bridges.map((b) => connectTo(b, attacker)));
  const spending = spread.map((c) => spendKeys(c, `demo.fleet${n + 1}`));
  if (restart) {
    await sleep(500);
    await fleet.bridges.at(-1).stop('SIGKILL');
    fleet.bridges[fleet.bridges.length - 1] = await fleet.start();
    const back = await connectTo(fleet.bridges.at(-1), attacker);
    spread.push(back);
    spending.push(spendKeys(back, `demo.fleet${n + 1}`));
  }
  const spreadOver = (await Promise.all(spending)).reduce((a, b) => a + b);
  await Promise.all(spread.map((c) => c.close()));
  return { one, spreadOver };
}

// Opens 2 x PER_IP WebSockets from one address, round robin over the bridges: PER_IP open, the rest 503; one
// given back on the first bridge is then free on the second.
async function connectionCap(fleet, address) {
  const outcomes = [];
  const held = [];
  for (let i = 0; i < PER_IP * 2; i += 1) {
    const bridge = fleet.bridges[i % fleet.bridges.length];
    outcomes.push(
      await connectTo(bridge, address).then(
        (client) => held.push(client) && 'open',
        (error) => error.status,
      ),
    );
  }
  assert.deepEqual(outcomes, [...Array(PER_IP).fill('open'), ...Array(PER_IP).fill(503)]);
  await held[0].close(); // on the first bridge
  const deadline = Date.now() + 20000;
  let again = null;
  while (again === null && Date.now() < deadline) {
    again = await connectTo(fleet.bridges[1], address).catch(() => null);
    if (again === null) await sleep(50);
  }
  assert.notEqual(again, null, 'the place given back on one bridge is taken on another');
  await Promise.all([...held.slice(1), again].map((c) => c.close()));
}

const connectTo = (bridge, address) => open(bridge.ws, { origin: bridge.origin, localAddress: address });

// Enqueues one job at a time until the key budget refuses GIVE_UP times in a row; the jobs enqueued. A
// refusal by the command budget (per second) only slows it down.
async function spendKeys(client, queue) {
  let enqueued = 0;
  for (let refusedInARow = 0; refusedInARow < GIVE_UP;) {
    const reply = await client.request('enqueue', { queue, job: minter.next() });
    if (reply.ok) {
      enqueued += 1;
      refusedInARow = 0;
    } else if (KEYS_REFUSED.test(reply.error.message)) refusedInARow += 1;
    else if (BUDGET_REFUSED.test(reply.error.message)) await sleep(20);
    else if (reply.error.code === 'closed') return enqueued;
    else assert.fail(`unexpected refusal ${JSON.stringify(reply.error)}`);
  }
  return enqueued;
}

// Requests `request` as fast as the connections answer, for `ms`, each refusal matching `refused` (a refused
// client waits a moment, as a polite one would, so its connection is not closed for flooding): the requests
// served and the seconds it took.
async function spendRate(clients, ms, { request, refused }) {
  const started = performance.now();
  let served = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() - started < ms) {
        const reply = await client.request(...request);
        if (reply.ok) served += 1;
        else {
          assert.match(reply.error.message, refused);
          await sleep(10);
        }
      }
    }),
  );
  return { served, seconds: (performance.now() - started) / 1000 };
}

// A per-address rate through one bridge (on address n) and spread over the fleet (on address n + 1), each a
// share of what one bucket of `rate` a second (full at first) allows over the seconds its attack took: within
// 10% of each other.
async function rateShare(fleet, n, t, { name, rate, request, refused }) {
  const single = await Promise.all([1, 2, 3].map(() => connectTo(fleet.bridges[0], clientAt(n))));
  const one = await spendRate(single, 2500, { request, refused });
  const spread = await Promise.all(fleet.bridges.map((b) => connectTo(b, clientAt(n + 1))));
  const three = await spendRate(spread, 2500, { request, refused });
  await Promise.all([...single, ...spread].map((c) => c.close()));
  const [share1, share3] = [one, three].map(({ served, seconds }) => served / (rate + rate * seconds));
  t.diagnostic(
    `${name} ${rate}: one bridge ${one.served} in ${one.seconds.toFixed(2)} s, three ${three.served} in ${three.seconds.toFixed(2)} s (${share1.toFixed(3)} and ${share3.toFixed(3)} of one bucket)`,
  );
  assert.ok(share1 > 0.9 && share1 < 1.1, `one bridge served ${share1} of its ${name}`);
  assert.ok(Math.abs(share3 - share1) <= 0.1, `three bridges served ${share3} of one ${name}, one bridge ${share1}`);
}

// The command budget: reads, one Valkey command each and no key.
const commandBudget = (fleet, n, t) =>
  rateShare(fleet, n, t, {
    name: '--ip-budget',
    rate: IP_BUDGET,
    request: ['pending', { queue: 'demo.read', limit: 1 }],
    refused: BUDGET_REFUSED,
  });

describe('three bridges on one Valkey hold one bridge’s limits (--limits valkey)', () => {
  const fleet = useFleet(3);

  it('the key quota: an address spread over three bridges gets what one bridge gives it, and a restart refills nothing', async (t) => {
    const legit = await legitClient(fleet.bridges[1], { address: clientAt(210), everyMs: 100 });
    // Mid-attack, the third bridge is killed and started again; the attacker comes back through it.
    const { one, spreadOver: three } = await keyQuota(fleet, 201, { restart: true });
    const stats = await legit.stop();

    t.diagnostic(`--ip-keys ${IP_KEYS}: one bridge gave ${one} jobs, three bridges (one restarted) ${three}`);
    assert.ok(one > IP_KEYS * 0.9 - 3 && one <= IP_KEYS, `one bridge: ${one}`);
    assert.ok(Math.abs(three - one) <= one * 0.1, `three bridges gave ${three}, one bridge ${one}`);
    assert.equal(await fleet.direct.zcard('emq:{demo.fleet202}:pending'), three, 'every job counted is stored');
    assertServed(stats, 'a visitor beside the fleet attack');
    t.diagnostic(describeStats(stats));
  });

  it('the command budget: spread over three bridges, within 10% of one bridge per second of attack', (t) =>
    commandBudget(fleet, 203, t));

  it('the WebSocket cap per address holds across the bridges, and a place given back is free on another', () =>
    connectionCap(fleet, clientAt(205)));

  it('stream windows back to back, round robin over the bridges, wait for the address’s entry budget: none refused', async (t) => {
    const ENTRIES = 20000;
    const WINDOWS = 9;
    const seeder = await connectTo(fleet.bridges[0], clientAt(250));
    const seeded = await seeder.request('streamSeed', { queue: 'demo.windows', stream: 'w', entries: ENTRIES });
    assert.equal(seeded.ok, true, JSON.stringify(seeded));
    await seeder.close();
    const readers = await Promise.all(fleet.bridges.map((b) => connectTo(b, clientAt(251))));
    const window = { queue: 'demo.windows', stream: 'w', t0: 1781000000000, t1: 1781000001000 };
    const started = performance.now();
    for (let i = 0; i < WINDOWS; i++) {
      const reply = await readers[i % readers.length].request('streamWindow', window);
      assert.equal(reply.ok, true, `window ${i}: ${JSON.stringify(reply.error)}`);
      assert.equal(reply.result.count, ENTRIES);
    }
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(readers.map((c) => c.close()));
    t.diagnostic(`${WINDOWS} windows of ${ENTRIES} entries over three bridges in ${seconds.toFixed(2)} s`);
    // The fleet's bucket refills IP_WINDOW_ENTRIES a second from full; a bridge deciding on a stale copy may let
    // one window more through before Valkey's debt reaches it.
    const atLeast = (WINDOWS * ENTRIES - IP_WINDOW_ENTRIES - readers.length * ENTRIES) / IP_WINDOW_ENTRIES;
    assert.ok(seconds >= atLeast, `${WINDOWS} windows in ${seconds} s, at least ${atLeast} s by the budget`);
  });

  it('--seed-interval spaces the seeds of the whole fleet: two at once on two bridges, the later starts after it', async (t) => {
    const seeders = await Promise.all([0, 1].map((i) => connectTo(fleet.bridges[i], clientAt(230 + i))));
    const started = performance.now();
    const ended = await Promise.all(
      seeders.map(async (client, i) => {
        const reply = await client.request('streamSeed', { queue: 'demo.seeds', stream: `s${i}`, entries: 1000 });
        assert.equal(reply.ok, true, JSON.stringify(reply));
        return performance.now() - started;
      }),
    );
    await Promise.all(seeders.map((c) => c.close()));
    t.diagnostic(
      `two seeds on two bridges ended ${ended.map((ms) => `${Math.round(ms)} ms`).join(' and ')} after asking`,
    );
    // Per bridge, both would start at once; across the fleet the second waits out the default 2,000 ms.
    assert.ok(Math.max(...ended) >= 2000, `the later seed ended ${Math.max(...ended)} ms after both were asked`);
  });
});

// --seed-bytes 1,000,000 for the fleet: a seed of 20,000 entries holds 640,000 bytes (32 an entry), so two
// such seeds fit one bridge each but not the fleet.
const SEED_BYTES = 1000000;
const SEED_ARGS = ['--seed-bytes', String(SEED_BYTES), '--ip-seed-bytes', '700000', '--seed-interval', '0'];

// --ip-rate 40 frames a second; every other rate and budget out of the way.
const IP_RATE = 40;
const RATE_ARGS = ['--ip-rate', String(IP_RATE), '--rate', '100000', '--ip-budget', '100000', '--budget', '1000000'];

describe('--ip-rate holds across the fleet', () => {
  const fleet = useFleet(3, { args: RATE_ARGS });

  it('frames spread over three bridges: within 10% of one bridge per second of attack', (t) =>
    rateShare(fleet, 260, t, {
      name: '--ip-rate',
      rate: IP_RATE,
      request: ['hello'],
      refused: /requests per second from this address/,
    }));
});

describe('--seed-bytes holds across the fleet', () => {
  const fleet = useFleet(2, { args: SEED_ARGS });
  const seed = async (bridge, n, stream, entries) => {
    const client = await connectTo(bridge, clientAt(n));
    const reply = await client.request('streamSeed', { queue: 'demo.seeds', stream, entries });
    await client.close();
    return reply;
  };
  const stored = async () => {
    let bytes = 0;
    for (const stream of ['a', 'b', 'c', 'd'])
      bytes += (await fleet.direct.xlen(`emq:{demo.seeds}:stream.${stream}`)) * 32;
    return bytes;
  };

  it('a seed on one bridge counts on the other: refused past the limit, or taking the heaviest seeder’s room', async (t) => {
    assert.equal((await seed(fleet.bridges[0], 240, 'a', 20000)).ok, true);
    // Per bridge this would fit (640,000 of 1,000,000 on the second bridge); across the fleet it would make
    // 1,280,000, and the heaviest other seeder holds no more than it would: refused, nothing written.
    const refused = await seed(fleet.bridges[1], 241, 'b', 20000);
    assert.equal(refused.error?.code, 'busy', JSON.stringify(refused));
    assert.equal(refused.error.reason, 'seeds');
    assert.match(refused.error.message, new RegExp(`holds ${SEED_BYTES} bytes of seeded streams`));
    assert.equal(await fleet.direct.exists('emq:{demo.seeds}:stream.b'), 0);
    // A smaller seed fits beside it.
    assert.equal((await seed(fleet.bridges[1], 241, 'c', 10000)).ok, true);
    // A newcomer on the second bridge takes the room of the heaviest seeder's stream, seeded on the first.
    assert.equal((await seed(fleet.bridges[1], 242, 'd', 10000)).ok, true);
    assert.equal(await fleet.direct.exists('emq:{demo.seeds}:stream.a'), 0, 'the heaviest seeder’s stream gave way');
    const bytes = await stored();
    t.diagnostic(`seeded streams kept by the fleet: ${bytes} bytes of --seed-bytes ${SEED_BYTES}`);
    assert.ok(bytes <= SEED_BYTES, `${bytes} bytes kept`);
    assert.equal(bytes, 640000);
  });
});

describe('three bridges on a Valkey Cluster of 3 primaries hold one bridge’s limits', () => {
  const fleet = useFleet(3, { cluster: true });

  it('the key quota with a bridge restarted mid-attack, beside a visitor; each address’s budgets under its own hash tag', async (t) => {
    const legit = await legitClient(fleet.bridges[1], { address: clientAt(226), everyMs: 100 });
    const { one, spreadOver } = await keyQuota(fleet, 221, { restart: true });
    const stats = await legit.stop();
    t.diagnostic(
      `--ip-keys ${IP_KEYS} on a cluster: one bridge gave ${one} jobs, three bridges (one restarted) ${spreadOver}`,
    );
    assert.ok(one > IP_KEYS * 0.9 - 3 && one <= IP_KEYS, `one bridge: ${one}`);
    assert.ok(Math.abs(spreadOver - one) <= one * 0.1, `three bridges gave ${spreadOver}, one bridge ${one}`);
    assertServed(stats, 'a visitor beside the fleet attack on a cluster');
    t.diagnostic(describeStats(stats));
  });

  it('the command budget and the WebSocket cap, as on one node', async (t) => {
    await commandBudget(fleet, 223, t);
    await connectionCap(fleet, clientAt(225));
  });
});

describe('--limits valkey on a Valkey without the limits library', () => {
  const fleet = { valkey: null, bridge: null };
  before(async () => {
    fleet.valkey = await startServer({ module: true, library: false });
    fleet.bridge = await startBridge(['--valkey', fleet.valkey.url]);
  });
  after(async () => {
    await fleet.bridge?.stop();
    await fleet.valkey?.stop();
  });

  it('writes are refused `unavailable`, naming the command that loads it; hello still answers', async () => {
    const client = await connectTo(fleet.bridge, clientAt(206));
    assert.equal((await client.request('hello')).ok, true);
    const reply = await client.request('enqueue', { queue: 'demo.x', job: minter.next() });
    assert.equal(reply.error?.code, 'unavailable', JSON.stringify(reply));
    assert.equal(reply.error.written, 'no');
    assert.match(reply.error.message, /--print-limit-functions/);
    await client.close();
  });
});

describe('the branded_limits library (as the bridge calls it)', () => {
  let valkey;
  let direct;
  const key = 'emq:limit:{192.0.2.1}:limits';
  const charge = (...buckets) => direct.fcall('emq_limits_charge', 1, key, ...buckets.flat().map(String));
  const place = (kind, bridge, action, cap, leaseMs, count = 0) =>
    direct.fcall('emq_limits_place', 1, key, kind, bridge, action, String(cap), String(leaseMs), String(count));
  const connect = (...args) => place('conn', ...args);
  before(async () => {
    valkey = await startServer({});
    direct = new Valkey({ host: valkey.host, port: valkey.port });
  });
  after(async () => {
    direct?.disconnect();
    await valkey?.stop();
  });
  beforeEach(() => direct.del(key));

  it('buckets refill on the server’s clock, go into debt, and the key lives until they are full again', async () => {
    assert.deepEqual(await charge(['keys', 1, 100, 0]), ['100'], 'full at first');
    assert.equal(await direct.exists(key), 0, 'a full bucket keeps no key');
    const [left] = await charge(['keys', 1, 100, 130]);
    assert.ok(Number(left) >= -30 && Number(left) < -29, `in debt: ${left}`);
    const ttl = await direct.ttl(key);
    assert.ok(ttl >= 129 && ttl <= 132, `kept until full again (130 s, rounded up, and a second): ${ttl} s`);
    assert.match(
      String(await charge(['keys', 1, 100, 0], ['cost', 'x', 10, 0]).catch((e) => e.message)),
      /bucket cost/,
    );
  });

  it('one call for many keys (a standalone Valkey): each key its own buckets', async () => {
    const other = 'emq:limit:{192.0.2.2}:limits';
    const quads = ['1', 'keys', '1', '100', '10', '2', 'a', '1', '5', '1', 'b', '1', '5', '0'];
    assert.deepEqual(await direct.fcall('emq_limits_charge_many', 2, key, other, ...quads), ['90', '4', '5']);
    assert.deepEqual([await direct.hget(key, 'keys:v'), await direct.hget(other, 'a:v')], ['90', '4']);
    await direct.del(other);
  });

  it('the seed ledger: room from the heaviest other seeder’s oldest stream, taken at once, given back on failure', async () => {
    const ledger = 'emq:limit:{bridge}:seeds';
    const put = (...args) => direct.fcall('emq_limits_seed_put', 1, ledger, ...args.map(String));
    const room = (holder, stream, bytes) =>
      direct.fcall('emq_limits_seed_room', 1, ledger, holder, stream, String(bytes), '1000', '60000');
    const total = async () =>
      Object.values(await direct.hgetall(ledger)).reduce((sum, entry) => sum + Number(entry.split('\t')[1]), 0);
    await direct.del(ledger);
    for (const [holder, stream] of [
      ['a', 'k1'],
      ['a', 'k2'],
      ['b', 'k3'],
    ])
      await put(stream, 'record', holder, 300, 60000);
    assert.deepEqual(await room('c', 'k4', 300), [1, '', 'k1'], "a's oldest gives way; c's room is taken at once");
    assert.equal(await total(), 900);
    const [granted, previous] = await room('b', 'k3', 400);
    assert.equal(granted, 1, 'seeding the same stream again frees its own bytes');
    assert.match(previous, /^b\t300\t/);
    assert.deepEqual(await room('a', 'k5', 300), [0], 'the heaviest makes no room for itself');
    await put('k3', 'restore', previous);
    await put('k4', 'restore', '');
    assert.equal(await total(), 600, 'seeds that failed gave their room back');
    assert.ok((await direct.ttl(ledger)) > 0, 'the ledger lapses with its last stream');
    await direct.del(ledger);
  });

  it('WebSocket counts: the cap across bridges, a lapsed lease counts for nothing, a count of 0 keeps nothing', async () => {
    assert.deepEqual(await connect('a', 'take', 2, 60000), [1, 1]);
    assert.deepEqual(await connect('b', 'take', 2, 1), [1, 2], 'b holds one under a lease of 1 ms');
    // Once b's lease has lapsed (a bridge gone), a takes its place; until then a is refused.
    const deadline = Date.now() + 20000;
    let granted = 0;
    while (granted !== 1 && Date.now() < deadline) [granted] = await connect('a', 'take', 2, 60000);
    assert.equal(granted, 1, 'b’s lease lapsed: a takes its place');
    assert.deepEqual(await connect('c', 'take', 2, 60000), [0, 2], 'at the cap');
    assert.deepEqual(await connect('a', 'hold', 2, 60000, 0), [1, 0]);
    assert.equal(await direct.exists(key), 0, 'nothing held, nothing kept');
  });

  it('minting leases are counted apart from WebSockets; a kind that is neither is refused', async () => {
    assert.deepEqual(await connect('a', 'take', 1, 60000), [1, 1]);
    assert.deepEqual(await place('mint', 'a', 'take', 1, 60000), [1, 1], 'a WebSocket takes no minting place');
    assert.deepEqual(await place('mint', 'b', 'take', 1, 60000), [0, 1], 'the minting cap across bridges');
    assert.match(String(await place('x', 'a', 'take', 1, 60000).catch((e) => e.message)), /conn or mint/);
    await connect('a', 'hold', 1, 60000, 0);
    await place('mint', 'a', 'hold', 1, 60000, 0);
    assert.equal(await direct.exists(key), 0);
  });
});
