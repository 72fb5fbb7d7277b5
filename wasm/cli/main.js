// The wasm CLI: the driver of the CLI's program (cli/, the native binary's too, compiled into the CLI's module).
// It only does what the program asks — write, read, open, stat, the file calls of mint's node leases, sleep, the
// Valkey lease of mint --lease — and answers; every word and row is the program's.
import {
  closeSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NUMBERS, WANTED, reserveInput, views, wasm } from './module.js';
import { BackgroundWriter, FileReader, StdinReader } from './stdio.js';
import { isTerminal, stdinSize } from './tty.js';
import { ValkeyLease, leaseProblem } from './valkey-lease.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// What the run wants now, read from the program's table.
function wanted() {
  const { u32, f64 } = views();
  const field = (name) => u32[WANTED[name] >> 2];
  const text = (at, size) => decoder.decode(views().u8.subarray(field(at), field(at) + field(size)));
  return {
    want: field('want'),
    status: field('status'),
    fd: field('fd'),
    call: field('call'),
    bytes: field('bytes'),
    size: field('size'),
    number: f64[WANTED.number >> 3],
    path: () => text('path', 'pathSize'),
    secondPath: () => text('secondPath', 'secondPathSize'),
    text: () => text('text', 'textSize'),
    lease: () =>
      field('lockPathSize') === 0
        ? null
        : {
            lock: text('lockPath', 'lockPathSize'),
            last: text('lastPath', 'lastPathSize'),
            lastMs: text('lastText', 'lastTextSize'),
          },
  };
}

// Writes UTF-8 text into the input area; answers [address, size].
function place(text) {
  const bytes = encoder.encode(text);
  const at = reserveInput(bytes.length + 1);
  views().u8.set(bytes, at);
  return [at, bytes.length];
}

const failed = (error) => wasm.cli_failed(...place(typeof error?.code === 'string' ? error.code : 'EIO'));

function start(argv, io) {
  const nodeDirectory = process.env.BRANDED_NODE_DIR || join(tmpdir(), 'branded-nodes');
  const parts = [...argv.map((arg) => encoder.encode(`${arg}\0`)), encoder.encode(nodeDirectory)];
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  let at = reserveInput(size);
  const start = at;
  for (const part of parts) {
    views().u8.set(part, at);
    at += part.length;
  }
  const flags =
    (isTerminal(io.stdout) ? 1 : 0) |
    (isTerminal(io.stderr) ? 2 : 0) |
    (process.env.BRANDED_PROGRESS === 'every' ? 4 : 0) |
    8; // this driver holds Valkey leases (mint --lease)
  wasm.cli_start(start, size, argv.length, flags, stdinSize(io.stdin), process.pid);
}

const SIGNALS = [
  ['SIGINT', 2],
  ['SIGTERM', 15],
  ['SIGHUP', 1],
];

// mint's node lease, let go as the run would when a signal or a crash ends the process first.
let heldLease = null;
let releasing = false;
function releaseHeld() {
  if (heldLease === null) return;
  const { lock, last, lastMs } = heldLease;
  heldLease = null;
  try {
    if (lastMs !== '') writeFileSync(last, lastMs);
    unlinkSync(lock);
  } catch {
    // already gone: nothing to let go
  }
}
function watchLease(lease) {
  heldLease = lease;
  if (lease === null || releasing) return;
  releasing = true;
  process.once('exit', releaseHeld);
  for (const [signal, number] of SIGNALS)
    process.once(signal, () => {
      releaseHeld();
      process.exit(128 + number);
    });
}

// mint --lease's lease: held from acquire to release; a signal lets it go first.
let valkeyLease = null;
let halted = false; // a signal came: the run goes no further (no more rows) while the lease is let go
const releaseOnSignal = SIGNALS.map(([signal, number]) => [
  signal,
  () => {
    const lease = valkeyLease;
    valkeyLease = null;
    halted = true;
    (lease?.releaseSoon() ?? Promise.resolve()).finally(() => process.exit(128 + number));
  },
]);

