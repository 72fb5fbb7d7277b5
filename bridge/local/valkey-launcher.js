// Starts and stops one valkey-server on a free loopback port, its data in a fresh temp dir (or a given one),
// AOF on, the connector's Functions library loaded (the bridge calls it). Every server is stopped by its own
// pid; a server this module did not start is never touched. The binaries are those scripts/setup-valkey.sh
// built (a Valkey with the 2025 Lua fixes) when present, else Debian's on the PATH ($BRANDED_VALKEY_BIN: a
// folder of others). Importing it changes nothing in the process: exit and signal handlers come with the
// first server that is not detached. Used by `npm start` (local-stack.js) and, through scripts/valkey.js, by
// the tests.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { LIBRARY_CODE } from '@echomq/branded/valkey';

import { LIMITS_LIBRARY_CODE, LIMITS_LIBRARY_NAME } from '../src/fleet/library.js';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const HOST = '127.0.0.1';
export const MODULE_PATH = join(ROOT, 'build/native/valkey/emq_module.so');
export const READY_TIMEOUT_MS = 20_000;
export const TERMINATE_RETRY_MS = 250;
export const TERMINATE_TIMEOUT_MS = 15_000;
const APPENDFSYNC = new Set(['always', 'everysec', 'no']);
/** Where scripts/setup-valkey.sh installs the Valkey it builds (`current` points at the version). */
export const BUILT_VALKEY = '/opt/branded-valkey/current/bin';

/** The path of a Valkey program (`valkey-server`, `valkey-cli`): $BRANDED_VALKEY_BIN's, the built one's, or the PATH's. */
export function valkeyProgram(name) {
  const folder = process.env.BRANDED_VALKEY_BIN ?? (existsSync(join(BUILT_VALKEY, name)) ? BUILT_VALKEY : null);
  return folder === null ? name : join(folder, name);
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A port the kernel just handed out on loopback; the caller retries if someone takes it first. */
export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', fail);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** Runs one command through valkey-cli; resolves its trimmed stdout (an error reply is still stdout). */
export async function cli(port, ...args) {
  const { stdout } = await run(valkeyProgram('valkey-cli'), ['-h', HOST, '-p', String(port), ...args], {
    timeout: 10_000,
  });
  return stdout.trim();
}

// Servers of this process (not detached) die with it, and their temp dirs go: at exit, and on
// SIGINT/SIGTERM, which are then re-raised so the process still ends the way the signal asked. The handlers
// are installed when the first such server starts, never on import.
const running = new Set();
let handlersInstalled = false;
const killRunning = () => {
  for (const server of running) server.killAtExit();
};
function dieWithThisProcess(server) {
  running.add(server);
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.once('exit', killRunning);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      killRunning();
      process.kill(process.pid, signal);
    });
  }
}

/** One valkey-server process on a loopback port, its data in `dir`. */
export class ValkeyServer {
  #child = null;
  #exited = null;

  constructor({ port, dir, ownsDir, args, detached, library = true }) {
    this.host = HOST;
    this.port = port;
    this.dir = dir;
    this.ownsDir = ownsDir;
    this.args = args;
    this.detached = detached;
    this.library = library;
    this.logFile = join(dir, 'valkey.log');
  }

  get url() {
    return `redis://${HOST}:${this.port}`;
  }

  get pid() {
    return this.#child?.pid;
  }

  /** Spawns the process and waits until it answers as itself, its AOF loaded (and the library loaded). */
  async launch() {
    const child = spawn(valkeyProgram('valkey-server'), this.args, {
      cwd: this.dir,
      stdio: 'ignore',
      detached: this.detached,
    });
    this.#child = child;
    this.#exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
    if (this.detached) child.unref();
    else dieWithThisProcess(this);
    try {
      await this.#waitUntilReady();
      if (this.library) await this.loadLibrary();
    } catch (error) {
      await this.kill();
      throw error;
    }
    return this;
  }

  /**
   * FUNCTION LOAD REPLACE of the connector's library and of the bridge's limits library (--limits valkey), as
   * the default user (an administrator).
   */
  async loadLibrary() {
    const loaded = await cli(this.port, 'FUNCTION', 'LOAD', 'REPLACE', LIBRARY_CODE);
    if (loaded !== 'branded') throw new Error(`valkey-server on port ${this.port}: FUNCTION LOAD said ${loaded}`);
    const limits = await cli(this.port, 'FUNCTION', 'LOAD', 'REPLACE', LIMITS_LIBRARY_CODE);
    if (limits !== LIMITS_LIBRARY_NAME)
      throw new Error(`valkey-server on port ${this.port}: FUNCTION LOAD of the limits said ${limits}`);
  }

