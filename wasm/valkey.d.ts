// @echomq/branded/valkey — the EchoMQ contract on a real Valkey (a node or a cluster), through iovalkey
// (an optional peer dependency: install it to use this subpath). Every id decision (host check, keys,
// stream entry ids, windows, the script and its SHA1) is the package's, i.e. core's.
// iovalkey's own types are not imported, so these declarations compile without iovalkey installed.
import type { BrandedError, LeaseOptions, LeasedMinter } from './index.js';

/** iovalkey's options for one node (its `RedisOptions`); every other option is passed to iovalkey as is. */
export interface ValkeyOptions {
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  db?: number;
  [option: string]: unknown;
}
/** A cluster startup node, as iovalkey takes it (its `ClusterNode`). */
export type ValkeyClusterNode = string | number | { host?: string; port?: number };
/**
 * The iovalkey client underneath (its `Redis` or `Cluster`), typed by shape only; for iovalkey's command
 * types, cast: `connection.client as import('iovalkey').Redis`.
 */
export interface ValkeyClient {
  readonly status: string;
  quit(): Promise<unknown>;
  disconnect(): void;
  [command: string]: any;
}

/** A URL (`redis://127.0.0.1:6379`), iovalkey options, or a cluster's startup nodes plus cluster options. */
export type ConnectTarget = string | ValkeyOptions | ({ cluster: ValkeyClusterNode[] } & { [option: string]: unknown });

/**
 * How the connector's scripts (the script executor's @enqueue, countWindow, expire) reach the server:
 * `eval`: EVALSHA of the script (EVAL when the server lost it); `functions`: FCALL of the Functions library an
 * administrator loaded once (loadLibrary), for a user that may run no script of its own choosing (an ACL
 * without +eval, +script, +function). The replies are the same, byte for byte.
 */
export type ScriptCalls = 'eval' | 'functions';
export const SCRIPT_CALLS: readonly ['eval', 'functions'];
/**
 * Opt-in durability: an enqueue is acknowledged once its write reached `replicas` replicas (WAIT), or with
 * `aof` the primary's AOF and `replicas` replicas' AOFs fsynced (WAITAOF), within `timeoutMs`; otherwise it
 * is refused with a DurabilityError saying what was reached.
 */
export interface Durability {
  /** Default 1. */
  replicas?: number;
  /** Default false. */
  aof?: boolean;
  /** Default 1000. */
  timeoutMs?: number;
}
export interface ConnectOptions {
  /** Default 'eval'. */
  scripts?: ScriptCalls;
  /** Asked of every enqueue unless a call says otherwise; default: none (acknowledged when the primary answers). */
  durability?: Durability | null;
  /** How long a cluster call retries a redirection or a lost answer before an OutcomeUnknownError; default 30000. */
  retryBudgetMs?: number;
}

/**
 * Connects, then reads the version fence {emq}:version: equal to `echomq:4.0.0` → ready; absent →
 * `SET {emq}:version echomq:4.0.0 NX` and read back; anything else → rejects with a FenceError (and
 * disconnects). The same check runs at every reconnect.
 */
export function connect(target: ConnectTarget, options?: ConnectOptions): Promise<Connection>;

/** The Functions library's name (`branded`). */
export const LIBRARY_NAME: string;
/** Its source, for `FUNCTION LOAD REPLACE` (what loadLibrary sends). */
export const LIBRARY_CODE: string;
/** Its version, as its `emq_library` function answers it. */
export const LIBRARY_VERSION: string;
/** Its functions: @enqueue, the window count, the TTL, the version. */
export const LIBRARY_FUNCTIONS: {
  readonly enqueue: 'emq_enqueue';
  readonly window: 'emq_window';
  readonly expire: 'emq_expire';
  readonly version: 'emq_library';
};
/** The library's node lease functions (createMinter({ lease })). */
export const LEASE_FUNCTIONS: {
  readonly acquire: 'emq_lease_acquire';
  readonly renew: 'emq_lease_renew';
  readonly release: 'emq_lease_release';
};
/** The hash tag of every node lease key: `{emq:lease}:node:N` (the holder) and `{emq:lease}:hw:N` (its high-water). */
export const LEASE_TAG: '{emq:lease}';
/**
 * Loads or replaces the library on one node (`FUNCTION LOAD REPLACE`: an administrator's command); on a
 * cluster, on every primary. Resolves the library's name. Valkey keeps it in its RDB/AOF and replicates it.
 */
