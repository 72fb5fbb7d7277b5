// Minters: the minting law stays in core. Each JS Minter holds a handle to a core Minter kept inside the
// module; the handle is released when the JS object is garbage-collected, so nothing needs .delete().
import * as args from './args.js';
import { quote, refused } from './errors.js';
import { AT, answerId, input, views, wasm, writeText } from './module.js';

const release = new FinalizationRegistry((handle) => wasm.minter_release(handle));

class Minter {
  #handle;

  constructor(handle, namespace, node) {
    this.#handle = handle;
    this.namespace = namespace;
    this.node = node;
    Object.freeze(this);
    release.register(this, handle);
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

  #mint() {
    const error = wasm.minter_next(this.#handle);
    if (error !== 0) throw refused(`mint (${this.namespace}, node ${this.node})`, error);
  }
}

/** createMinter({namespace, node = 0}): errors `namespace` (not 3 x A-Z), `node` (outside 0-1023). */
export function createMinter(options) {
  args.object(options, 'createMinter options');
  const { namespace, node = 0 } = options;
  args.text(namespace, 'namespace');
  args.integer(node, 'node');
  const size = writeText(namespace);
  const handle = wasm.minter_create(input.address, size, node);
  if (handle < 0) throw refused(`createMinter({namespace: ${quote(namespace)}, node: ${node}})`, -handle, namespace);
  return new Minter(handle, namespace, node);
}
