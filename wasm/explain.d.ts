// @echomq/branded/explain — why an input is refused, in the words every surface shows, and instants as people
// type them: core's wording and reader in a module of their own (the package's entry carries none of it).
// Loaded on import wherever the platform compiles WebAssembly synchronously (Node, workers, browsers), else
// when `ready` resolves. (dist/explain.d.cts is a copy for require.)

/** Resolves once the module is instantiated; rejects with the reason it could not load. */
export const ready: Promise<void>;

/**
 * What would fix a refused id, for a caller that words its own pointer: `trim` whitespace around it (a space, a
 * tab, a byte order mark, a no-break space), `uppercase` its namespace, `scan` the text for the ids it holds (a
 * URL, a log line), or read it as a bare decimal `snowflake`; `none` when no fix is known.
 */
export type Remedy = 'none' | 'trim' | 'uppercase' | 'scan' | 'snowflake';

/** Why an input is no branded id. */
export interface Refusal {
  /** The contract's class, in its check order (as `parse` reports it). */
  error: 'length' | 'namespace' | 'charset' | 'range';
  /** The byte the check trips on (as `errorOffset` reports it; 0 for `length`). */
  offset: number;
  /**
   * The refusal in words, without the class in front: `leading byte order mark (U+FEFF, bytes EF BB BF) at byte
   * 0: the id is "JOB0KHTOWnGLuC"`, `namespace must be uppercase: did you mean JOB0KHTOWnGLuC?`, `byte 12 '!' is
   * not a Base62 digit (0-9, A-Z, a-z)`, `38 bytes: an id is exactly 14; the text holds 1 id`.
   */
  message: string;
  remedy: Remedy;
  /** The corrected id, when the remedy certainly gives one that parses (`trim`, `uppercase`). */
  suggestion?: string;
  /** `remedy: 'scan'`: how many ids the text holds. */
  found?: number;
}

/** Why a string is no queue name (`^[A-Za-z0-9._-]{1,128}$`, not `emq`). */
export interface QueueRefusal {
  error: 'queue';
  /** The byte that is wrong (128 for a name too long, 0 for an empty or reserved one). */
  offset: number;
  /** `byte 2 0x20 is not allowed in a queue name (A-Z, a-z, 0-9, '.', '_', '-')`, `129 bytes: a queue name is at most 128`. */
  message: string;
}

/** The host check of an enqueue refused: `field` says which argument. */
export type HostRefusal = ({ field: 'queue' } & QueueRefusal) | ({ field: 'id' } & Refusal);

/**
 * Why `input` is no branded id, or null when it parses. Strings are judged by their UTF-8 bytes; pass the bytes
 * themselves when they may not be UTF-8 (a line of a file).
 * @example explain('job0KHTOWnGLuC')
 * // { error: 'namespace', offset: 0, message: 'namespace must be uppercase: did you mean JOB0KHTOWnGLuC?',
 * //   remedy: 'uppercase', suggestion: 'JOB0KHTOWnGLuC' }
 */
export function explain(input: string | Uint8Array): Refusal | null;

/**
 * Why `name` is no queue name, or null when it is one.
 * @example explainQueue('a{b}') // { error: 'queue', offset: 1, message: "byte 1 '{' is not allowed in a queue name (A-Z, a-z, 0-9, '.', '_', '-')" }
 */
export function explainQueue(name: string | Uint8Array): QueueRefusal | null;

/** Why a namespace argument (of `encode`, `createMinter`) is no namespace: three letters A-Z. */
export interface NamespaceRefusal {
  error: 'namespace';
  /** The first byte that is no letter A-Z (0 when the length is wrong). */
  offset: number;
  /** `namespace must be uppercase: did you mean JOB?`, `a namespace is three letters A-Z, not 2 bytes`. */
  message: string;
  /** `uppercase` when the letters are only in the wrong case, else `none`. */
  remedy: 'none' | 'uppercase';
}

/**
 * Why `ns` is no namespace, or null when it is one.
 * @example explainNamespace('job') // { error: 'namespace', offset: 0, message: 'namespace must be uppercase: did you mean JOB?', remedy: 'uppercase' }
 */
export function explainNamespace(ns: string | Uint8Array): NamespaceRefusal | null;

/**
 * The host check an enqueue runs before any wire (as `jobKey` does): the queue name's refusal, else the id's
 * (any namespace passes here; the wire gate asks for JOB), else null.
 * @example explainJobKey('demo', 'job-42') // { field: 'id', error: 'length', offset: 0, message: '6 bytes: an id is exactly 14', remedy: 'none' }
 */
export function explainJobKey(queue: string | Uint8Array, id: string | Uint8Array): HostRefusal | null;

export type InstantResult =
  | { ok: true; ms: number }
  | {
      ok: false;
      /** `form`: none of the forms; `fraction`: an offset that is no whole number of ms; `far`: past ±(2^53 - 1) ms. */
      error: 'form' | 'fraction' | 'far';
      message: string;
    };

export interface InstantOptions {
  /** The instant `now` means (default `Date.now()`): read it once for fields read together. */
  now?: number;
  /** The instant a bare offset (`+10ms`) counts from (default: `now`). */
  base?: number;
}

/**
 * Reads an instant as people type it (surrounding whitespace ignored): Unix ms (`1781000000010`, `-5`), ISO 8601
 * (`2026-06-09T10:13:20.010Z`, `2026-06-09`, `…+02:00`; UTC when no zone is given), `now` with offsets (`now-5m`,
 * `now-1h30m`, `now - 1.5h`), or an offset from `base` (`+10ms`, `-2m`, `+10` = 10 ms). Units: ms, s, m, h, d.
 * @example parseInstant('now-5m', { now: 1781000000000 }) // { ok: true, ms: 1780999700000 }
 */
export function parseInstant(text: string, options?: InstantOptions): InstantResult;