export function loadLibrary(client: ValkeyClient): Promise<string>;

/**
 * `script`: core's @enqueue (EVALSHA with EVAL on NOSCRIPT, or FCALL of the library), any topology.
 * `native`: EMQ.ENQUEUE (the emq module), a node or a cluster whose every primary loads the module.
 */
export type Executor = 'script' | 'native';
export const EXECUTORS: readonly ['script', 'native'];
export interface EnqueueOptions {
  /** Default 'script'. */
  executor?: Executor;
  /** This call's durability (null: none); default: the connection's. */
  durability?: Durability | null;
}
export type Verdict = 'enqueued' | 'duplicate';
/** A job payload: text (sent as UTF-8) or bytes. */
export type Payload = string | Uint8Array;

/** One item of enqueueMany: the id, then its payload. */
export type EnqueueItem = readonly [id: string, payload: Payload];
/**
 * One outcome of enqueueMany, at the index of its item. `refused` carries: BrandedError (the host check:
 * queue is checked for the whole batch, the id per item) or TypeError (not an [id, payload] pair, payload
 * not text or bytes), both before anything is sent; KindError (the server's wire gate); FenceError
 * (the native executor found the fence changed); or the server's own error (e.g. WRONGTYPE).
 */
export type EnqueueOutcome =
  | {
      id: string;
      verdict: Verdict;
      /** On a cluster: the answer came on a later try (see OutcomeUnknownError). */ retried?: true;
    }
  | {
      id: unknown;
      verdict: 'refused';
      error:
        | BrandedError
        | TypeError
        | KindError
        | FenceError
        | LibraryError
        | DurabilityError
        | OutcomeUnknownError
        | Error;
    };

/** What one enqueueMany call sent (the outcomes' `sent`), each item's part built when asked for. */
export interface SentBatch {
  /** How its calls went out. */
  readonly route: 'native' | ScriptCalls;
  /** The queue's pending key. */
  readonly pending: string;
  /** Item i's job key; null for an item refused before the wire. */
  key(index: number): string | null;
  /** The exact command item i sent first (`FCALL emq_enqueue 2 …`, `EVALSHA <sha1> 2 …`, `EMQ.ENQUEUE 2 …`). */
  command(index: number): Array<string | Uint8Array> | null;
}
/** enqueueMany's answer: one outcome per item, in input order, and (not enumerable) what was sent. */
export type EnqueueOutcomes = EnqueueOutcome[] & { readonly sent: SentBatch };

/** A window counted inside the server. */
export interface WindowCount {
  key: string;
  /** Entries read (at most `count`). */
  count: number;
  first: string | null;
  /** The last id among the first `limit` entries. */
  last: string | null;
  /** The first `sample` entries. */
  sample: StreamEntry[];
}

export interface FenceStatus {
  /** 'unverified' between a disconnect and the next check. */
  state: 'ok' | 'fenced' | 'unverified';
  /** What {emq}:version held at the last check: null when absent, a description in parentheses for a non-string. */
  found: string | null;
  expected: 'echomq:4.0.0';
}

/** A job row as the executors write it (HSET state pending attempts 0 payload <p>), fields in that order. */
export interface JobRow<V = string> {
  state: V;
  attempts: V;
  payload: V;
  [field: string]: V;
}

/** Stream fields: an object, or [field, value] pairs (kept in order); at least one pair. */
export type StreamFields =
  Record<string, string | Uint8Array> | ReadonlyArray<readonly [string | Uint8Array, string | Uint8Array]>;
export interface StreamEntry {
  /** `<unixMs>-<low 22 bits of the Snowflake>` */
  id: string;
  fields: Record<string, string>;
}

