// The least-privilege Valkey user (bridge/src/acl.js): every op of the bridge works when it logs in as that
// user, and the user can do nothing else — no script of its own (no EVAL, SCRIPT, FUNCTION), no SELECT, INFO's
// server section only, SET on the fence only, no key whose hash tag is not a served queue's name. A refused
// login is said once and recovered from. And the explorer's shared address never carries ?token=.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';

import { FENCE_KEY, FENCE_VALUE, createMinter } from '@echomq/branded';
import { LIBRARY_CODE } from '@echomq/branded/valkey';
import { Valkey } from 'iovalkey';

import { ACL_USER, aclCommand, aclRules, fenceClaimCommand } from '../../bridge/src/acl.js';
import { loadConfig } from '../../bridge/src/config.js';
import { LIMITS_LIBRARY_CODE } from '../../bridge/src/fleet/library.js';
import { readState, writeState } from '../../web/src/explorer/url-state.js';
import { BRIDGE_CLI, ONE_ADDRESS_LOAD, getJson, open } from './support.js';
import { useBridgeStack } from './fixture.js';

const PASSWORD = 'acl-test-password-0123456789';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const majorOf = async (direct) => Number(/valkey_version:(\d+)/.exec(await direct.info('server'))[1]);

async function until(check, what, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('the bridge as a least-privilege Valkey user', () => {
  // The bridge logs in as the least-privilege user; `direct` is the admin who created it.
  const stack = useBridgeStack({
    server: { module: true },
    args: ONE_ADDRESS_LOAD,
    direct: true,
    prepare: async ({ direct }) => {
      await direct.set(FENCE_KEY, FENCE_VALUE, 'NX'); // the administrator's claim: the user may only read it
      await direct.call(
        'ACL',
        'SETUSER',
        ACL_USER,
        ...aclRules(loadConfig([]), PASSWORD, { databases: (await majorOf(direct)) >= 9 }),
      );
    },
    valkeyUrl: ({ host, port }) => `redis://${ACL_USER}:${PASSWORD}@${host}:${port}`,
  });
  let user;
  before(() => {
    user = new Valkey({
      host: stack.valkey.host,
      port: stack.valkey.port,
      username: ACL_USER,
      password: PASSWORD,
      enableReadyCheck: false,
    });
    user.on('error', () => {}); // refused while the user is deleted (the last test)
  });
  after(() => user?.disconnect());

  it('every op succeeds through the bridge, with both executors', async () => {
    const client = await open(stack.bridge.ws, { origin: stack.bridge.origin });
    const jobs = createMinter({ namespace: 'JOB', node: 3 });
    const first = jobs.next();
    const requests = [
      ['hello', {}],
      ['enqueue', { queue: 'demo', job: first }],
      ['enqueue', { queue: 'demo', job: jobs.next(), executor: 'native' }],
      ['enqueueMany', { queue: 'demo.many-1_x', items: [{ job: jobs.next() }, { job: jobs.next() }] }],
      ['job', { queue: 'demo', job: first }],
      ['pending', { queue: 'demo' }],
      ['streamSeed', { queue: 'demo', stream: 'acl', entries: 5000 }],
      ['streamWindow', { queue: 'demo', stream: 'acl', t0: 1781000000000, t1: 1781000000002 }],
      ['gateCompare', { job: jobs.next() }],
      ['enqueue', { queue: `demo${'q'.repeat(32)}`, job: jobs.next() }],
      ['mintLease', {}],
    ];
    for (const [op, fields] of requests) {
      const reply = await client.request(op, fields);
      assert.equal(reply.ok, true, `${op}: ${JSON.stringify(reply)}`);
    }
    const duplicate = await client.request('enqueue', { queue: 'demo', job: first });
    assert.equal(duplicate.error?.code, 'duplicate');
    const tooLong = await client.request('enqueue', { queue: `demo${'q'.repeat(33)}`, job: jobs.next() });
    assert.equal(tooLong.error?.code, 'forbidden', 'a glob * covers at most 32 bytes, as the ACL does');
    assert.equal((await stack.direct.ttl(`emq:{demo}:job:${first}`)) > 0, true, 'the data TTL is set as this user');
    assert.deepEqual(await stack.direct.call('ACL', 'LOG'), [], 'no ACL refusal on the way');
    assert.equal(await stack.direct.exists('emq:limit:{127.0.0.1}:limits'), 1, "the fleet's limits, as this user");
    assert.equal(await stack.direct.exists('{emq:lease}:node:0'), 1, 'a node leased for the page, as this user');
    await client.close();
  });

  it('the user can do nothing else: no script of its own, no SELECT, no other INFO, no SET even on the fence, no crossed hash tag', async () => {
    const refusals = [
      () => user.flushall(),
      () => user.call('CONFIG', 'GET', 'maxmemory'),
      () => user.keys('*'),
      () => user.get('elsewhere'),
      () => user.call('FCALL', 'emq_limits_charge', 1, 'elsewhere', 'b', '1', '1', '0'),
      () => user.set('emq:{orders}:job:x', '1'),
      () => user.call('MODULE', 'LIST'),
      () => user.eval("return redis.call('SET', 'elsewhere', '1')", 0),
      () => user.eval('return 1', 0),
      () => user.call('EVALSHA', 'e0e1f9fabfc9d4800c877a703b823ac0578ff8db', 0),
      () => user.call('SCRIPT', 'LOAD', 'return 1'),
      () => user.call('SCRIPT', 'FLUSH'),
      () => user.call('FUNCTION', 'LOAD', "#!lua name=evil\nredis.register_function('evil', function() return 1 end)"),
      () => user.call('FUNCTION', 'DELETE', 'branded'),
      () => user.call('FUNCTION', 'FLUSH'),
      () => user.call('SELECT', '1'),
      () => user.call('INFO'),
      () => user.call('INFO', 'all'),
      () => user.call('INFO', 'keyspace'),
      () => user.call('INFO', 'clients'),
      () => user.set('emq:{demo}:pending', 'x'.repeat(1 << 20)),
      () => user.get('emq:{demo:other}:x'),
      () => user.get('emq:{demo}}:x'),
      () => user.hgetall('emq:{demo.a:b}:job:JOB0KHTOWnGLuC'),
      () => user.call('ACL', 'WHOAMI'),
      () => user.call('CLIENT', 'LIST'),
      () => user.call('SUBSCRIBE', 'x'),
      () => user.call('DEL', '{emq}:version'),
      () => user.call('SET', '{emq}:version', 'foreign-fence'),
      () => user.call('SET', '{emq}:version', FENCE_VALUE, 'NX'),
      () => user.call('SET', '{emq}:version', 'foreign-fence', 'XX'),
      // The lease selector's SET and PEXPIRE reach the lease keys only.
      () => user.call('PEXPIRE', 'emq:{demo}:pending', '1'),
      () => user.call('SET', '{emq:lease}x', '1'),
      () => user.call('SET', 'emq:{demo}:lease', '1'),
    ];
    for (const attempt of refusals) {
      await assert.rejects(attempt(), /NOPERM|permission|no permissions/i, attempt.toString());
    }
    assert.equal(await stack.direct.exists('elsewhere', 'emq:{orders}:job:x'), 0);
    assert.equal(await stack.direct.type('emq:{demo}:pending'), 'zset', 'the pending set is as the bridge wrote it');
    assert.match(await user.call('INFO', 'server'), /^# Server/);
    assert.equal(await user.get(FENCE_KEY), FENCE_VALUE, 'the fence is read, and as the administrator claimed it');
    assert.equal(await stack.direct.get(FENCE_KEY), FENCE_VALUE, 'a foreign SET changed nothing');
  });

  it('--print-acl and --print-functions print what an operator runs', () => {
    const out = execFileSync(process.execPath, [BRIDGE_CLI, '--print-acl', '--queues', 'docs.*,demo'], {
      encoding: 'utf8',
    }).trim();
    assert.equal(out, `${aclCommand(loadConfig(['--queues', 'docs.*,demo']))}\n${fenceClaimCommand()}`);
    assert.equal(fenceClaimCommand(), `SET '{emq}:version' ${FENCE_VALUE} NX`);
    assert.match(out, /'~emq:\{docs\.\}:\*' '~emq:\{docs\.\[-\.0-9A-Z_a-z\]\}:\*' /);
    assert.match(out, /'~emq:\{demo\}:\*' '~emq:\{scratch\.(\[0-9a-f\]){16}\}:\*' /);
    assert.match(out, / '-@all' \+auth .* \+fcall .* \+expire \+wait \+waitaof \+time \+emq\.enqueue /);
    const selector = " '(~{emq:lease}:* +fcall +get +set +pexpire +del)'\n";
    assert.ok(out.includes(selector), 'the node lease keys in a selector of their own, for mintLease');
    assert.match(out, / '~emq:limit:\{\*\}:limits' /, 'the limit keys, for --limits valkey');
    assert.doesNotMatch(out.replace(selector, '\n'), /\+eval|\+script|\+function|\+select|\+info |\+set |\+pexpire/);
    const library = execFileSync(process.execPath, [BRIDGE_CLI, '--print-functions'], { encoding: 'utf8' });
    assert.equal(library, LIBRARY_CODE);
    const limits = execFileSync(process.execPath, [BRIDGE_CLI, '--print-limit-functions'], { encoding: 'utf8' });
    assert.equal(limits, LIMITS_LIBRARY_CODE);
    const local = execFileSync(process.execPath, [BRIDGE_CLI, '--print-acl', '--limits', 'local'], {
      encoding: 'utf8',
    });
    assert.doesNotMatch(local, /emq:limit:/, '--limits local: no limit keys');
    const noLeases = execFileSync(process.execPath, [BRIDGE_CLI, '--print-acl', '--max-leases', '0'], {
      encoding: 'utf8',
    });
    assert.doesNotMatch(noLeases, /emq:lease|\+set /, '--max-leases 0: nothing on the lease keys');
  });

  it('Valkey refusing the login (the user deleted): one clear log line, not a loop; served again once it is back', async () => {
    const client = await open(stack.bridge.ws, { origin: stack.bridge.origin });
    const before_ = stack.bridge.logs.length;
    await stack.direct.call('ACL', 'DELUSER', ACL_USER); // which also closes its connections
    await until(async () => (await getJson(`${stack.bridge.http}/healthz`)).status === 503, 'healthz 503');
    const refused = await client.request('enqueue', {
      queue: 'demo',
      job: createMinter({ namespace: 'JOB', node: 4 }).next(),
    });
    assert.equal(refused.error?.code, 'unavailable');
    await sleep(4000);
    const said = stack.bridge.logs.slice(before_);
    const authLines = said.filter((l) => l.event === 'valkey_auth_failed');
    assert.equal(authLines.length, 1, JSON.stringify(said.map((l) => l.event)));
    assert.match(authLines[0].note, /--print-acl/);
    assert.ok(said.length <= 20, `${said.length} log lines in 4 s: ${JSON.stringify(said.slice(0, 8))}`);
    await stack.direct.call(
      'ACL',
      'SETUSER',
      ACL_USER,
      ...aclRules(loadConfig([]), PASSWORD, { databases: (await majorOf(stack.direct)) >= 9 }),
    );
    await until(async () => (await getJson(`${stack.bridge.http}/healthz`)).status === 200, 'healthz 200 again');
    const served = await client.request('enqueue', {
      queue: 'demo',
      job: createMinter({ namespace: 'JOB', node: 5 }).next(),
    });
    assert.equal(served.ok, true, JSON.stringify(served));
    await client.close();
  });
});

describe("the explorer's address", () => {
  it('keeps the bridge and the panels, never the token', () => {
    const panels = [{ key: 'gate', defaults: { id: '' } }];
    const state = readState(
      '?tab=gate&bridge=wss%3A%2F%2Fdocs.example%2Fws&token=secret-token-0123456789&gate.id=JOB0KHTOWnGLuC',
      panels,
    );
    assert.equal(state.token, 'secret-token-0123456789', 'read once, for the connection');
    const { search } = writeState(state, panels);
    assert.equal(search, '?tab=gate&bridge=wss%3A%2F%2Fdocs.example%2Fws&gate.id=JOB0KHTOWnGLuC');
  });
});
