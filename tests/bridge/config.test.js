// The option table: defaults, environment, precedence, and refusals of bad values (exit 2 material).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ConfigError, helpText, loadConfig, OPTIONS, envName } from '../../bridge/src/config.js';

test('defaults are loopback, the local explorer origins, queues demo*, no token', () => {
  const config = loadConfig([], {});
  assert.deepEqual(config.listen, { host: '127.0.0.1', port: 8787 });
  assert.deepEqual(config.queues, ['demo*']);
  assert.equal(config.token, null);
  assert.equal(config.valkey, 'redis://127.0.0.1:6379');
  assert.equal(config.cluster, null);
  assert.ok(config.origins.includes('http://127.0.0.1:8787'));
  assert.ok(config.origins.every((o) => /^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(o)));
  assert.equal(config.maxPayload, 4096);
  assert.equal(config.maxFrame, 262144);
  assert.equal(config.rate, 100);
  assert.equal(config.staticDir, null);
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
  for (const [argv, message] of cases) assert.throws(() => loadConfig(argv, {}), (e) => e instanceof ConfigError && message.test(e.message), argv.join(' '));
  assert.throws(() => loadConfig([], { BRANDED_BRIDGE_MAX_FRAME: '12' }), /BRANDED_BRIDGE_MAX_FRAME must lie in/);
});

test('--help wins over everything else', () => {
  assert.deepEqual(loadConfig(['--rate', 'x', '--help'], {}), { help: true });
  assert.deepEqual(loadConfig(['--help', '--frobnicate'], {}), { help: true });
});
