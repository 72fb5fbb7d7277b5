// What bounds parseMany, piece by piece, in ns per id at 100,000 ids (`node bench/js/bounds.js`; prints only,
// not part of `npm run bench`). Each line is one step the package cannot skip, timed alone: set beside the
// end-to-end figures and the pure-JS baseline, they show how far a 10x ratio is out of reach.
import * as pkg from '../../wasm/index.js';
import { readLayout } from '../../wasm/lib/layout.js';
import { idWords, reserveInput, views, wasm } from '../../wasm/lib/module.js';
import * as pure from './pure.js';
import { randomIds } from './inputs.js';
import { bestRate } from '../lib/rate.js';

const N = 100_000;
const ids = randomIds(N, { seed: 17 });
const text = `${ids.join('\n')}\n`;
const COLUMN = readLayout(views().u32, wasm.batch_layout());
const CHUNK = views().u32[COLUMN.capacity >> 2];
const SLOTS = COLUMN.ids >> 2;

const nsPerId = (run, work = N) => 1e9 / bestRate(run, work);
const show = (name, ns) => console.log(`  ${name.padEnd(68)} ${ns.toFixed(1).padStart(6)} ns/id`);

// The package's JavaScript step of an array, alone: each id's 14 chars (charCodeAt) into a 16-byte slot.
function writeSlots() {
  const u32 = views().u32;
  let seen = 0;
  for (let i = 0; i < N; i++) seen |= idWords(ids[i], u32, SLOTS + (i % CHUNK) * 4);
  return seen;
}

// The package's JavaScript step of an array now: the ids joined by += into strings of 4,096, each written
// packed (14 bytes an id) by one encodeInto.
function writePacked() {
  const u8 = views().u8;
  let read = 0;
  for (let from = 0; from < N; from += 4096) {
    let joined = '';
    for (let i = from; i < Math.min(N, from + 4096); i++) joined += ids[i];
    const start = SLOTS * 4 + (from % CHUNK) * 14;
    read += encoder.encodeInto(joined, u8.subarray(start, start + joined.length)).read;
  }
  return read;
}

// The columns of one result in fresh memory: allocated, then written once (as copying them out does).
function freshColumns(bytesPerId) {
  const source = new Uint8Array(N * bytesPerId);
  return () => {
    const columns = new Uint8Array(N * bytesPerId);
    columns.set(source);
    return columns[0];
  };
}

const chunk = ids.slice(0, CHUNK);
const chunkText = `${chunk.join('\n')}\n`;
const encoder = new TextEncoder();
const area = reserveInput(text.length + chunkText.length); // reserved once: growing would move it
const chunkAt = area + text.length;
encoder.encodeInto(chunkText, views().u8.subarray(chunkAt));

console.log('parseMany, 100,000 ids per call');
show(
  'array: the package, end to end',
  nsPerId(() => pkg.parseMany(ids).count),
);
show(
  'array: the pure-JS baseline, end to end',
  nsPerId(() => pure.parseMany(ids).count),
);
show('array: the JS step (+= into strings of 4,096 ids, encodeInto each)', nsPerId(writePacked));
show('array: that step id by id (charCodeAt x 14 into 16-byte slots)', nsPerId(writeSlots));
show(
  'array: ids.join("\\n") (one string for all: dearer)',
  nsPerId(() => ids.join('\n').length),
);
writePacked();
show(
  'array: the wasm kernel alone (parse_fixed over packed ids)',
  nsPerId(() => wasm.parse_fixed(CHUNK, 0, 1), CHUNK),
);
show('array: fresh result columns, allocated and written (13 bytes per id)', nsPerId(freshColumns(13)));
show(
  'text: the package, end to end',
  nsPerId(() => pkg.parseMany(text).count),
);
show(
  'text: the pure-JS baseline, end to end',
  nsPerId(() => pure.parseMany(text).count),
);
show(
  'text: the wasm kernel alone (parse_lines)',
  nsPerId(() => wasm.parse_lines(chunkAt, chunkText.length, 1, 0, 0), CHUNK),
);
show('text: fresh result columns, allocated and written (21 bytes per id)', nsPerId(freshColumns(21)));
show(
  "text: TextEncoder.encodeInto into the module's memory",
  nsPerId(() => encoder.encodeInto(text, views().u8.subarray(area)).written),
);
