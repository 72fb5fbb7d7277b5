// @echomq/branded — the EchoMQ branded-id contract, compiled from one C++ core to WebAssembly.
// Every call is synchronous once the module is ready: on import wherever the platform compiles WebAssembly
// synchronously (Node, workers, browsers, workerd), else when `ready` resolves. Snowflakes are bigint;
// millisecond instants are number. Text is measured in UTF-8 bytes. (dist/index.d.cts is a copy for require.)

/**
 * Resolves once the module is instantiated and self-checked; rejects with the reason it could not load.
 * Already settled on import where the platform compiles synchronously; `await ready` before the first call
 * elsewhere (a call made earlier throws, saying so).
 */
export const ready: Promise<void>;

/** Why a branded id does not parse, in the contract's check order. */
export type ParseErrorCode = 'length' | 'namespace' | 'charset' | 'range';
/** Every error class core reports (BrandedError.code). */
export type ErrorCode = ParseErrorCode | 'node' | 'queue' | 'entry_id';

export interface ParsedId {
  ok: true;
  /** The three letters A–Z. */
  namespace: string;
  snowflake: bigint;
  unixMs: number;
  /** 0–1023 */
  node: number;
  /** 0–4095 */
  seq: number;
  /** Absent; declared so `if (!r.ok) r.error` type-checks without strictNullChecks too. */
  error?: undefined;
}
export interface RefusedId {
  ok: false;
  error: ParseErrorCode;
}
export type ParseResult = ParsedId | RefusedId;

/** Thrown for an input core refuses; `code` names the class. Wrong argument types throw TypeError. */
export class BrandedError extends Error {
  readonly name: 'BrandedError';
  readonly code: ErrorCode;
}

/** `ERROR_CODES[n]` is the name of error number n (the values of `ParsedIds.error`); index 0 is 'none'. */
export const ERROR_CODES: readonly ['none', 'length', 'namespace', 'charset', 'range', 'node', 'queue', 'entry_id'];

/** The Snowflake epoch, in Unix ms (2024-01-01T00:00:00.000Z). */
export const EPOCH_MS: number;
/** The last millisecond a Snowflake can carry (2093-09-06T15:47:35.551Z). */
export const HORIZON_MS: number;
/** The length of every branded id, in bytes. */
export const ID_LENGTH: 14;
/** The largest Snowflake (2^63 - 1). */
export const MAX_SNOWFLAKE: bigint;
/** The largest node id a Snowflake carries (1023). */
export const MAX_NODE: number;
/** The native executor's command (the Valkey module). */
export const ENQUEUE_COMMAND: 'EMQ.ENQUEUE';
/** The module's node fence on a cluster: EMQ.FENCE GET | CLAIM <value> | SET <value>. */
export const NODE_FENCE_COMMAND: 'EMQ.FENCE';
/** The namespace of job ids, the only one the wire gate admits. */
export const JOB_NAMESPACE: 'JOB';
/** The @enqueue script: KEYS[1] job row, KEYS[2] pending set, ARGV[1] id, ARGV[2] payload. */
export const ENQUEUE_SCRIPT: string;
/** The script's SHA1, for EVALSHA. */
export const ENQUEUE_SCRIPT_SHA1: string;
/** The wire gate's refusal, byte for byte. */
export const KIND_REFUSAL: 'EMQKIND job id must be JOB-namespaced';
/** The class word that begins the wire gate's refusal. */
export const KIND_CLASS: 'EMQKIND';
/** The class word of EMQ.ENQUEUE's refusal of keys that do not match. */
export const KEY_CLASS: 'EMQKEY';
/** The class word of EMQ.ENQUEUE's refusal of an absent or foreign version fence. */
export const FENCE_CLASS: 'EMQFENCE';
/** The version fence's key. */
export const FENCE_KEY: '{emq}:version';
/** What the version fence holds: EchoMQ wire 4. */
export const FENCE_VALUE: 'echomq:4.0.0';

/**
 * A branded id of namespace NS, as a template-literal type: `BrandedId<'JOB'>` is a string that begins with
 * JOB. The value is the plain string: the type only records what encode, the minter, minId and isBranded
 * already checked.
 */
export type BrandedId<NS extends string = string> = `${NS}${string}`;