async function valkeyLeaseCall(w) {
  try {
    let answer = null;
    if (w.call === NUMBERS.acquire) {
      valkeyLease = new ValkeyLease();
      for (const [signal, handler] of releaseOnSignal) process.once(signal, handler);
      answer = await valkeyLease.acquire(w.path());
    } else if (w.call === NUMBERS.check) {
      valkeyLease.minted(w.number);
      await new Promise((resolve) => setImmediate(resolve)); // the renew timer and its reply run between checks
      answer = valkeyLease.check(w.number);
    } else {
      const lease = valkeyLease;
      valkeyLease = null;
      await lease?.release(w.number);
      for (const [signal, handler] of releaseOnSignal) process.off(signal, handler);
    }
    if (answer === null) wasm.cli_done();
    else wasm.cli_leased(answer.node, answer.floorMs, answer.ceilingMs, answer.msLeft);
  } catch (error) {
    wasm.cli_failed(...place(leaseProblem(error)));
  }
}

function fileCall(w) {
  const path = w.path();
  try {
    switch (w.call) {
      case NUMBERS.makeDirectory:
        mkdirSync(path, { recursive: true });
        break;
      case NUMBERS.writeFile:
        writeFileSync(path, w.text());
        break;
      case NUMBERS.link:
        linkSync(path, w.secondPath());
        break;
      case NUMBERS.readFile:
        wasm.cli_done_text(...place(readFileSync(path, 'utf8')));
        return;
      case NUMBERS.rename:
        renameSync(path, w.secondPath());
        break;
      case NUMBERS.remove:
        unlinkSync(path);
        break;
      case NUMBERS.alive:
        try {
          process.kill(w.number, 0);
        } catch (error) {
          if (error.code !== 'EPERM') throw error;
        }
        break;
    }
  } catch (error) {
    failed(error);
    return;
  }
  wasm.cli_done();
}

// The current input: stdin, or a file opened (and closed when the next is opened, and at the end).
class Input {
  constructor(stdin) {
    this.stdin = stdin;
    this.reader = new StdinReader(stdin);
    this.fd = null;
  }

  open(path) {
    this.close();
    if (path === '-') {
      this.reader = new StdinReader(this.stdin);
      return stdinSize(this.stdin);
    }
    const fd = openSync(path, 'r');
    this.fd = fd;
    this.reader = new FileReader(fd);
    const stat = fstatSync(fd);
    return stat.isFile() ? stat.size : -1;
  }

  close() {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/**
 * Runs the CLI on its arguments (argv without node and the script); resolves to the exit status. `io`: the fds
 * of stdin, stdout and stderr (a test harness passes files).
 */
export async function main(argv, io = { stdin: 0, stdout: 1, stderr: 2 }) {
  start(argv, io);
  const writer = new BackgroundWriter(() => views().u8, io.stdout);
  const input = new Input(io.stdin);
  for (;;) {
    if (halted) await new Promise(() => {}); // the signal's handler exits once the lease is let go
    const w = wanted();
    if (w.lease() !== heldLease) watchLease(w.lease());
    switch (w.want) {
      case NUMBERS.exit:
        await writer.flush().catch(() => {}); // a reader gone at the last write: a quiet stop
        input.close();
        heldLease = null;
        return w.status;
      case NUMBERS.write:
        if (w.fd === 1) {
          try {
            await writer.write(w.bytes, w.bytes + w.size);
          } catch (error) {
            if (error.code !== 'EPIPE') throw error;
            wasm.cli_pipe_closed();
            break;
          }
        } else {
          await writer.flush().catch(() => {});
          writeSync(io.stderr, views().u8, w.bytes, w.size);
        }
        wasm.cli_done();
        break;
      case NUMBERS.read: {
        let read;
        try {
          read = await input.reader.read(views().u8, w.bytes, w.size);
        } catch (error) {
          failed(error);
          break;
        }
        wasm.cli_read(read);
        break;
      }
      case NUMBERS.open:
      case NUMBERS.size: {
        let size;
        try {
          if (w.want === NUMBERS.open) size = input.open(w.path());
          else {
            const stat = statSync(w.path());
            size = stat.isFile() ? stat.size : -1;
          }
        } catch (error) {
          failed(error);
          break;
        }
        wasm.cli_opened(size);
        break;
      }
      case NUMBERS.file:
        fileCall(w);
        break;
      case NUMBERS.lease:
        await valkeyLeaseCall(w);
        break;
      case NUMBERS.sleep:
        await new Promise((resolve) => setTimeout(resolve, w.number));
        wasm.cli_done();
        break;
      default:
        throw new Error(`branded: the CLI's program asked for ${w.want}, which this driver does not know`);
    }
  }
}