export interface Connection {
  /** The iovalkey client underneath, for commands this connector does not wrap (no fence, no host check). */
  readonly client: ValkeyClient;
  readonly cluster: boolean;
  /** How the connector's scripts run (connect's `scripts` option). */
  readonly scripts: ScriptCalls;
  /** The latest connection error the client reported while (re)connecting, or null when none. */
  readonly lastError: Error | null;

  /** The durability every enqueue asks for unless a call says otherwise (null: none). */
  readonly durability: Required<Durability> | null;
  /**
   * On a cluster: each primary's node fence (EMQ.FENCE) at the last claim; found null (and `why`) where the
   * module is not loaded or the user may not run EMQ.FENCE.
   */
  readonly nodeFences: { node: string; found: string | null; why?: string }[] | null;
  /** The fence as last checked. */
  fence(): FenceStatus;
  /** Checks the fence now (claiming it when absent). While it is not 'ok', every write checks it first. */
  verifyFence(): Promise<FenceStatus>;

  /**
   * Host check first (BrandedError for a bad queue or an id that does not fully parse, TypeError for a
   * payload that is not text or bytes; nothing is sent), then ExecutorError for an unknown executor or
   * 'native' where a primary lacks the module, then FenceError when the fence does not hold. A server `EMQKIND …` refusal
   * rejects with a KindError carrying the server's exact text.
   */
  enqueue(queue: string, id: string, payload: Payload, options?: EnqueueOptions): Promise<Verdict>;
  /**
   * Pipelines the items and resolves one outcome per item, in input order. A malformed item is refused
   * on its own without touching the wire; a bad queue, executor or fence rejects the whole call.
   */
  enqueueMany(queue: string, items: readonly EnqueueItem[], options?: EnqueueOptions): Promise<EnqueueOutcomes>;
  /** The job row, or null when there is none. `buffers: true` reads the values as bytes (Node Buffers). */
  job(queue: string, id: string, options?: { buffers?: false }): Promise<JobRow | null>;
  job(queue: string, id: string, options: { buffers: true }): Promise<JobRow<Uint8Array> | null>;
  /** The pending ids, in order (score 0, so binary order, which is mint order); `limit` a positive integer. */
  pending(queue: string, options?: { limit?: number }): Promise<string[]>;

  /**
   * XADD to `emq:{<queue>}:<stream>` with the entry id injected from the Snowflake (`streamId`); resolves
   * that entry id. An id not above the stream's top rejects with NonMonotonicError (never retried with `*`).
   * BrandedError for a bad queue or stream name or a Snowflake of 2^63 or more; TypeError for bad fields.
   */
  append(queue: string, stream: string, snowflake: bigint, fields: StreamFields): Promise<string>;
  /** The entries of the instants [t0, t1): `XRANGE key <t0>-0 (<t1>-0 [COUNT count]`. */
  readWindow(
    queue: string,
    stream: string,
    t0: number,
    t1: number,
    options?: { count?: number },
  ): Promise<StreamEntry[]>;

  /**
   * Counts the entries of [t0, t1) inside the server (2,000 per call; only counts, ids and the sample cross the
   * wire), reading at most `count`. `limit` (default `count`) bounds `last`; `sample` (default 0) entries come back.
   * `beforeChunk()` is awaited before each call (turn-taking); a function it resolves is called after that call.
   */
  countWindow(
    queue: string,
    stream: string,
    t0: number,
    t1: number,
    options: { count: number; limit?: number; sample?: number; beforeChunk?: () => unknown },
  ): Promise<WindowCount>;
  /**
   * Replaces the stream with `entries` generated entries (entry i: snowflakeAt(i), fieldsAt(i)), written to a
   * scratch stream (`seed.<name>` for `stream.<name>`) and renamed over it once complete; on any failure the
   * scratch is deleted and the stream stays. `beforeChunk(n)` runs before each chunk of appends (pacing; a
   * throw stops the seed). The fence is checked before the first append and before the rename.
   */
  seed(
    queue: string,
    stream: string,
    entries: number,
    options: {
      fieldsAt: (index: number) => StreamFields;
      snowflakeAt: (index: number) => bigint;
      beforeChunk?: (appends: number) => unknown;
    },
  ): Promise<{ key: string }>;
  /** EXPIRE `seconds` on every key (of one hash slot), 128 keys per script call. */
  expire(keys: readonly string[], seconds: number): Promise<void>;

