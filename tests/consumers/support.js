// The consumer matrix's shared parts: the packed tarball, a fresh consumer project per case (the tarball
// installed into its own node_modules, the pinned toolchains linked in from the workspace), child processes
// with bounded time, and the contract's answer every case must print.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const PACKAGE_DIR = join(ROOT, 'wasm');
export const PACKAGE_NAME = '@echomq/branded';

const anchor = JSON.parse(readFileSync(join(ROOT, 'tests/vectors/valid.json'), 'utf8')).find(
  (v) => v.name === 'job-anchor',
);
/** The id every consumer parses, and what parse() must give for it (contract.md §1, from the shared vectors). */
export const ANCHOR_ID = anchor.id;
export const EXPECTED = { snowflakeType: 'bigint', snowflake: anchor.snowflake, unixMs: anchor.unixMs };

/**
 * JavaScript a consumer embeds: `answer(result)` turns parse()'s result into the one line the harness reads.
 * Kept ES2015-plain so every target and every bundler takes it as written.
 */
export const ANSWER_FUNCTION = `function answer(p) {
  return 'ANSWER ' + JSON.stringify({ snowflakeType: typeof p.snowflake, snowflake: String(p.snowflake), unixMs: p.unixMs });
}`;

/** Asserts that `text` (a process's output, a page's text) holds the contract's answer line. */
export function assertAnswer(text, where) {
  const line = String(text)
    .split('\n')
    .find((l) => l.startsWith('ANSWER '));
  assert.ok(line, `${where}: no answer line; output:\n${tail(text)}`);
  assert.deepEqual(
    JSON.parse(line.slice('ANSWER '.length)),
    EXPECTED,
    `${where}: wrong answer for parse('${ANCHOR_ID}')`,
  );
}

export function tail(text, lines = 40) {
  return String(text).trim().split('\n').slice(-lines).join('\n');
}

let packed;
/** The tarball under test: $BRANDED_TARBALL, else `npm pack` of wasm/ (once per process). */
export function tarball() {
  if (packed) return packed;
  if (process.env.BRANDED_TARBALL) {
    packed = resolve(process.env.BRANDED_TARBALL);
    assert.ok(existsSync(packed), `BRANDED_TARBALL=${packed} does not exist`);
    return packed;
  }
  assert.ok(existsSync(join(PACKAGE_DIR, 'dist')), 'wasm/dist is missing: run `bash scripts/build.sh` first');
  const folder = mkdtempSync(join(tmpdir(), 'branded-tarball-'));
  const [{ filename }] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', folder], { cwd: PACKAGE_DIR, encoding: 'utf8' }),
  );
  packed = join(folder, filename);
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  return packed;
}

const keep = process.env.CONSUMERS_KEEP === '1';

/**
 * A fresh consumer project: package.json (`type` as given), `files` written, the tarball installed the way a
 * user installs it, then each of `tools` (workspace devDependencies) linked into its node_modules so its
 * config and test files resolve them while the package resolves from the project's own install.
 */
export async function consumer(name, { type = 'module', files = {}, tools = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), `branded-matrix-${name}-`));
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `consumer-${name}`, private: true, type }, null, 2)}\n`,
  );
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball()], {
    cwd: dir,
    timeout: 120_000,
  });
  assert.equal(install.status, 0, `npm install of the tarball failed:\n${install.output}`);
  for (const tool of tools) {
    const target = join(ROOT, 'node_modules', tool);
    assert.ok(
      existsSync(target),
      `${tool} is not in the workspace's node_modules: run \`npm ci\` at the repository root`,
    );
    mkdirSync(dirname(join(dir, 'node_modules', tool)), { recursive: true });
    symlinkSync(target, join(dir, 'node_modules', tool), 'dir');
  }
  write(dir, files);
  return {
    dir,
    path: (...parts) => join(dir, ...parts),
    write: (more) => write(dir, more),
    /** Runs a linked tool's bin (`bin` names it when the package has several) under node, in the project. */
    tool: (tool, args, options = {}) =>
      run(process.execPath, [toolBin(dir, tool, options.bin), ...args], { cwd: dir, ...options }),
    node: (args, options = {}) => run(process.execPath, args, { cwd: dir, ...options }),
    remove: () => keep || rmSync(dir, { recursive: true, force: true }),
  };
}

function write(dir, files) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}

function toolBin(dir, tool, name) {
  const manifest = JSON.parse(readFileSync(join(dir, 'node_modules', tool, 'package.json'), 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name ?? Object.keys(manifest.bin)[0]];
  assert.ok(bin, `${tool} has no bin ${name}`);
  return join(dir, 'node_modules', tool, bin);
}

/**
 * Runs a command to completion or `timeout` ms (then kills it): {status, stdout, stderr, output}.
 * Never rejects; a spawn failure or a timeout is a non-zero status with the reason in `output`.
 */
export function run(command, args, { cwd, timeout = 90_000, env = {} } = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      stderr += `\n[killed after ${timeout} ms]`;
      child.kill('SIGKILL');
    }, timeout);
    child.on('error', (error) => {
      stderr += `\n[${error.message}]`;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const status = code ?? (signal ? 128 : 1);
      stdout = plain(stdout);
      stderr = plain(stderr);
      done({ status, stdout, stderr, output: `$ ${[command, ...args].join(' ')}\n${stdout}${stderr}` });
    });
  });
}

// Some tools colour their errors whatever NO_COLOR says; failure messages stay readable without the codes.
const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * Asserts a step exited 0; the failure message is the step's name and its output's tail. `quiet`: a build
 * that warned fails too (a bundler's warning is a user's problem); `silent`: any stderr at all fails (a
 * program's run, where Node prints its own warnings).
 */
export function assertRan(result, step, { quiet = false, silent = false } = {}) {
  assert.equal(result.status, 0, `${step} failed (exit ${result.status}):\n${tail(result.output)}`);
  if (quiet)
    assert.doesNotMatch(
      `${result.stdout}${result.stderr}`,
      /\bwarn(ing)?s?\b|\(!\)/i,
      `${step} warned:\n${tail(result.output)}`,
    );
  if (silent) assert.equal(result.stderr, '', `${step} printed to stderr:\n${tail(result.output)}`);
  return result;
}

/** The installed package's own manifest, as a consumer's node_modules holds it. */
export function installedManifest(project) {
  return JSON.parse(readFileSync(project.path('node_modules', ...PACKAGE_NAME.split('/'), 'package.json'), 'utf8'));
}

/** Runs `body(project)` in a fresh consumer project, removed afterwards (kept with CONSUMERS_KEEP=1). */
export async function withConsumer(name, options, body) {
  const project = await consumer(name, options);
  try {
    return await body(project);
  } finally {
    project.remove();
  }
}
