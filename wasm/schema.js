// @echomq/branded/schema — branded ids where schemas live: Standard Schema v1 validators (no dependency), which
// zod, valibot, arktype and every tool that takes a Standard Schema accept as they are. A refused id's issue is
// core's refusal in words (the explain module's); a wrong namespace says which was expected.
import { isBranded, parse, ready } from '@echomq/branded';
import { explain, ready as explainReady } from '@echomq/branded/explain';

const VENDOR = 'branded';

// The issue of a value that is no string.
function typeIssue(value) {
  const type = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
  return `expected a branded id (a string), got ${type}`;
}

// The result of validating `value` now (the modules are loaded): `output` makes the value from the parsed id.
function validateNow(value, namespace, output) {
  if (typeof value !== 'string') return { issues: [{ message: typeIssue(value) }] };
  const parsed = parse(value);
  if (!parsed.ok) return { issues: [{ message: explain(value)?.message ?? parsed.error }] };
  if (namespace !== undefined && parsed.namespace !== namespace)
    return { issues: [{ message: `namespace ${parsed.namespace} where ${namespace} is expected` }] };
  return { value: output(value, parsed) };
}

// Throws BrandedError `namespace` for a namespace that is no namespace (unless the module is still loading: a
// platform that compiles WebAssembly asynchronously, with the schema made at import).
function checkNamespace(namespace) {
  try {
    isBranded('', namespace);
  } catch (error) {
    if (error?.name === 'BrandedError' || error instanceof TypeError) throw error;
  }
}

function validator(namespace, output) {
  if (namespace !== undefined) checkNamespace(namespace);
  const validate = (value) => {
    try {
      return validateNow(value, namespace, output);
    } catch {
      // a platform that compiles WebAssembly asynchronously: the answer once both modules are loaded
      return Promise.all([ready, explainReady]).then(() => validateNow(value, namespace, output));
    }
  };
  return Object.freeze({ '~standard': Object.freeze({ version: 1, vendor: VENDOR, validate }) });
}

/** A Standard Schema of a branded id (of `namespace`, when given): the output is the id itself, unchanged. */
export function brandedId(namespace) {
  return validator(namespace, (id) => id);
}

/** A Standard Schema of a branded id (of `namespace`, when given) whose output is the parsed id (parse's result). */
export function parsedId(namespace) {
  return validator(namespace, (id, parsed) => parsed);
}
