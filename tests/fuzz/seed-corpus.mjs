// Writes the seed corpus tests/fuzz/corpus/<target>/ from the conformance vectors (tests/vectors), so the
// fuzzers start from every named case. Run it again after the vectors change: node tests/fuzz/seed-corpus.mjs
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const vectors = (name) => JSON.parse(readFileSync(join(here, '..', 'vectors', `${name}.json`), 'utf8'));

const valid = vectors('valid');
const invalid = vectors('invalid');
const encode = vectors('encode');
const stream = vectors('stream');
const keyspace = vectors('keyspace');
const slot = vectors('slot');

const ids = [...valid, ...invalid, ...encode.filter((v) => v.id)].map((v) => [v.name, v.id]);
const validIds = valid.map((v) => v.id);

// FuzzedDataProvider targets read these bytes as structured input; the vectors still give them real
// namespaces, ids and keys to mutate from.
const seeds = {
  parse: ids,
  encode: encode.map((v) => [v.name, `${v.namespace}${v.snowflake}`]),
  entry_id: [
    ...stream.entryIds.map((v) => [v.name, v.streamId]),
    ...stream.parse.map((v) => [`parse-${v.name}`, v.text]),
    ...stream.windows.filter((v) => v.inclusiveEnd).map((v) => [`window-${v.name}`, v.inclusiveEnd]),
  ],
  keyspace: [
    ...keyspace.jobKeys.filter((v) => v.key).map((v) => [`job-${v.name}`, v.key]),
    ...keyspace.queueKeys.filter((v) => v.key).map((v) => [`queue-${v.name}`, v.key]),
    ...keyspace.queues.valid.map((q, i) => [`valid-queue-${i}`, `${q}\\ ${validIds[0]}`]),
    ...keyspace.queues.invalid.map((v) => [`invalid-queue-${v.name}`, v.queue]),
    ...slot.map((v) => [`slot-${v.name}`, v.key]),
    ['fence', keyspace.fence.key],
  ],
  minter: encode.map((v) => [v.name, `${v.namespace}${v.snowflake}`]),
  batch: [
    ['lf', validIds.join('\n') + '\n'],
    ['crlf', validIds.join('\r\n')],
    ['blank-lines', `\n${validIds[0]}\n\n\r\n${validIds[1]}`],
    ['mixed', ids.map(([, id]) => id).join('\n')],
    ['fixed', validIds.join('')],
  ],
  // Two leading bytes pick the chunk size and the column capacity; then a log line of ids in many shapes.
  scan: [
    ['log', `\x07\x02GET /j/${validIds[0]}?x=1 {"id":"${validIds[1]}"}\nx${validIds[0]} ${validIds[0]}z\r\n`],
    ['csv', `\x0d\x00${validIds.join(',')}\n${ids.map(([, id]) => id).join(';')}`],
    ['utf8', `\x01\x05\u00e9${validIds[0]}\u20ac${validIds[1]}\u00e9`],
  ],
};

for (const [target, cases] of Object.entries(seeds)) {
  const dir = join(here, 'corpus', target);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of cases) writeFileSync(join(dir, name.replace(/[^A-Za-z0-9._-]/g, '_')), text);
  console.log(`seed-corpus: ${target}: ${cases.length} files`);
}
