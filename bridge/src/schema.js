// Request shapes, from each op's own description (ops/*.js `fields`): which fields it takes and of what JSON
// type. Anything else is `bad_request`. Only JSON types are checked here; what the values mean (ids, names,
// limits) is checked by the ops.
import { badRequest } from './errors.js';
import { OP_LIST } from './ops/index.js';
import { optional, required } from './ops/fields.js';

const TYPES = {
  string: { test: (v) => typeof v === 'string', name: 'a string' },
  integer: { test: (v) => Number.isSafeInteger(v), name: 'an integer' },
  executor: { test: (v) => v === 'script' || v === 'native', name: '"script" or "native"' },
  items: { test: Array.isArray, name: 'an array' },
};

// An enqueueMany item.
const ITEM = { job: required('string'), payload: optional('string') };

/** Every op's fields, by op name. */
export const SCHEMAS = Object.fromEntries(OP_LIST.map((op) => [op.name, op.fields]));
export const OPS = Object.keys(SCHEMAS);

// Each schema's fields as a list of {key, rule}, made once (checkFields runs for every frame).
const RULES = new Map(
  [...Object.values(SCHEMAS), ITEM].map((schema) => [
    schema,
    Object.entries(schema).map(([key, rule]) => {
      if (!(rule.type in TYPES)) throw new TypeError(`field ${key}: unknown type ${rule.type}`);
      return { key, rule };
    }),
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
 * Checks an op's fields (everything of the request but `id` and `op`), including each item of an `items`
 * field; throws a `bad_request` for an unknown or missing field or a wrong JSON type.
 */
export function checkRequest(op, fields) {
  const schema = SCHEMAS[op];
  checkFields(fields, schema, op);
  for (const [key, rule] of Object.entries(schema)) {
    if (rule.type !== 'items' || fields[key] === undefined) continue;
    fields[key].forEach((item, i) => {
      if (!isPlainObject(item)) throw badRequest(`${op}: ${key}[${i}] must be an object {job, payload}`);
      checkFields(item, ITEM, `${op}: ${key}[${i}]`);
    });
  }
}

export { isPlainObject };
