// The EchoMQ keyspace: queue names, key builders (the host check runs first), the cluster slot.
// Core answers a key builder with the key, or with the number of its Error.
import * as args from './args.js';
import { quote, refused } from './errors.js';
import { wasm } from './module.js';

export function jobKey(queue, id) {
  const key = wasm.jobKey(args.text(queue, 'queue'), args.text(id, 'id'));
  if (typeof key === 'number') throw refused(`jobKey(${quote(queue)}, ${quote(id)})`, key);
  return key;
}

export function queueKey(queue, type) {
  const key = wasm.queueKey(args.text(queue, 'queue'), args.text(type, 'type'));
  if (typeof key === 'number') throw refused(`queueKey(${quote(queue)}, ${quote(type)})`, key);
  return key;
}

export function pendingKey(queue) {
  const key = wasm.pendingKey(args.text(queue, 'queue'));
  if (typeof key === 'number') throw refused(`pendingKey(${quote(queue)})`, key);
  return key;
}

export function validQueue(queue) {
  return wasm.validQueue(args.text(queue, 'queue'));
}

export function slot(key) {
  return wasm.slot(args.text(key, 'key'));
}
