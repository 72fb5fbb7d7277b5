// The Valkey the tests and `npm start` run (scripts/setup-valkey.sh builds one with the 2025 Lua fixes): the
// scripts that crash or cross users on a server without them (CVE-2025-46817: unpack's integer overflow;
// CVE-2025-46818: basic types' metatables shared across users) are refused, and the server lives. On an older
// server (setup-valkey.sh not run) the test is skipped, saying so; the bridge states the CVEs at start then.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { Valkey } from 'iovalkey';

import { advisories } from '../../bridge/src/valkey/advisories.js';
import { startServer, valkeyProgram } from '../../scripts/valkey.js';

describe('the Lua fixes of the Valkey this project runs', () => {
  let server;
  let client;
  let version;
  before(async () => {
    server = await startServer({ library: false });
    client = new Valkey({ host: server.host, port: server.port, maxRetriesPerRequest: 0 });
    version = await server.version();
  });
  after(async () => {
    client?.disconnect();
    await server?.stop();
  });

  it('refuses what the 2025 CVEs exploit, and keeps serving', async (t) => {
    if (advisories(version).length > 0)
      return t.skip(
        `${valkeyProgram('valkey-server')} is ${version}, without the fixes: run bash scripts/setup-valkey.sh as root`,
      );
    await assert.rejects(
      client.eval("getmetatable('').__index = function() return 'pwned' end return 1", 0),
      /readonly table/,
      "a script may not change the string type's metatable (CVE-2025-46818)",
    );
    await assert.rejects(
      client.eval('return {unpack({1, 2, 3}, -2, 2147483647)}', 0),
      /too many results to unpack/,
      'unpack checks its range (CVE-2025-46817)',
    );
    assert.equal(await client.ping(), 'PONG', 'the server lives');
    t.diagnostic(`valkey ${version} from ${valkeyProgram('valkey-server')}`);
    return undefined;
  });

  it('advisories name the CVEs for the releases before the fixes only', () => {
    const cves = ['CVE-2025-49844', 'CVE-2025-46817', 'CVE-2025-46818', 'CVE-2025-46819'];
    for (const old of ['7.2.4', '7.2.10', '8.0.1', '8.0.5', '8.1.0', '8.1.3'])
      assert.deepEqual(advisories(old), cves, old);
    for (const fixed of ['7.2.11', '8.0.6', '8.1.4', '8.1.10', '9.0.0', '9.1.2', '10.0.0'])
      assert.deepEqual(advisories(fixed), [], fixed);
    assert.deepEqual(advisories(null), []);
  });
});
