// scripts/valkey.js: real servers on free loopback ports, data in temp dirs, AOF on; kill -9 and restart
// on the same port and dir; the CLI stops only the servers it started.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { Valkey } from 'iovalkey';
import { MODULE_PATH, startServer } from '../../scripts/valkey.js';
import { loadedModules } from './support.js';

const run = promisify(execFile);
const LAUNCHER = new URL('../../scripts/valkey.js', import.meta.url).pathname;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2].startsWith('Z');
  } catch {
    return false;
  }
};

async function withClient(server, use) {
  const client = new Valkey({ host: server.host, port: server.port, maxRetriesPerRequest: 0 });
  try {
    return await use(client);
  } finally {
    client.disconnect();
  }
}

const config = (client, name) => client.config('GET', name).then(([, value]) => value);

describe('startServer', () => {
  test('loopback, no RDB saves, AOF on, a fresh temp dir that stop() removes', async () => {
    const server = await startServer();
    assert.match(server.url, /^redis:\/\/127\.0\.0\.1:\d+$/);
    await withClient(server, async (client) => {
      assert.equal(await config(client, 'bind'), '127.0.0.1');
      assert.equal(await config(client, 'save'), '');
      assert.equal(await config(client, 'appendonly'), 'yes');
      assert.equal(await config(client, 'appendfsync'), 'everysec');
      assert.equal(await config(client, 'dir'), server.dir);
      assert.deepEqual(await loadedModules(client), []);
    });
    assert.ok(server.dir.startsWith(tmpdir()));
    const { pid } = server;
    await server.stop();
    assert.equal(alive(pid), false);
    assert.equal(existsSync(server.dir), false);
  });

  test('kill -9 then restart on the same port and dir: the AOF (fsync always) brings the data back', async () => {
    const server = await startServer({ module: true, appendfsync: 'always' });
    try {
      const { port, dir, pid } = server;
      await withClient(server, (client) => client.set('kept', 'yes'));
      await server.kill();
      assert.equal(alive(pid), false);
      assert.equal(existsSync(dir), true, 'kill keeps the data dir');
      await server.restart();
      assert.notEqual(server.pid, pid);
      assert.equal(server.port, port);
      await withClient(server, async (client) => {
        assert.equal(await client.get('kept'), 'yes');
        assert.equal(await config(client, 'appendfsync'), 'always');
        assert.equal((await loadedModules(client)).length, 1);
      });
    } finally {
      await server.stop();
    }
  });

  test('a dir the caller gave is kept after stop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'branded-launcher-test-'));
    try {
      const server = await startServer({ dir });
      await server.stop();
      assert.equal(existsSync(join(dir, 'valkey.log')), true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a process that exits with a server still running takes it and its temp dir along', async () => {
    const script = `import { startServer } from ${JSON.stringify(LAUNCHER)};
      const server = await startServer();
      console.log(JSON.stringify({ pid: server.pid, dir: server.dir }));
      process.exit(0);`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
    const { pid, dir } = JSON.parse(stdout);
    assert.equal(existsSync(dir), false);
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((done) => setTimeout(done, 20));
    assert.equal(alive(pid), false);
  });

  test('bad options are refused; a taken port is reported with the server log', async () => {
    await assert.rejects(startServer({ appendfsync: 'sometimes' }), TypeError);
    await assert.rejects(startServer({ module: '/nonexistent/emq_module.so' }), /no Valkey module at/);
    const first = await startServer();
    try {
      await assert.rejects(startServer({ port: first.port }), /exited at start[\s\S]*Address already in use/);
    } finally {
      await first.stop();
    }
  });
});

describe('the CLI', () => {
  const cli = (stateDir, ...args) =>
    run(process.execPath, [LAUNCHER, ...args], { env: { ...process.env, BRANDED_VALKEY_STATE_DIR: stateDir } });

  test('start --module then stop: the recorded server, and only it', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'branded-launcher-state-'));
    try {
      const { stdout } = await cli(stateDir, 'start', '--module', '--appendfsync', 'no');
      const [recorded] = JSON.parse(readFileSync(join(stateDir, 'valkey.json'), 'utf8'));
      assert.match(stdout, new RegExp(`pid ${recorded.pid} at redis://127\\.0\\.0\\.1:${recorded.port}`));
      await withClient({ host: '127.0.0.1', port: recorded.port }, async (client) => {
        const [[, name, , , , path]] = await loadedModules(client);
        assert.deepEqual([name, path], ['emq', MODULE_PATH]);
        assert.equal(await config(client, 'appendfsync'), 'no');
      });
      await assert.rejects(cli(stateDir, 'start'), /already recorded/);
      await cli(stateDir, 'stop');
      assert.equal(alive(recorded.pid), false);
      assert.equal(existsSync(recorded.dir), false);
      assert.match((await cli(stateDir, 'stop')).stdout, /nothing to stop/);
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });

  test('stop never signals a pid that is not the recorded valkey-server', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'branded-launcher-state-'));
    const bystander = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const state = [{ pid: bystander.pid, port: 6379, dir: join(stateDir, 'none'), ownsDir: false }];
      writeFileSync(join(stateDir, 'valkey.json'), JSON.stringify(state));
      await cli(stateDir, 'stop');
      assert.equal(alive(bystander.pid), true);
      assert.equal(existsSync(join(stateDir, 'valkey.json')), false);
    } finally {
      bystander.kill();
      rmSync(stateDir, { recursive: true, force: true });
    }
  });

  test('usage errors exit 2', async () => {
    await assert.rejects(cli(tmpdir(), 'restart'), (error) => error.code === 2 && /usage:/.test(error.stderr));
  });
});
