// The first look at a frame, before it is parsed: its connection's and its client's budgets in frames and in
// bytes. A frame over a budget is refused unread (its id, when the frame starts with one, is read by a bounded
// pattern, not by JSON.parse), so whatever an address sends, the bridge's CPU per client stays bounded; a
// connection that keeps sending while refused is closed.
import { LIMITS } from '../limits.js';
import { Bucket } from '../rate.js';

// `{"id": 12` or `{"id":"a-b"` at the very start of a frame: what a refused frame's reply is addressed to.
const LEADING_ID = /^\s*\{\s*"id"\s*:\s*(-?\d{1,16}|"[^"\\]{1,128}")\s*[,}]/;

/** The request id at the start of a frame, read without parsing it; null when there is none to read. */
export function leadingId(data) {
  const head = data.subarray(0, LIMITS.idPrefixBytes).toString('latin1');
  const match = LEADING_ID.exec(head);
  if (match === null) return null;
  const id = match[1].startsWith('"') ? match[1].slice(1, -1) : Number(match[1]);
  return typeof id === 'number' && !Number.isSafeInteger(id) ? null : id;
}

/** One connection's frame and byte budgets, and its client's (shared by all of that client's connections). */
export class FrameGate {
  constructor(config, client, now) {
    this.config = config;
    this.client = client;
    this.frames = new Bucket(config.rate, now);
    this.bytes = new Bucket(config.byteRate, now);
    // What it may send while refused before it is closed: another second's worth of frames or bytes.
    this.refusedFrames = new Bucket(config.rate, now);
    this.refusedBytes = new Bucket(config.byteRate, now);
  }

  /**
   * The verdict on a frame of `size` bytes: null when it may be parsed, 'close' when the connection kept
   * sending while refused, else the refusal's message (a `rate`).
   */
  admit(size) {
    const refusal = this.#overBudget(size);
    if (refusal === null) return null;
    if (!this.refusedFrames.take() || !this.refusedBytes.take(Math.min(size, this.config.byteRate))) return 'close';
    return refusal;
  }

  #overBudget(size) {
    const { config, client } = this;
    if (!this.frames.take()) return `over ${config.rate} requests per second on this connection`;
    if (!this.bytes.take(Math.min(size, config.byteRate)))
      return `over ${config.byteRate} bytes per second on this connection`;
    if (!client.requests.take()) return `over ${config.ipRate} requests per second from this address`;
    if (!client.bytes.take(Math.min(size, config.ipByteRate)))
      return `over ${config.ipByteRate} bytes per second from this address`;
    return null;
  }
}
