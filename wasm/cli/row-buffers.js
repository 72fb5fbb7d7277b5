// The CLI module's two row buffers (bindings/rows.cpp), shared by decode and scan: core fills one while the
// other is written out in the background (cli/stdio.js's BackgroundWriter).
import { FOUND, views } from './module.js';
import { BackgroundWriter } from './stdio.js';

/** The two row buffers and their writer: `slot` is the buffer filled now. */
export class RowBuffers {
  constructor() {
    this.writer = new BackgroundWriter();
    this.slot = 0; // the buffer filled now, while the other may still be being written
  }

  /** Hands the first `used` bytes of the buffer filled now (where core's last call left rowsAddress) to the writer, and moves on to the other. */
  async submit(used) {
    if (used === 0) return;
    const start = views().u32[FOUND.rowsAddress >> 2];
    await this.writer.write(views().u8, start, start + used);
    this.slot ^= 1;
  }

  /** Resolves once no write is in flight. */
  flush() {
    return this.writer.flush();
  }
}
