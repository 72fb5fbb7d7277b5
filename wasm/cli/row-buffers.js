// The CLI module's two row buffers (bindings/rows.cpp), shared by decode and scan: core fills one while the
// other is written out in the background (cli/stdio.js's BackgroundWriter).
import { views, wasm } from './module.js';
import { BackgroundWriter } from './stdio.js';

/** The two row buffers and their writer: `slot` is the buffer filled now. */
export class RowBuffers {
  constructor() {
    this.writer = new BackgroundWriter();
    this.slot = 0; // the buffer filled now, while the other may still be being written
  }

  /** Sizes both buffers for at least `bytes` (core traps on a row that would pass the room reserved); call it with no write in flight. */
  reserve(bytes) {
    wasm.reserve_rows(bytes);
  }

  /** The address of the buffer filled now. */
  address() {
    return wasm.rows_at(this.slot);
  }

  /** Hands the first `used` bytes of the buffer filled now to the writer, and moves on to the other. */
  async submit(used) {
    if (used === 0) return;
    const start = this.address();
    await this.writer.write(views().u8, start, start + used);
    this.slot ^= 1;
  }

  /** Resolves once no write is in flight. */
  flush() {
    return this.writer.flush();
  }
}
