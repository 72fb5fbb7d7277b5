// A progress line on stderr for long runs (decode from stdin, scan, mint): drawn only when stderr is a terminal
// and stdout is not (the rows go to a file or a pipe), from a second into the run on, redrawn at most four
// times a second, and cleared before anything else is printed on stderr and at the end.
import { fstatSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';

const STDIN = 0;
const STDOUT = 1;
const STDERR = 2;
const FIRST_MS = 1000;
const EVERY_MS = 250;
const CLEAR = '\r\x1b[K';

const count = (n) => Math.round(n).toLocaleString('en-US');
const size = (bytes) =>
  bytes < 1e6
    ? `${count(bytes / 1e3)} kB`
    : bytes < 1e9
      ? `${(bytes / 1e6).toFixed(1)} MB`
      : `${(bytes / 1e9).toFixed(2)} GB`;

/** The size of stdin when it is a regular file (`< FILE`), else null: how much a run from stdin has to read. */
export function stdinBytes() {
  try {
    const stat = fstatSync(STDIN);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

class Progress {
  constructor(command, { total = null, unit = null, found = null }) {
    this.command = command;
    this.total = total; // in units (bytes when unit is null), or null when unknown
    this.unit = unit;
    this.found = found; // what update's `found` counts ("ids", "lines"), if anything
    this.next = performance.now() + FIRST_MS;
    this.shown = false;
  }

  /** `done` of the total, and `found` so far: drawn when it is time. */
  update(done, found) {
    const now = performance.now();
    if (now < this.next) return;
    this.next = now + EVERY_MS;
    this.shown = true;
    writeSync(STDERR, `${CLEAR}branded ${this.command}: ${this.text(done, found)}`);
  }

  text(done, found) {
    const percent = this.total ? `${Math.min(100, Math.floor((done / this.total) * 100))}%, ` : '';
    let amount = this.total === null ? `${size(done)} read` : `${size(done)} of ${size(this.total)}`;
    if (this.unit) amount = `${count(done)}${this.total === null ? '' : ` of ${count(this.total)}`} ${this.unit}`;
    return `${percent}${amount}${this.found ? `, ${count(found)} ${this.found}` : ''}`;
  }

  /** Takes the line off the terminal (before an error message, and at the end). */
  clear() {
    if (this.shown) writeSync(STDERR, CLEAR);
    this.shown = false;
  }
}

const NONE = Object.freeze({ update() {}, clear() {} });

// Whether fd is a terminal. A terminal is a character device: fstat tells files and pipes apart without
// loading node:tty (which loads node:net, a few ms of every start); only a character device is asked isatty.
function isTerminal(fd) {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return createRequire(import.meta.url)('node:tty').isatty(fd);
}

/**
 * A progress line for `branded COMMAND`: `total` bytes (or `unit`s, when given; null: unknown) and a count of
 * what was `found` ("ids", "lines"); one that draws nothing when stderr is no terminal or stdout is one.
 */
export function progress(command, options = {}) {
  return isTerminal(STDERR) && !isTerminal(STDOUT) ? new Progress(command, options) : NONE;
}