  /**
   * Node leases (the library's lease functions, FCALL, whatever `scripts` says), for createMinter({ lease }):
   * take the lowest free node under {emq:lease}, renew it, release it (compare-and-delete).
   */
  acquireNode(options: {
    owner: string;
    ttlMs: number;
    highWaterMs: number;
  }): Promise<{ node: number; highWaterMs: number }>;
  /** Extends the lease and raises the node's high-water; false when another owner holds the node. */
  renewNode(options: { node: number; owner: string; ttlMs: number; highWaterMs: number }): Promise<boolean>;
  /** Frees the node and sets its high-water; false when the owner no longer held it. */
  releaseNode(options: { node: number; owner: string; highWaterMs: number }): Promise<boolean>;
  /** What createMinter({ namespace, lease: connection }) of the package calls: a minter on a leased node. */
  leaseMinter<NS extends string>(options: { namespace: NS; leaseOptions?: LeaseOptions }): Promise<LeasedMinter<NS>>;

  /** QUIT (or disconnect when that fails). */
  close(): Promise<void>;
}

/** The version fence does not hold. `message` is the server's text when the native executor refused. */
export class FenceError extends Error {
  readonly name: 'FenceError';
  readonly code: 'fence';
  readonly found: string | null;
  readonly expected: 'echomq:4.0.0';
  readonly serverText?: string;
  /** The cluster node ('host:port') whose node fence (EMQ.FENCE) held `found`. */
  readonly node?: string;
}
/**
 * No definite answer within the retry budget (a cluster's redirections, a lost connection). `written`:
 * 'no' when every try was turned away before it ran, else 'maybe'. Sending the same enqueue again is safe.
 */
export class OutcomeUnknownError extends Error {
  readonly name: 'OutcomeUnknownError';
  readonly code: 'unknown';
  readonly written: 'maybe' | 'no';
  readonly attempts: number;
  readonly queue: string;
  readonly id: string;
}
/** The primary answered, but the write did not reach the asked durability in time; it may still exist. */
export class DurabilityError extends Error {
  readonly name: 'DurabilityError';
  readonly code: 'durability';
  readonly written: 'maybe';
  readonly asked: Required<Durability>;
  readonly reached: { replicas: number; aofLocal?: boolean; aofReplicas?: number };
  readonly verdict: Verdict;
  readonly queue: string;
  readonly id: string;
}
/** The server's wire gate refused the id; `message` and `serverText` are the server's exact text. */
export class KindError extends Error {
  readonly name: 'KindError';
  readonly code: 'kind';
  readonly serverText: string;
  readonly queue: string;
  readonly id: string;
}
/** XADD refused an entry id not above the stream's top id. */
export class NonMonotonicError extends Error {
  readonly name: 'NonMonotonicError';
  readonly code: 'nonmonotonic';
  readonly serverText: string;
  readonly key: string;
  readonly entryId: string;
}
/** An unknown executor, or 'native' on a cluster where a primary lacks the module. */
export class ExecutorError extends Error {
  readonly name: 'ExecutorError';
  readonly code: 'executor';
}
/** Why a leased minter cannot mint, or could not take a node (LeaseError.reason). */
export type LeaseReason = 'expired' | 'lost' | 'full' | 'clock' | 'ahead' | 'library' | 'denied' | 'closed';
/** A leased minter refused to mint, or no node could be leased; nothing was minted. `code` is always 'lease'. */
export class LeaseError extends Error {
  readonly name: 'LeaseError';
  readonly code: 'lease';
  readonly reason: LeaseReason;
}

/** What answered at the address closed the connection instead of answering as Valkey (e.g. an HTTP server). */
export class ConnectError extends Error {
  readonly name: 'ConnectError';
  readonly code: 'connect';
}
/** A function of the Functions library is not loaded (a connection with `scripts: 'functions'`). */
export class LibraryError extends Error {
  readonly name: 'LibraryError';
  readonly code: 'library';
  readonly serverText: string;
}
