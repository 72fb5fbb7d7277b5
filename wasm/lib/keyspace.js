// The EchoMQ keyspace: queue names, key builders (the host check runs first), the cluster slot.
// A key builder answers with the error number; on success the key is the text answer.
import * as args from './args.js';
import { quote, refused } from './errors.js';
import { answerText, input, wasm, writeText } from './module.js';

// Writes two text arguments one after the other into the input area; returns [size1, address2, size2].
function twoTexts(first, second) {
  const firstSize = writeText(first);
  const secondSize = writeText(second, firstSize);
  return [firstSize, input.address + firstSize, secondSize];
}

/** The job key `emq:{<queue>}:job:<id>`; throws the queue's refusal, then the id's. */
export function jobKey(queue, id) {
  args.text(queue, 'queue');
  args.text(id, 'id');
  const [queueSize, idAddress, idSize] = twoTexts(queue, id);
  const error = wasm.job_key(input.address, queueSize, idAddress, idSize);
  if (error !== 0) throw refused(`jobKey(${quote(queue)}, ${quote(id)})`, error);
  return answerText();
}

/** The key `emq:{<queue>}:<type>`; throws `queue` for a bad queue name or type. */
export function queueKey(queue, type) {
  args.text(queue, 'queue');
  args.text(type, 'type');
  const [queueSize, typeAddress, typeSize] = twoTexts(queue, type);
  const error = wasm.queue_key(input.address, queueSize, typeAddress, typeSize);
  if (error !== 0) throw refused(`queueKey(${quote(queue)}, ${quote(type)})`, error);
  return answerText();
}

/** The queue's pending key `emq:{<queue>}:pending`. */
export function pendingKey(queue) {
  const size = writeText(args.text(queue, 'queue'));
  const error = wasm.pending_key(input.address, size);
  if (error !== 0) throw refused(`pendingKey(${quote(queue)})`, error);
  return answerText();
}

/** Whether the text is a valid queue name. */
export function validQueue(queue) {
  const size = writeText(args.text(queue, 'queue'));
  return wasm.valid_queue(input.address, size) === 1;
}

/** Whether the text is a valid key type (the part of a key after its hashtag). */
export function validKeyType(type) {
  const size = writeText(args.text(type, 'type'));
  return wasm.valid_key_type(input.address, size) === 1;
}

/** The cluster slot of a key: CRC16 of its hashtag (of the whole key when it has none), mod 16384. */
export function slot(key) {
  const size = writeText(args.text(key, 'key'));
  return wasm.slot(input.address, size);
}
