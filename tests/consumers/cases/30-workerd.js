// Cloudflare's workerd, run locally on a loopback port: the worker bundled the way wrangler bundles it
// (esbuild, conditions workerd/worker/browser, each .wasm import kept as a module the platform compiles).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

import { workerdModule } from '../probes.js';
import { assertAnswer, assertRan, tail, withConsumer } from '../support.js';

export const title = 'workerd (npm workerd, local loopback port): a module worker';

// Wrangler's rule for `import x from './y.wasm'` (or `y.wasm?module`): the file, wherever esbuild resolves
// it, becomes a Wasm module of the worker.
const build = `import { build } from 'esbuild';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
const wasm = new Set();
const wasmModules = { name: 'wasm-modules', setup(b) {
  b.onResolve({ filter: /\\.wasm(\\?module)?$/ }, async (args) => {
    if (args.pluginData === 'inner') return undefined;
    const { path, errors } = await b.resolve(args.path.replace(/\\?module$/, ''), { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'inner' });
    if (errors.length > 0) return { errors };
    mkdirSync('out', { recursive: true });
    copyFileSync(path, join('out', basename(path)));
    wasm.add(basename(path));
    return { path: './' + basename(path), external: true };
  });
} };
await build({ entryPoints: ['worker.js'], bundle: true, format: 'esm', platform: 'browser', conditions: ['workerd', 'worker', 'browser'],
  outfile: 'out/worker.js', plugins: [wasmModules], logLevel: 'warning' });
writeFileSync('out/wasm.json', JSON.stringify([...wasm]));
`;

function config(port, wasmFiles, compatibilityDate) {
  const modules = [
    '(name = "worker.js", esModule = embed "out/worker.js")',
    ...wasmFiles.map((file) => `(name = "${file}", wasm = embed "out/${file}")`),
  ];
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .consumer) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const consumer :Workerd.Worker = (
  modules = [ ${modules.join(', ')} ],
  compatibilityDate = "${compatibilityDate}",
);
`;
}

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

/** Starts workerd on the config, fetches / until it answers (or exits, or 30 s pass), stops it. */
async function serveOnce(project, binary) {
  const child = spawn(binary, ['serve', 'config.capnp', '--verbose'], {
    cwd: project.dir,
    env: { ...process.env, PWD: project.dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  try {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !exited) {
      const response = await fetch(`http://127.0.0.1:${project.port}/`).catch(() => null);
      if (response) return { status: response.status, body: await response.text(), log };
      await delay(100);
    }
    return { status: 0, body: '', log: `${log}\n[${exited ? 'workerd exited' : 'no answer within 30 s'}]` };
  } finally {
    if (!exited) {
      child.kill('SIGTERM');
      await new Promise((done) => {
        child.once('exit', done);
        setTimeout(() => {
          child.kill('SIGKILL');
          done();
        }, 5000);
      });
    }
  }
}

export default () =>
  withConsumer(
    'workerd',
    { tools: ['esbuild', 'workerd'], files: { 'worker.js': workerdModule, 'build.js': build } },
    async (project) => {
      assertRan(await project.node(['build.js']), 'the worker bundle (esbuild, workerd conditions)', { quiet: true });
      const { default: binary, compatibilityDate } = createRequire(project.path('package.json'))('workerd');
      const wasmFiles = JSON.parse(readFileSync(project.path('out/wasm.json'), 'utf8'));
      let served;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        // a port taken between probing and binding: try another
        project.port = await freePort();
        project.write({ 'config.capnp': config(project.port, wasmFiles, compatibilityDate) });
        served = await serveOnce(project, binary);
        if (!/address already in use/i.test(served.log)) break;
      }
      assert.equal(
        served.status,
        200,
        `workerd answered ${served.status}: ${served.body}\nworkerd's log:\n${tail(served.log)}`,
      );
      assertAnswer(served.body, 'the worker');
    },
  );
