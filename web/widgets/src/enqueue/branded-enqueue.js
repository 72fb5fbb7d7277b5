// <branded-enqueue>: one job into a real Valkey through the bridge.
import { createEnqueueCard } from '../../../src/panels/enqueue/enqueue.js';
import { BrandedElement } from '../base/branded-element.js';
import enqueueCss from './branded-enqueue.css?inline';

/**
 * Enqueue a job into a real Valkey through the bridge: the keys it writes and the server's verdict.
 * Without a bridge it shows the keys and says that sending is not available.
 *
 * @tag branded-enqueue
 * @summary Enqueue one job, live.
 *
 * @attr {string} value - the job id (empty: a fresh JOB id is minted).
 * @attr {string} queue - the queue name. Default `demo`.
 * @attr {string} payload - the job's payload.
 * @attr {'script'|'native'} executor - which executor writes the job.
 */
export class BrandedEnqueue extends BrandedElement {
  static panel = createEnqueueCard;
  /** @ignore */
  static styles = [enqueueCss];
  static attributeMap = { value: 'job', queue: 'queue', payload: 'payload', executor: 'executor' };
}
