// A count of the frames a message arrives in, read from the raw socket before ws sees the bytes. ws bounds a
// message's bytes (--max-frame) but not its fragments, and each fragment it holds costs memory beyond its
// bytes: ws is given nothing past the frame that takes a message over LIMITS.maxFragments, and the
// connection is closed (1009).
import { LIMITS } from '../limits.js';

/** The close code of a connection whose message came in too many fragments: the message is too big. */
export const FRAGMENTS_CLOSE_CODE = 1009;
const CONTINUATION = 0x0;
const CONTROL = 0x8;

/** Reads frame headers (RFC 6455 §5.2) from a client's byte stream and counts each message's fragments. */
export class FragmentCounter {
  #header = Buffer.alloc(14);
  #have = 0; // header bytes read of the frame under way
  #skip = 0; // payload bytes of the frame under way still to pass
  #fragments = 0; // frames of the unfinished message so far

  constructor(maxFragments, onExceeded) {
    this.maxFragments = maxFragments;
    this.onExceeded = onExceeded;
    this.exceeded = false;
  }

  /** Takes the next bytes the client sent; returns how many of them may reach ws (all, until the bound). */
  push(chunk) {
    let at = 0;
    if (this.exceeded) return 0;
    while (at < chunk.length) {
      if (this.#skip > 0) {
        const passed = Math.min(this.#skip, chunk.length - at);
        this.#skip -= passed;
        at += passed;
        continue;
      }
      this.#header[this.#have++] = chunk[at++];
      const length = this.#headerLength();
      if (length !== null && this.#have === length) {
        this.#frame();
        if (this.exceeded) return Math.max(0, at - length); // not even the header of the frame past the bound
      }
    }
    return chunk.length;
  }

  // The whole header's length once its first two bytes are in, else null.
  #headerLength() {
    if (this.#have < 2) return null;
    const short = this.#header[1] & 0x7f;
    const extended = short === 126 ? 2 : short === 127 ? 8 : 0;
    const mask = this.#header[1] & 0x80 ? 4 : 0;
    return 2 + extended + mask;
  }

  #frame() {
    const fin = (this.#header[0] & 0x80) !== 0;
    const opcode = this.#header[0] & 0x0f;
    const short = this.#header[1] & 0x7f;
    if (short === 126) this.#skip = this.#header.readUInt16BE(2);
    else if (short === 127) this.#skip = Number(this.#header.readBigUInt64BE(2));
    else this.#skip = short;
    this.#have = 0;
    if (opcode >= CONTROL) return; // pings and closes may come between fragments
    this.#fragments = opcode === CONTINUATION ? this.#fragments + 1 : 1;
    if (fin) this.#fragments = 0;
    else if (this.#fragments > this.maxFragments) {
      this.exceeded = true;
      this.onExceeded();
    }
  }
}

/**
 * Puts a fragment count in front of ws's reader of `socket` (call it in the upgrade's callback, where ws has
 * just attached its reader and put the handshake's leftover bytes back into the socket): ws reads the bytes
 * before the frame past `maxFragments`, and none from it on; `onExceeded` is called once then.
 */
export function guardFragments(socket, onExceeded, maxFragments = LIMITS.maxFragments) {
  const counter = new FragmentCounter(maxFragments, onExceeded);
  for (const reader of socket.listeners('data')) {
    const gated = (chunk) => {
      const passed = counter.push(chunk);
      if (passed > 0) reader.call(socket, passed === chunk.length ? chunk : chunk.subarray(0, passed));
    };
    // ws detaches its reader by reference on close; this lets that detach the gated one.
    gated.listener = reader;
    socket.removeListener('data', reader);
    socket.on('data', gated);
  }
  return counter;
}
