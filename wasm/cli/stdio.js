// Bulk stdin and stdout for the CLI's driver: bytes read straight into and written straight from wasm
// memory with read(2)/write(2) (fds 0 and 1, unless a test harness passes others), no stream objects. Node makes
// a pipe non-blocking once process.stdin/stdout is touched; a non-blocking fd 0 or 1 (EAGAIN) falls back to
// those streams for the rest.
import { readSync, write } from 'node:fs';
import { once } from 'node:events';

const STDIN = 0;
const STDOUT = 1;

/** Reads stdin (fd) into `u8` from `at`, at most `size` bytes; resolves to the bytes read, 0 at the end of input. */
export class StdinReader {
  constructor(fd = STDIN) {
    this.fd = fd;
    this.stream = null; // process.stdin's async iterator, once read(2) said EAGAIN
    this.pending = null; // the part of the stream's last chunk not yet handed out
  }

  async read(u8, at, size) {
    if (this.stream === null) {
      try {
        return readSync(this.fd, u8, at, size, null);
      } catch (error) {
        if (error.code === 'EOF') return 0; // Windows' end of a pipe
        if (error.code !== 'EAGAIN' || this.fd !== STDIN) throw error;
        this.stream = process.stdin[Symbol.asyncIterator]();
      }
    }
    return this.fromStream(u8, at, size);
  }

  // `u8` may be detached by then (memory grows between calls): the caller passes the view it writes through.
  async fromStream(u8, at, size) {
    if (this.pending === null || this.pending.length === 0) {
      const next = await this.stream.next();
      if (next.done) return 0;
      this.pending = next.value;
    }
    const part = this.pending.subarray(0, size);
    u8.set(part, at);
    this.pending = this.pending.subarray(part.length);
    return part.length;
  }
}

/** Reads a file opened blocking (fd) into `u8` from `at`, at most `size` bytes; resolves to the bytes read, 0 at its end. */
export class FileReader {
  constructor(fd) {
    this.fd = fd;
  }

  async read(u8, at, size) {
    return readSync(this.fd, u8, at, size, null);
  }
}

let stdoutStream = null; // process.stdout, once write(2) said EAGAIN

/** process.stdout, once write(2) said EAGAIN; the reader going away there (EPIPE) ends the process quietly. */
export function stdout() {
  if (stdoutStream === null) {
    stdoutStream = process.stdout;
    stdoutStream.on('error', (error) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  return stdoutStream;
}

// Bytes [start, end) of memory (`view()`: a view of it as it is now) to stdout whole with `writeOnce(u8, at,
// length)` (write(2), answering or resolving to the bytes written) until done, or through process.stdout after
// EAGAIN. The view is taken afresh for each write: the program may grow its memory meanwhile (in place: the bytes
// stay where they are, but the old view reads nothing). The reader going away (EPIPE, e.g. `| head`) rejects
// with that error: the driver tells the program, which stops quietly.
async function writeWhole(writeOnce, view, start, end) {
  while (start < end && stdoutStream === null) {
    try {
      start += await writeOnce(view(), start, end - start);
    } catch (error) {
      if (error.code !== 'EAGAIN' || writeOnce.fd !== STDOUT) throw error;
      stdout();
    }
  }
  if (start < end && !stdoutStream.write(Buffer.from(view().subarray(start, end)))) await once(stdoutStream, 'drain');
}

// write(2) of fd on libuv's thread pool, resolving to the bytes written.
function writerInPool(fd) {
  const writeOnce = (u8, start, length) =>
    new Promise((resolve, reject) => {
      write(fd, u8, start, length, null, (error, written) => (error ? reject(error) : resolve(written)));
    });
  writeOnce.fd = fd;
  return writeOnce;
}

/**
 * Writes to stdout (fd) in the background (write(2) on libuv's thread pool) while the caller makes the next bytes:
 * at most one write is in flight, and `write` waits for it before starting the next. The bytes handed over must
 * stay untouched until `flush()` (or the next `write`) resolves. `view()` gives the memory they are in, as a view
 * of it now.
 */
export class BackgroundWriter {
  constructor(view, fd = STDOUT) {
    this.view = view;
    this.writeOnce = writerInPool(fd);
    this.inFlight = null;
  }

  async write(start, end) {
    await this.flush();
    this.inFlight = writeWhole(this.writeOnce, this.view, start, end);
  }

  async flush() {
    const inFlight = this.inFlight;
    this.inFlight = null;
    if (inFlight !== null) await inFlight;
  }
}
