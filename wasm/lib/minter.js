// Minters: the minting law stays in core. Each JS Minter holds a handle to a core Minter kept inside the
// module; the handle is released by dispose(), or when the JS object is garbage-collected.
import * as args from './args.js';
import { quote, refused } from './errors.js';
import { AT, answerId, input, onReady, views, wasm, writeText } from './module.js';

const release = new FinalizationRegistry((handle) => wasm.minter_release(handle));
const DISPOSED = -1; // a handle the module never gives out
let NO_MINTER; // what the module answers for such a handle
onReady(() => {
  NO_MINTER = views().u32[AT.noMinter >> 2];
});

class Minter {
  #handle;

  constructor(handle, namespace, node) {
    this.#handle = handle;
    this.namespace = namespace;
    this.node = node;
    Object.freeze(this);
    release.register(this, handle, this);
  }

  // The next id (14 bytes) of this minter.
  next() {
    this.#mint();
    return answerId();
  }

  // The next Snowflake of this minter.
  nextSnowflake() {
    this.#mint();
    return views().u64[AT.snowflake >> 3];
  }

  // Releases the core Minter now rather than at collection; minting afterwards throws a TypeError.
  dispose() {
    if (this.#handle === DISPOSED) return;
    release.unregister(this);
    wasm.minter_release(this.#handle);
    this.#handle = DISPOSED;
  }

  #mint() {
    const error = wasm.minter_next(this.#handle);
    if (error === 0) return;
    if (error === NO_MINTER) {
      throw new TypeError(
        `this minter (${this.namespace}, node ${this.node}) was disposed: create another with createMinter()`,
      );
    }
    throw refused(`mint (${this.namespace}, node ${this.node})`, error);
  }
}
if (typeof Symbol.dispose === 'symbol') Minter.prototype[Symbol.dispose] = Minter.prototype.dispose;

/**
 * createMinter({namespace, node = 0}): errors `namespace` (not 3 x A-Z), `node` (outside 0-1023). With
 * `lease` (a connection of @echomq/branded/valkey), a Promise of a minter whose node is leased from Valkey.
 */
export function createMinter(options) {
  args.object(options, 'createMinter options');
  if (options.lease !== undefined) return createLeased(options);
  return createFixedMinter(options);
}

// A leased minter is the connector's (@echomq/branded/valkey): the connection makes it and checks the options.
async function createLeased(options) {
  if (typeof options.lease?.leaseMinter !== 'function') throw new TypeError('lease must be a connect() connection');
  return options.lease.leaseMinter(options);
}

function createFixedMinter(options) {
  const { namespace, node = 0 } = options;
  args.text(namespace, 'namespace');
  args.integer(node, 'node');
  const size = writeText(namespace);
  const error = wasm.minter_create(input.address, size, node);
  if (error !== 0) throw refused(`createMinter({namespace: ${quote(namespace)}, node: ${node}})`, error, namespace);
  return new Minter(views().u32[AT.handle >> 2], namespace, node);
}
