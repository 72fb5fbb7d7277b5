// @echomq/branded/fleet — fleet forensics over ids in log order: core's checks (the CLI's `--check`) in a module
// of their own (the package's entry carries none of it). Loaded on import wherever the platform compiles
// WebAssembly synchronously (Node, workers, browsers), else when `ready` resolves. (dist/fleet.d.cts is a copy
// for require.)

/** Resolves once the module is instantiated; rejects with the reason it could not load. */
export const ready: Promise<void>;

/**
 * What went wrong: `clock-back` a node's ids go back in time once (its clock stepped back); `shared-node` they
 * go back again and again, or one id comes in two different lines (two processes mint under one node id);
 * `duplicate` one id in the same line more than once; `out-of-step` a node's clock far from the others';
 * `reversed` most ids go back, so the log runs newest first and no node's clock is judged.
 */
export type FleetFault = 'clock-back' | 'shared-node' | 'duplicate' | 'out-of-step' | 'reversed';

/** One finding. Rows are the columns' indices (0-based, refused rows keep their place). */
export interface FleetFinding {
  /** What went wrong. */
  fault: FleetFault;
  /** The node it is about; null for `reversed`. */
  node: number | null;
  /** Where it shows first. */
  row: number;
  /** The earlier row it contradicts; `out-of-step`: the node's first row. */
  otherRow: number;
  /** How many rows show it. */
  count: number;
  /** `clock-back`: how far back, in ms; `out-of-step`: the node's median offset from the others (+ ahead). */
  ms?: number;
  /** `duplicate`: how many distinct ids of the node repeat. */
  ids?: number;
  /** `duplicate`: the first repeated id's Snowflake. */
  snowflake?: bigint;
  /** Core's words, rows counted from 1: `node 3: the clock went back 5,000 ms at row 1,204 (after row 1,203)`. */
  message: string;
}

/** A batch in log order: parseMany's or scan's columns do. */
export interface FleetColumns {
  /** The Snowflake of each row. */
  snowflake: BigUint64Array | readonly bigint[];
  /** Rows to read (default: the snowflake column's length). */
  count?: number;
  /** Each row's error number: a row whose number is not 0 is skipped (refused), keeping its place. */
  error?: ArrayLike<number>;
  /**
   * What each row's line is, as a 32-bit number (a hash of the line): one id in two different lines is two
   * processes, in the same line a duplicate. Default: the namespace column, else one line for every row.
   */
  lines?: ArrayLike<number>;
  /** parseMany's namespace column: the line identity when `lines` is not given. */
  namespace?: ArrayLike<number>;
}

/**
 * What a fleet's ids in log order show: the findings, node by node, then the duplicates; none for a clean log.
 * Throws TypeError for columns without a snowflake column.
 * @example fleetCheck(parseMany(lines)) // [{ fault: 'clock-back', node: 2, row: 6, otherRow: 5, ms: 3600000, count: 1, message: 'node 2: the clock went back 3,600,000 ms at row 7 (after row 6)' }]
 */
export function fleetCheck(columns: FleetColumns): FleetFinding[];
