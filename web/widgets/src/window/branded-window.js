// <branded-window>: a time window [t0, t1) as a stream's XRANGE arguments.
import { createWindowCard } from '../../../src/panels/window/window.js';
import { BrandedElement } from '../base/branded-element.js';

/**
 * A time window [t0, t1) as the XRANGE arguments a stream needs, with the predicted entries of the contract.md §6
 * stream; with a bridge, seeds that stream in a real Valkey and runs the window.
 *
 * @tag branded-window
 * @summary [t0, t1) → XRANGE start and end, by id arithmetic.
 *
 * @attr {string} t0 - inclusive start: Unix ms, ISO 8601 or an offset from the seed start (`+10ms`). Default `+10ms`.
 * @attr {string} t1 - exclusive end, in the same forms. Default `+20ms`.
 * @attr {string} stream - the stream's name on the bridge. Default `fills`.
 * @attr {string} queue - the queue whose keyspace holds the stream. Default `demo`.
 */
export class BrandedWindow extends BrandedElement {
  static panel = createWindowCard;
  static attributeMap = { t0: 't0', t1: 't1', stream: 'stream', queue: 'queue' };
}