  /** The server's version (`9.1.2`). */
  async version() {
    return /^valkey_version:(\S+)/m.exec(await cli(this.port, 'INFO', 'server'))?.[1] ?? null;
  }

  async #waitUntilReady() {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let exited = false;
    this.#exited.then(() => (exited = true));
    while (Date.now() < deadline) {
      if (exited)
        throw new Error(`valkey-server on port ${this.port} exited at start; see ${this.logFile}:\n${this.logTail()}`);
      if (await this.#answersAsItself()) return;
      await sleep(50);
    }
    throw new Error(
      `valkey-server on port ${this.port} was not ready within ${READY_TIMEOUT_MS} ms; see ${this.logFile}`,
    );
  }

  // Ready means: the process answering on the port is this one (a server that lost the race for the
  // port must not pass for another's), and it has finished loading its AOF.
  async #answersAsItself() {
    const info = await cli(this.port, 'INFO', 'server', 'persistence').catch(() => '');
    const pid = /^process_id:(\d+)/m.exec(info)?.[1];
    return pid === String(this.pid) && /^loading:0/m.test(info);
  }

  logTail(lines = 20) {
    if (!existsSync(this.logFile)) return '';
    return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  }

  get #alive() {
    return this.#child !== null && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** SIGKILL, as a crash would: the data dir and the port stay for restart(). */
  async kill() {
    if (!this.#alive) return;
    this.#child.kill('SIGKILL');
    await this.#exited;
    running.delete(this);
  }

  killAtExit() {
    if (this.#alive) this.#child.kill('SIGKILL');
    if (this.ownsDir) rmSync(this.dir, { recursive: true, force: true });
  }

  // A server refuses SIGTERM while it writes its first AOF ("Writing initial AOF, can't exit") and does
  // not retry by itself: ask again until it exits, and crash it only if it never does.
  async #terminate() {
    const deadline = Date.now() + TERMINATE_TIMEOUT_MS;
    while (this.#alive && Date.now() < deadline) {
      this.#child.kill('SIGTERM');
      await Promise.race([this.#exited, sleep(TERMINATE_RETRY_MS)]);
    }
    await this.kill();
    running.delete(this);
  }

  /** Starts again on the same port and data dir (the AOF is replayed). */
  async restart() {
    await this.kill();
    return this.launch();
  }

  /** SIGTERM (a clean shutdown), then removes the data dir if this helper made it. */
  async stop() {
    await this.#terminate();
    if (this.ownsDir) rmSync(this.dir, { recursive: true, force: true });
  }
}

function serverArgs({ port, appendfsync, module, extraArgs }) {
  if (!APPENDFSYNC.has(appendfsync))
    throw new TypeError(`appendfsync must be always, everysec or no, not ${appendfsync}`);
  const args = [
    '--port',
    String(port),
    '--bind',
    HOST,
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    appendfsync,
    '--dir',
    '.',
    '--logfile',
    'valkey.log',
    '--daemonize',
    'no',
    '--enable-module-command',
    'local',
  ];
  if (module) {
    const path = module === true ? MODULE_PATH : module;
    if (!existsSync(path)) throw new Error(`no Valkey module at ${path}: build it first (npm run build)`);
    args.push('--loadmodule', path);
  }
  return [...args, ...extraArgs];
}

function dataDir(dir, label) {
  if (dir) {
    mkdirSync(dir, { recursive: true });
    return { dir: resolve(dir), ownsDir: false };
  }
  return { dir: mkdtempSync(join(tmpdir(), `branded-${label}-`)), ownsDir: true };
}

/**
 * Starts a standalone server. Options: module (true for build/native/valkey/emq_module.so, or a path),
 * port (default: a free one), dir (default: a fresh temp dir, removed by stop()), appendfsync
 * ('everysec' by default), args (extra valkey-server arguments), detached (outlive this process), library
 * (load the connector's Functions library at every launch; default true).
 */
export async function startServer({
  module = false,
  port,
  dir,
  appendfsync = 'everysec',
  args = [],
  detached = false,
  library = true,
} = {}) {
  const data = dataDir(dir, 'valkey');
  for (let attempt = 0; ; attempt++) {
    const chosen = port ?? (await freePort());
    const server = new ValkeyServer({
      port: chosen,
      ...data,
      detached,
      library,
      args: serverArgs({ port: chosen, appendfsync, module, extraArgs: args }),
    });
    try {
      return await server.launch();
    } catch (error) {
      // Another process may have taken a port the kernel offered: try a new one (never a fixed one).
      if (port !== undefined || attempt === 4 || !/Address already in use/.test(server.logTail())) {
        if (data.ownsDir) rmSync(data.dir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}