/** Parses a 14-byte branded id: length, namespace, charset, range — in that order. */
export function parse(id: string): ParseResult;
/** Whether `parse(id).ok`, without building the result. */
export function valid(id: string): boolean;
/**
 * Whether `value` is a valid branded id, of `namespace` when one is given: a guard that narrows to
 * `BrandedId<NS>`. Throws BrandedError `namespace` for a namespace that is not three letters A–Z.
 */
export function isBranded<NS extends string = string>(value: unknown, namespace?: NS): value is BrandedId<NS>;
/** The id of a Snowflake under a namespace. Throws BrandedError `namespace` or `range`. */
export function encode<NS extends string>(namespace: NS, snowflake: bigint): BrandedId<NS>;
/** The byte offset (UTF-8) where a refused id first goes wrong, -1 when it is valid. */
export function errorOffset(id: string): number;

/** The wire gate reads exactly the first three bytes. */
export type GateVerdict = { admitted: true; error?: undefined } | { admitted: false; error: typeof KIND_REFUSAL };
/** The wire gate's verdict: admitted when the first three bytes are exactly JOB, whatever follows. */
export function gate(id: string): GateVerdict;

/** Placement hash (fmix64, first half, low 32 bits). Throws `range` for 2^63 or more. */
export function hash32(snowflake: bigint): number;
/** The Snowflake's instant in Unix ms: (snowflake >> 22) + EPOCH_MS. */
export function unixMs(snowflake: bigint): number;
/** Throws `range` (instant outside the horizon, seq > 4095) or `node` (node > 1023). */
export function compose(fields: { unixMs: number; node: number; seq: number }): bigint;
/** The smallest Snowflake mintable at or after the instant. Throws `range` outside the horizon. */
export function minFor(unixMs: number): bigint;
/**
 * The least id of the namespace minted at or after the instant (Unix ms or a Date): node 0, sequence 0.
 * Throws BrandedError `namespace`, or `range` outside the horizon.
 */
export function minId<NS extends string>(namespace: NS, instant: number | Date): BrandedId<NS>;
/** The ids minted in [t0, t1), as a plain range: `start <= id < end`, compared bytewise. */
export interface IdRange<NS extends string = string> {
  start: BrandedId<NS>;
  end: BrandedId<NS>;
}
/**
 * The ids of the namespace minted in [t0, t1) (Unix ms or Dates), for a store that sorts ids bytewise (a
 * binary or `C` collation). Throws BrandedError `namespace`, or `range` unless t0 < t1 and both lie in the
 * horizon.
 */
export function idRange<NS extends string>(namespace: NS, t0: number | Date, t1: number | Date): IdRange<NS>;
/** The stream entry id `<unixMs>-<low 22 bits>` of a Snowflake. */
export function streamId(snowflake: bigint): string;

/** XRANGE arguments for [t0, t1): `XRANGE key start end`; `inclusiveEnd` for servers before 6.2. */
export interface StreamWindow {
  start: string;
  end: string;
  inclusiveEnd: string;
}
/** Throws `range` unless 0 <= t0 < t1. */
export function streamWindow(t0: number, t1: number): StreamWindow;

export interface EntryId {
  ms: bigint;
  seq: bigint;
  /** The Snowflake the entry id was injected from; null when it is no such id. */
  snowflake: bigint | null;
}
/** Parses `<ms>-<seq>` (two unsigned 64-bit decimals). Throws `entry_id`. */
export function parseEntryId(text: string): EntryId;

/** `emq:{<queue>}:job:<id>`; the host check runs first. Throws `queue`, then the id's parse error. */
export function jobKey(queue: string, id: string): string;
/** `emq:{<queue>}:<type>`. Throws `queue`. */
export function queueKey(queue: string, type: string): string;
/** `emq:{<queue>}:pending`. Throws `queue`. */
export function pendingKey(queue: string): string;
/** `^[A-Za-z0-9._-]{1,128}$` and not `emq`. */
export function validQueue(queue: string): boolean;
/** Whether `type` is a key type (the part after the hashtag): ^[A-Za-z0-9._-]{1,64}$. */
export function validKeyType(type: string): boolean;
/** The cluster slot: CRC16-XMODEM of the key's hashtag, mod 16384. */
export function slot(key: string): number;

