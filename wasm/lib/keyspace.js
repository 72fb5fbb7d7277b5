// The EchoMQ keyspace: queue names, key builders (the host check runs first), the cluster slot.
import * as args from './args.js';
import { quote, refused } from './errors.js';
import { wasm } from './module.js';

// Core answers with the key, or with the number of its Error.
function built(what, answer) {
  if (typeof answer === 'number') throw refused(what, answer);
  return answer;
}

export function jobKey(queue, id) {
  return built(`jobKey(${quote(queue)}, ${quote(id)})`, wasm.jobKey(args.text(queue, 'queue'), args.text(id, 'id')));
}

export function queueKey(queue, type) {
  return built(`queueKey(${quote(queue)}, ${quote(type)})`, wasm.queueKey(args.text(queue, 'queue'), args.text(type, 'type')));
}

export function pendingKey(queue) {
  return built(`pendingKey(${quote(queue)})`, wasm.pendingKey(args.text(queue, 'queue')));
}

export function validQueue(queue) {
  return wasm.validQueue(args.text(queue, 'queue'));
}

export function slot(key) {
  return wasm.slot(args.text(key, 'key'));
}
