// The version fence, client side (contract.md §5): read {emq}:version at connect and at every reconnect; equal
// → writable; absent → claim it with SET NX and read it back; anything else → every write refused with
// a FenceError. While not writable, each write checks again, so a fence put right is seen at once.
import { FENCE_KEY, FENCE_VALUE } from '@echomq/branded';
import { FenceError } from './errors.js';

const isWrongType = (error) => /^WRONGTYPE /.test(error?.message ?? '');

/** One client's version fence: its state, checked again at each reconnect, and the gate every write awaits. */
export class Fence {
  #client;
  #state = 'unverified';
  #found = null;
  #checking = null;

  constructor(client) {
    this.#client = client;
    // Errors of a background check are kept in the state; the next write checks again and reports them.
    client.on('ready', () => this.check().catch(() => {}));
    for (const event of ['close', 'reconnecting', 'end']) client.on(event, () => (this.#state = 'unverified'));
  }

  /** 'ok' | 'fenced' | 'unverified', with what was found and what is expected. */
  status() {
    return { state: this.#state, found: this.#found, expected: FENCE_VALUE };
  }

  /** Reads (and, when absent, claims) the fence; one check at a time. */
  check() {
    this.#checking ??= this.#read().finally(() => (this.#checking = null));
    return this.#checking;
  }

  /** Resolves when writes may go out; otherwise throws the FenceError. */
  async assertWritable() {
    if (this.#state !== 'ok') await this.check();
    if (this.#state !== 'ok') throw new FenceError(this.#found);
  }

  /** The native executor answered EMQFENCE: the fence changed under this connection. */
  async refusedByServer(serverText) {
    this.#state = 'fenced';
    this.#found = await this.#get().catch(() => this.#found);
    return new FenceError(this.#found, { serverText });
  }

  async #read() {
    let found = await this.#get();
    if (found === null) {
      await this.#client.set(FENCE_KEY, FENCE_VALUE, 'NX');
      found = await this.#get();
    }
    this.#found = found;
    this.#state = found === FENCE_VALUE ? 'ok' : 'fenced';
    return this.status();
  }

  // A fence of another type is foreign too; it is described, since it has no string value.
  async #get() {
    try {
      return await this.#client.get(FENCE_KEY);
    } catch (error) {
      if (!isWrongType(error)) throw error;
      return `(a ${await this.#client.type(FENCE_KEY)}, not a string)`;
    }
  }
}