export interface Minter<NS extends string = string> {
  readonly namespace: NS;
  readonly node: number;
  /**
   * The next id. Throws `range` when the clock reads before the epoch or past the horizon, and a TypeError
   * once the minter is disposed.
   */
  next(): BrandedId<NS>;
  /** The next Snowflake; throws as next() does. */
  nextSnowflake(): bigint;
  /**
   * Releases the minter inside the module now rather than when it is garbage-collected (also
   * `[Symbol.dispose]` where the platform has it); a second call does nothing.
   */
  dispose(): void;
}
/** A monotonic minter (core's minting law). Throws `namespace` or `node` (outside 0–1023). */
export function createMinter<NS extends string>(options: { namespace: NS; node?: number }): Minter<NS>;
/**
 * A minter whose node id is leased from Valkey: resolves once it holds the lowest free node. Rejects with a
 * LeaseError of `@echomq/branded/valkey` ('full', 'library', 'denied', 'clock'), the connection's error, or a
 * BrandedError `namespace`.
 */
export function createMinter<NS extends string>(options: {
  namespace: NS;
  lease: NodeLeaseConnection;
  leaseOptions?: LeaseOptions;
}): Promise<LeasedMinter<NS>>;

/** What createMinter's `lease` needs: a connection from connect() of `@echomq/branded/valkey`. */
export interface NodeLeaseConnection {
  /** Makes the leased minter from createMinter's options (the lease logic is the connector's). */
  leaseMinter<NS extends string>(options: { namespace: NS; leaseOptions?: LeaseOptions }): Promise<LeasedMinter<NS>>;
}
export interface LeaseOptions {
  /** The lease's time to live on the server (10,000 ms by default). */
  ttlMs?: number;
  /** How long before the TTL ends the minter stops minting (2,000 ms, at most ttlMs / 5, by default). */
  marginMs?: number;
  /** How often the lease is renewed ((ttlMs − marginMs) / 3 by default). */
  renewEveryMs?: number;
  /** How long a new holder waits for its clock to pass the node's high-water before it refuses ('clock'). */
  maxWaitMs?: number;
  /** The clocks the lease reads (for tests): a monotonic one for deadlines, the wall clock for high-waters. */
  clock?: { monotonic?: () => number; wall?: () => number };
  /** The timers the lease sets (for tests). */
  timers?: { setTimeout?: (run: () => void, ms: number) => unknown; clearTimeout?: (timer: unknown) => void };
}
/** A minter on a leased node: renewed on a timer while it lives (unref'd), released by close(). */
export interface LeasedMinter<NS extends string = string> {
  readonly namespace: NS;
  /** The node leased now; null while none is held (after a lost lease, until the next one). */
  readonly node: number | null;
  /** The next id. Throws a LeaseError (`@echomq/branded/valkey`) while no valid lease is held. */
  next(): BrandedId<NS>;
  /** The next Snowflake; throws as next() does. */
  nextSnowflake(): bigint;
  /** Resolves with the node once a lease is held; rejects once the minter is closed. */
  waitForLease(): Promise<number>;
  /** Stops renewing and releases the node (also `[Symbol.asyncDispose]`). */
  close(): Promise<void>;
}

/** Columns, one slot per id in input order. */
export interface ParsedIds {
  count: number;
  refused: number;
  /** 0n for a refused id. */
  snowflake: BigUint64Array;
  /** 0 for a parsed id, else an index into ERROR_CODES. */
  error: Uint8Array;
  /** ns[0] << 16 | ns[1] << 8 | ns[2]; 0 for a refused id. */
  namespace: Uint32Array;
  errorAt(i: number): ParseErrorCode | null;
  namespaceAt(i: number): string | null;
}
/** With `fields: true`: the fields of each Snowflake (0 for a refused id). */
export interface ParsedFields {
  unixMs: Float64Array;
  node: Uint16Array;
  seq: Uint16Array;
  hash32: Uint32Array;
}
/** Text input also says where each id's line is: its byte offset (UTF-8) and length, without terminator. */
export interface ParsedLines extends ParsedIds {
  offset: Uint32Array;
  length: Uint32Array;
}
export interface ParseManyOptions {
  /** Also fill unixMs, node, seq and hash32. */
  fields?: boolean;
}
/** Parses an array of ids. */
export function parseMany(
  ids: readonly string[],
  options: ParseManyOptions & { fields: true },
): ParsedIds & ParsedFields;
export function parseMany(ids: readonly string[], options?: ParseManyOptions): ParsedIds & Partial<ParsedFields>;
/** Parses newline-separated ids ("\n" or "\r\n"; a blank line is an id of length 0), as text or UTF-8 bytes. */
export function parseMany(
  text: string | Uint8Array,
  options: ParseManyOptions & { fields: true },
): ParsedLines & ParsedFields;
export function parseMany(text: string | Uint8Array, options?: ParseManyOptions): ParsedLines & Partial<ParsedFields>;

