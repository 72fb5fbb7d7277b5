// What the driver tells the program of its process: which of its fds are terminals, and stdin's size when it
// is a regular file (`< FILE`).
import { fstatSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Whether fd is a terminal. A terminal is a character device: fstat tells files and pipes apart without loading node:tty (which loads node:net, a few ms of every start); only a character device is asked isatty. */
export function isTerminal(fd) {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return createRequire(import.meta.url)('node:tty').isatty(fd);
}

/** The size of stdin (fd) when it is a regular file, else -1. */
export function stdinSize(fd = 0) {
  try {
    const stat = fstatSync(fd);
    return stat.isFile() ? stat.size : -1;
  } catch {
    return -1;
  }
}
