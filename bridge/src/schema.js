// Request shapes: which fields each op takes and of what JSON type. Anything else is `bad_request`.
// Only JSON types are checked here; what the values mean (ids, names, limits) is checked by the ops.
import { badRequest } from './errors.js';

const isInteger = (v) => Number.isSafeInteger(v);
const TYPES = {
  string: { test: (v) => typeof v === 'string', name: 'a string' },
  integer: { test: isInteger, name: 'an integer' },
  executor: { test: (v) => v === 'script' || v === 'native', name: '"script" or "native"' },
  items: { test: Array.isArray, name: 'an array' },
};

const required = (type) => ({ type, required: true });
const optional = (type) => ({ type, required: false });

const ITEM = { job: required('string'), payload: optional('string') };

export const SCHEMAS = {
  hello: {},
  enqueue: {
    queue: required('string'),
    job: required('string'),
    payload: optional('string'),
    executor: optional('executor'),
  },
  enqueueMany: { queue: required('string'), items: required('items'), executor: optional('executor') },
  job: { queue: required('string'), job: required('string') },
  pending: { queue: required('string'), limit: optional('integer') },
  streamWindow: {
    queue: required('string'),
    stream: required('string'),
    t0: required('integer'),
    t1: required('integer'),
    sample: optional('integer'),
  },
  streamSeed: {
    queue: required('string'),
    stream: required('string'),
    entries: optional('integer'),
    node: optional('integer'),
    perMs: optional('integer'),
    startMs: optional('integer'),
  },
  gateCompare: { job: required('string'), payload: optional('string') },
};

export const OPS = Object.keys(SCHEMAS);

// Each schema's fields as a list of {key, rule}, made once (checkFields runs for every frame).
const RULES = new Map(
  [...Object.values(SCHEMAS), ITEM].map((schema) => [
    schema,
    Object.entries(schema).map(([key, rule]) => ({ key, rule })),
  ]),
);

function checkFields(fields, schema, where) {
  for (const key in fields) {
    if (!Object.hasOwn(schema, key)) throw badRequest(`${where}: unknown field ${JSON.stringify(key).slice(0, 40)}`);
  }
  for (const { key, rule } of RULES.get(schema)) {
    const value = fields[key];
    if (value === undefined) {
      if (rule.required) throw badRequest(`${where}: missing field "${key}"`);
      continue;
    }
    const type = TYPES[rule.type];
    if (!type.test(value)) throw badRequest(`${where}: "${key}" must be ${type.name}`);
  }
}

/** Whether `v` is an object that is neither null nor an array (a JSON object, once parsed). */
const isPlainObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks an op's fields (everything of the request but `id` and `op`), including each enqueueMany item;
 * throws a `bad_request` for an unknown or missing field or a wrong JSON type.
 */
export function checkRequest(op, fields) {
  checkFields(fields, SCHEMAS[op], op);
  if (op === 'enqueueMany') {
    fields.items.forEach((item, i) => {
      if (!isPlainObject(item)) throw badRequest(`enqueueMany: items[${i}] must be an object {job, payload}`);
      checkFields(item, ITEM, `enqueueMany: items[${i}]`);
    });
  }
}

export { isPlainObject };
