// The refusal wording and the instant reader of core (explain.hpp, instant.hpp) over a module instance that
// links bindings/explain.cpp: the ./explain subpath's own module, or the CLI's. Plain code that takes the
// instance ({wasm, views, reserveInput}), as lib/scanner.js does.
import { describe, isBytes } from './args.js';
import { readLayout } from './layout.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// The names core gives error number n (kind 0), remedy n (kind 1) or instant error n (kind 2), read once.
function names(wasm, read, kind) {
  const list = [];
  for (let n = 0; wasm.explain_name(kind, n) === 0; n++) list.push(read());
  return Object.freeze(list);
}

function textOrBytes(value, name) {
  if (typeof value === 'string' || isBytes(value)) return value;
  throw new TypeError(`${name} must be a string or a Uint8Array, got ${describe(value)}`);
}

/**
 * The ./explain API over one module instance: {explain, explainQueue, explainNamespace, explainJobKey,
 * parseInstant}, each as
 * documented in explain.d.ts.
 */
export function explainApi({ wasm, views, reserveInput }) {
  const at = readLayout(views().u32, wasm.explained_layout());
  const message = () => decoder.decode(views().u8.subarray(at.message, at.message + views().u32[at.messageSize >> 2]));
  const ERRORS = names(wasm, message, 0);
  const REMEDIES = names(wasm, message, 1);
  const INSTANT_ERRORS = names(wasm, message, 2);

  // Writes the values (strings as UTF-8) one after another into the input area: [address, size] of each.
  function put(...values) {
    const room = values.reduce((sum, v) => sum + (typeof v === 'string' ? v.length * 3 : v.length), 0);
    let address = reserveInput(room);
    return values.map((value) => {
      const u8 = views().u8;
      let size;
      if (typeof value === 'string') size = encoder.encodeInto(value, u8.subarray(address, address + room)).written;
      else {
        u8.set(value, address);
        size = value.length;
      }
      const placed = [address, size];
      address += size;
      return placed;
    });
  }

  function refusal(errorNumber) {
    if (errorNumber === 0) return null;
    const { u8, u32 } = views();
    const error = ERRORS[errorNumber];
    const why = { error, offset: u32[at.offset >> 2] | 0, message: message() };
    if (error === 'queue') return why;
    why.remedy = REMEDIES[u32[at.remedy >> 2]];
    if (u32[at.suggested >> 2] === 1)
      why.suggestion = String.fromCharCode(...u8.subarray(at.suggestion, at.suggestion + 14));
    if (why.remedy === 'scan') why.found = u32[at.found >> 2];
    return why;
  }

  return {
    explain(input) {
      const [[address, size]] = put(textOrBytes(input, 'input'));
      return refusal(wasm.explain_id(address, size));
    },
    explainQueue(name) {
      const [[address, size]] = put(textOrBytes(name, 'name'));
      return refusal(wasm.explain_queue(address, size));
    },
    explainNamespace(ns) {
      const [[address, size]] = put(textOrBytes(ns, 'ns'));
      return refusal(wasm.explain_namespace(address, size));
    },
    explainJobKey(queue, id) {
      const [[queueAt, queueSize], [idAt, idSize]] = put(textOrBytes(queue, 'queue'), textOrBytes(id, 'id'));
      const why = refusal(wasm.explain_job_key(queueAt, queueSize, idAt, idSize));
      return why === null ? null : { field: views().u32[at.queue >> 2] === 1 ? 'queue' : 'id', ...why };
    },
    parseInstant(text, { now = Date.now(), base = now } = {}) {
      if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${describe(text)}`);
      for (const [name, value] of [
        ['now', now],
        ['base', base],
      ])
        if (!Number.isSafeInteger(value)) throw new TypeError(`${name} must be a safe integer, got ${describe(value)}`);
      const [[address, size]] = put(text);
      const error = wasm.parse_instant(address, size, now, base);
      if (error === 0) return { ok: true, ms: views().f64[at.instantMs >> 3] };
      wasm.instant_error_text(error);
      return { ok: false, error: INSTANT_ERRORS[error], message: message() };
    },
  };
}
