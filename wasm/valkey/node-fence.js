// The node fence on a cluster (contract.md §5): EMQ.ENQUEUE reads no key for its fence there, but the fence
// each node holds as module state (EMQ.FENCE). The connector claims it on every primary at connect (CLAIM sets
// it only where a node holds none, and answers what the node holds), and again whenever a node answers that it
// holds none (a node added, or one that lost its state): a node without a fence refuses every write, so none
// is taken before the claim. A foreign value is never overwritten.
import { FENCE_VALUE, NODE_FENCE_COMMAND } from '@echomq/branded';
import { ExecutorError, FenceError } from './errors.js';

// Why a node has no fence to claim: the module is not loaded there, or this user may not run EMQ.FENCE.
function missingBecause(error) {
  if (/^ERR unknown command/.test(error?.message ?? '')) return 'has no emq module';
  if (/^NOPERM/.test(error?.message ?? '')) return 'refuses EMQ.FENCE to this user (ACL)';
  return null;
}
const address = (node) => `${node.options.host}:${node.options.port}`;

/** The node fences of one cluster client: claimed on every primary, with what each primary holds. */
export class NodeFences {
  #client;
  #claiming = null;
  #lastClaim = null;

  constructor(client) {
    this.#client = client;
  }

  /**
   * What the last claim found: [{ node: 'host:port', found, why? }] (found null, and why, where the module is not
   * loaded or the user may not claim), or null before the first claim.
   */
  get found() {
    return this.#lastClaim;
  }

  /** Claims the fence on every primary the client knows now; one claim at a time. Resolves what each holds. */
  claim() {
    this.#claiming ??= this.#claimAll().finally(() => (this.#claiming = null));
    return this.#claiming;
  }

  /** Throws unless every primary runs the module and holds the contract's fence (claims it first). */
  async assertNative() {
    const found = await this.claim();
    const missing = found.find((node) => node.found === null);
    if (missing)
      throw new ExecutorError(
        `the native executor needs the emq module on every primary; ${missing.node} ${missing.why}`,
      );
    this.assertNotForeign(found);
  }

  /** Throws a FenceError naming the first primary that holds a foreign fence. */
  assertNotForeign(found = this.#lastClaim ?? []) {
    const foreign = found.find((node) => node.found !== null && node.found !== FENCE_VALUE);
    if (foreign) throw new FenceError(foreign.found, { node: foreign.node });
  }

  async #claimAll() {
    const primaries = this.#client.nodes('master');
    const found = await Promise.all(primaries.map((node) => this.#claimOn(node)));
    this.#lastClaim = found;
    return found;
  }

  async #claimOn(node) {
    try {
      return { node: address(node), found: await node.call(NODE_FENCE_COMMAND, 'CLAIM', FENCE_VALUE) };
    } catch (error) {
      const why = missingBecause(error);
      if (why !== null) return { node: address(node), found: null, why };
      throw error;
    }
  }
}
