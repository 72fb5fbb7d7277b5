// The option table: defaults, environment, precedence, and refusals of bad values (exit 2 material).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

import { ConfigError, helpText, loadConfig, OPTIONS, envName } from '../../bridge/src/config.js';
import { BRIDGE_CLI } from './support.js';

const cli = (...args) => spawnSync(process.execPath, [BRIDGE_CLI, ...args], { encoding: 'utf8', timeout: 20000 });

test("defaults are loopback, the bridge's own origins, queues demo*, no token", () => {
  const config = loadConfig([], {});
  assert.deepEqual(config.listen, { host: '127.0.0.1', port: 8787 });
  assert.deepEqual(config.queues, ['demo*']);
  assert.equal(config.token, null);
  assert.equal(config.valkey, 'redis://127.0.0.1:6379');
  assert.equal(config.cluster, null);
  assert.deepEqual(config.origins, ['http://127.0.0.1:8787', 'http://localhost:8787']);
  assert.equal(config.maxPayload, 4096);
  assert.equal(config.maxFrame, 262144);
  assert.equal(config.rate, 100);
  assert.equal(config.staticDir, null);
});

test("origins: the bridge's own on its port; a dev server only by --dev-origin; --origin replaces the own", () => {
  assert.deepEqual(loadConfig(['--listen', '127.0.0.1:9000']).origins, [
    'http://127.0.0.1:9000',
    'http://localhost:9000',
  ]);
  assert.deepEqual(loadConfig(['--listen', '[::1]:9000']).origins, [
    'http://127.0.0.1:9000',
    'http://localhost:9000',
    'http://[::1]:9000',
  ]);
  assert.equal(loadConfig(['--listen', '127.0.0.1:0']).origins, null, 'known once it listens');
  assert.deepEqual(loadConfig(['--dev-origin', 'http://localhost:5173']).origins, [
    'http://127.0.0.1:8787',
    'http://localhost:8787',
    'http://localhost:5173',
  ]);
  assert.deepEqual(
    loadConfig([], { BRANDED_BRIDGE_DEV_ORIGIN: 'http://127.0.0.1:5173' }).origins.at(-1),
    'http://127.0.0.1:5173',
  );
  assert.deepEqual(loadConfig(['--origin', 'https://docs.example', '--dev-origin', 'http://localhost:5173']).origins, [
    'https://docs.example',
    'http://localhost:5173',
  ]);
  assert.throws(() => loadConfig(['--dev-origin', 'localhost:5173']), /--dev-origin: .* is not an origin/);
  assert.ok(!loadConfig([]).origins.some((o) => o.endsWith(':5173')), "no dev server's origin by default");
});

test('every option has an environment variable; the command line wins over it', () => {
  assert.equal(envName(OPTIONS.find((o) => o.key === 'maxPayload')), 'BRANDED_BRIDGE_MAX_PAYLOAD');
  const env = { BRANDED_BRIDGE_RATE: '7', BRANDED_BRIDGE_QUEUES: 'a*,b?', BRANDED_BRIDGE_LISTEN: '127.0.0.1:0' };
  const fromEnv = loadConfig([], env);
  assert.equal(fromEnv.rate, 7);
  assert.deepEqual(fromEnv.queues, ['a*', 'b?']);
  assert.equal(fromEnv.listen.port, 0);
  assert.equal(loadConfig(['--rate', '9'], env).rate, 9);
  assert.equal(loadConfig(['--rate=11'], env).rate, 11);
  for (const option of OPTIONS) assert.match(helpText(), new RegExp(`${option.flag} .*\\n.*env ${envName(option)}`));
});

test('bad values are refused with a ConfigError naming the option', () => {
  const cases = [
    [['--rate', 'fast'], /--rate wants an integer/],
    [['--rate', '0'], /--rate must lie in 1\.\./],
    [['--listen', 'nowhere'], /--listen wants HOST:PORT/],
    [['--listen', '127.0.0.1:70000'], /--listen wants HOST:PORT/],
    [['--valkey', 'http://x:1'], /--valkey wants a redis:\/\/ or valkey:\/\/ URL/],
    [['--origin', 'http://a.example/path'], /is not an origin/],
    [['--origin', 'a.example'], /is not an origin/],
    [['--token', 'short'], /--token wants 16-256 bytes/],
    [['--token', 'has space in it, sixteen+'], /--token wants/],
    [['--queues', 'de{mo'], /bad queue glob/],
    [['--scratch', 'a*'], /--scratch wants/],
    [['--frobnicate', '1'], /unknown option/],
    [['--rate'], /--rate wants a value/],
  ];
  for (const [argv, message] of cases)
    assert.throws(
      () => loadConfig(argv, {}),
      (e) => e instanceof ConfigError && message.test(e.message),
      argv.join(' '),
    );
  assert.throws(() => loadConfig([], { BRANDED_BRIDGE_MAX_FRAME: '12' }), /BRANDED_BRIDGE_MAX_FRAME must lie in/);
});

test('--help wins over everything else', () => {
  assert.deepEqual(loadConfig(['--rate', 'x', '--help'], {}), { help: true });
  assert.deepEqual(loadConfig(['--help', '--frobnicate'], {}), { help: true });
});

test('the CLI: --help exits 0, a usage error exits 2, a port it cannot take exits 1', async () => {
  const help = cli('--help');
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^usage: branded-bridge \[options\]/);
  const usage = cli('--rate', 'fast');
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /branded-bridge: --rate wants an integer/);
  const taken = createServer();
  await new Promise((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const busy = cli('--listen', `127.0.0.1:${taken.address().port}`, '--valkey', 'redis://127.0.0.1:1');
  taken.close();
  assert.equal(busy.status, 1);
  assert.match(busy.stderr, /cannot start: listen EADDRINUSE/);
});