export interface EncodedIds {
  /** null where error[i] is not 0. */
  ids: (string | null)[];
  error: Uint8Array;
  refused: number;
}
/** Encodes many Snowflakes under one namespace: encode's answer for each, refusals in `error`. */
export function encodeMany(namespace: string, snowflakes: BigUint64Array | readonly bigint[]): EncodedIds;

/** The candidates scan finds, in text order: a range-refused candidate keeps its namespace. */
export interface FoundIds extends ParsedIds {
  /** Byte offset (UTF-8) of each candidate in the text. */
  offset: Uint32Array;
  /** Line of each candidate (1-based; lines end at "\n"). */
  line: Uint32Array;
}
/**
 * Finds every branded id in any text (logs, JSON, URLs, CSV): a run of exactly 14 ASCII letters/digits that no
 * other letter or digit touches, whose first three are A–Z. Such a run can only be refused for `range`.
 */
export function scan(text: string | Uint8Array, options: ParseManyOptions & { fields: true }): FoundIds & ParsedFields;
export function scan(text: string | Uint8Array, options?: ParseManyOptions): FoundIds & Partial<ParsedFields>;

/** What a scanner's push() and end() answer: scan's columns, with offset and line counted from the stream's start. */
export interface StreamFoundIds extends ParsedIds {
  /** Byte offset of each candidate in the stream (a number: exact past 4 GiB). */
  offset: Float64Array;
  /** Line of each candidate in the stream (1-based; lines end at "\n"). */
  line: Float64Array;
}
/** With `idBytes: true`: each candidate's ASCII bytes, ID_LENGTH of them per candidate, end to end. */
export interface FoundIdBytes {
  idBytes: Uint8Array;
}
export interface ScannerOptions extends ParseManyOptions {
  /** Also fill idBytes (a candidate's bytes may have arrived in two pushes). */
  idBytes?: boolean;
}
/** What push() and end() answer for a scanner made with options O. */
export type ScannerResult<O extends ScannerOptions = ScannerOptions> = StreamFoundIds &
  (O extends { fields: true } ? ParsedFields : Partial<ParsedFields>) &
  (O extends { idBytes: true } ? FoundIdBytes : Partial<FoundIdBytes>);
/**
 * scan over a stream in pieces (a file read in chunks, a socket, stdin): memory stays that of one piece, and
 * a candidate split between two pieces is found once, in the push that completes it.
 */
export interface Scanner<O extends ScannerOptions = ScannerOptions> {
  /**
   * Scans the next piece → the candidates it completes (the last bytes of a piece wait for the next one, or
   * for end(), to tell whether a run of letters and digits goes on). Throws a TypeError for anything but a
   * Uint8Array, or after end().
   */
  push(bytes: Uint8Array): ScannerResult<O>;
  /** Ends the stream → the candidates still pending. The scanner is then spent: push() and end() throw. */
  end(): ScannerResult<O>;
}
/** A streaming scan: `fields` as scan's; `idBytes` keeps each candidate's bytes, as the stream may not be kept. */
export function createScanner<O extends ScannerOptions = {}>(options?: O): Scanner<O>;
/**
 * The namespace a `namespace` column's value packs (ns[0] << 16 | ns[1] << 8 | ns[2]), or null for 0 (a
 * refused id): for columns copied out of a result, where namespaceAt(i) no longer reaches them.
 */
export function unpackNamespace(packed: number): string | null;
