// The least-privilege Valkey user (bridge/src/acl.js): every op of the bridge works when it logs in as
// that user, and the user can do nothing else. And the explorer's shared address never carries ?token=.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';

import { createMinter } from '@echomq/branded';
import { Valkey } from 'iovalkey';

import { ACL_USER, aclCommand, aclRules } from '../../bridge/src/acl.js';
import { loadConfig } from '../../bridge/src/config.js';
import { readState, writeState } from '../../web/src/explorer/url-state.js';
import { BRIDGE_CLI, ONE_ADDRESS_LOAD, open } from './support.js';
import { useBridgeStack } from './fixture.js';

const PASSWORD = 'acl-test-password-0123456789';

describe('the bridge as a least-privilege Valkey user', () => {
  // The bridge logs in as the least-privilege user; `direct` is the admin who created it.
  const stack = useBridgeStack({
    server: { module: true },
    args: ONE_ADDRESS_LOAD,
    direct: true,
    prepare: ({ direct }) => direct.call('ACL', 'SETUSER', ACL_USER, ...aclRules(loadConfig([]), PASSWORD)),
    valkeyUrl: ({ host, port }) => `redis://${ACL_USER}:${PASSWORD}@${host}:${port}`,
  });
  let user;
  before(() => {
    user = new Valkey({ host: stack.valkey.host, port: stack.valkey.port, username: ACL_USER, password: PASSWORD });
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
      ['enqueueMany', { queue: 'demo', items: [{ job: jobs.next() }, { job: jobs.next() }] }],
      ['job', { queue: 'demo', job: first }],
      ['pending', { queue: 'demo' }],
      ['streamSeed', { queue: 'demo', stream: 'acl', entries: 5000 }],
      ['streamWindow', { queue: 'demo', stream: 'acl', t0: 1781000000000, t1: 1781000000002 }],
      ['gateCompare', { job: jobs.next() }],
    ];
    for (const [op, fields] of requests) {
      const reply = await client.request(op, fields);
      assert.equal(reply.ok, true, `${op}: ${JSON.stringify(reply)}`);
    }
    const duplicate = await client.request('enqueue', { queue: 'demo', job: first });
    assert.equal(duplicate.error?.code, 'duplicate');
    assert.equal((await stack.direct.ttl(`emq:{demo}:job:${first}`)) > 0, true, 'the data TTL is set as this user');
    assert.deepEqual(await stack.direct.call('ACL', 'LOG'), [], 'no ACL refusal on the way');
    await client.close();
  });

  it('the user can do nothing else: no admin commands, no other keys, not even from a script', async () => {
    const refusals = [
      () => user.flushall(),
      () => user.call('CONFIG', 'GET', 'maxmemory'),
      () => user.keys('*'),
      () => user.get('elsewhere'),
      () => user.set('emq:{orders}:job:x', '1'),
      () => user.call('MODULE', 'LIST'),
      () => user.call('SCRIPT', 'FLUSH'),
      () => user.eval("return redis.call('SET', 'elsewhere', '1')", 0),
      () => user.call('ACL', 'WHOAMI'),
      () => user.call('CLIENT', 'LIST'),
      () => user.call('SUBSCRIBE', 'x'),
      () => user.eval("return redis.call('FLUSHDB')", 0),
    ];
    for (const attempt of refusals) {
      await assert.rejects(attempt(), /NOPERM|permission|no permissions/i, attempt.toString());
    }
    assert.equal(await stack.direct.exists('elsewhere', 'emq:{orders}:job:x'), 0);
  });

  it('--print-acl prints the ACL SETUSER for the options given', () => {
    const out = execFileSync(process.execPath, [BRIDGE_CLI, '--print-acl', '--queues', 'docs.*,demo'], {
      encoding: 'utf8',
    }).trim();
    assert.equal(out, aclCommand(loadConfig(['--queues', 'docs.*,demo'])));
    assert.match(out, /~emq:\{docs\.\*\}:\* ~emq:\{demo\}:\* ~emq:\{scratch\.\*\}:\* -@all /);
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
