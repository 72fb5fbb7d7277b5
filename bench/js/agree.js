// Before any timing: the pure-JS baseline and the package must give the same answers (the conformance
// vectors, random ids of every error class, both parseMany inputs, encode), or the comparison is void.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as pkg from '../../wasm/index.js';
import * as pure from './pure.js';
import { ROOT, randomIds } from './inputs.js';

const COLUMNS = ['snowflake', 'error', 'namespace'];
const FIELDS = ['unixMs', 'node', 'seq', 'hash32'];

function same(what, a, b) {
  const show = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? `${x}n` : x));
  if (show(a) !== show(b))
    throw new Error(`pure-JS baseline disagrees with the package on ${what}: ${show(a)} vs ${show(b)}`);
}

function sameColumns(what, a, b, { lines, fields }) {
  same(`${what} count`, a.count, b.count);
  same(`${what} refused`, a.refused, b.refused);
  for (const name of [...COLUMNS, ...(fields ? FIELDS : []), ...(lines ? ['offset', 'length'] : [])])
    same(`${what} column ${name}`, Array.from(a[name].subarray(0, a.count)), Array.from(b[name].subarray(0, b.count)));
}

export function checkAgreement() {
  const vectors = ['valid.json', 'invalid.json'].flatMap((file) =>
    JSON.parse(readFileSync(join(ROOT, 'tests', 'vectors', file), 'utf8')).map((c) => c.id),
  );
  const ids = [...vectors, ...randomIds(20000, { refusedEvery: 4 })];
  for (const id of ids) same(`parse(${JSON.stringify(id)})`, pure.parse(id), pkg.parse(id));
  const ascii = ids.filter((id) => /^[\x20-\x7e]*$/.test(id));
  const text = ascii.map((id, i) => (i % 3 === 0 ? `${id}\r\n` : `${id}\n`)).join('');
  for (const fields of [false, true]) {
    sameColumns(
      `parseMany(array, {fields: ${fields}})`,
      pure.parseMany(ids, { fields }),
      pkg.parseMany(ids, { fields }),
      { fields },
    );
    sameColumns(
      `parseMany(text, {fields: ${fields}})`,
      pure.parseMany(text, { fields }),
      pkg.parseMany(text, { fields }),
      { fields, lines: true },
    );
  }
  for (const id of ids) {
    const parsed = pkg.parse(id);
    if (parsed.ok)
      same(
        `encode(${parsed.namespace}, ${parsed.snowflake})`,
        pure.encode(parsed.namespace, parsed.snowflake),
        pkg.encode(parsed.namespace, parsed.snowflake),
      );
  }
  return ids.length;
}
