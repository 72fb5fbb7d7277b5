// The runtime half of js-block.js: records what each shown statement printed or evaluated to and writes the
// checks to $DOCS_CODE_RESULTS when the block ends. Output outside a shown statement is recorded as stray.
import { readFileSync, writeFileSync } from 'node:fs';
import { format, inspect } from 'node:util';

const checks = [];
let stray = '';
let current = null;

for (const stream of [process.stdout, process.stderr]) {
  stream.write = (chunk, encoding, callback) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (current) current.printed += text;
    else stray += text;
    if (typeof encoding === 'function') encoding();
    else if (typeof callback === 'function') callback();
    return true;
  };
}

export function begin(check) {
  current = { ...check, printed: '', value: undefined, threw: null };
}

export function value([result]) {
  current.value = inspect(result, { depth: null, breakLength: Infinity });
}

export function threw(error) {
  current.threw = `throws ${error?.name ?? 'Error'}: ${error?.message ?? format(error)}`;
}

export function end() {
  const { shown, line, printed, threw: thrown } = current;
  const actual = thrown ?? (printed !== '' ? printed.replace(/\n$/, '') : (current.value ?? ''));
  checks.push({ shown, line, actual });
  current = null;
}

export function done() {
  writeFileSync(process.env.DOCS_CODE_RESULTS, JSON.stringify({ checks, stray, decoded }));
}

let decoded = null;

/** For a decoder block: decodes every id of $DOCS_CODE_IDS, numbers written as decimal text. */
export function decodeAll(decode) {
  const ids = JSON.parse(readFileSync(process.env.DOCS_CODE_IDS, 'utf8'));
  decoded = ids.map((id) =>
    Object.fromEntries(
      Object.entries(decode(id)).map(([k, v]) => [k, typeof v === 'string' || v == null ? v : String(v)]),
    ),
  );
}
