// The package in Node against the pure-JS baseline (bench/js/pure.js) and the nearest npm peers, both sides
// of every ratio measured in this run (parseMany apart, in bench/js/parse-many.js). Writes bench/out/js.jsonl.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Snowflake } from '@sapphire/snowflake';
import { decodeTime, ulid } from 'ulid';
import { fromString, typeid } from 'typeid-js';
import * as pkg from '../../wasm/index.js';
import * as pure from './pure.js';
import { checkAgreement } from './agree.js';
import { EPOCH_MS, ROOT, random, randomIds, snowflakes } from './inputs.js';
import { figure, stageFile } from '../lib/figures.js';
import { callsPerSecond } from '../lib/rate.js';

const SINGLE = 4096; // distinct inputs per single-call run

const out = stageFile('js');
const million = (rate) => rate / 1e6;

console.log(`  agreement: pure-JS baseline == package on ${checkAgreement()} ids (parse, parseMany, encode)`);

// ---- single-call parse, against the baseline and the peers ----
const ids = randomIds(SINGLE);
const parsePackage = callsPerSecond(pkg.parse, ids);
const parsePure = callsPerSecond(pure.parse, ids);
out.add(figure('js parse (package)', million(parsePackage), 'M calls/s', '>= 6 M calls/s'));
out.add(figure('js parse (pure-JS baseline)', million(parsePure), 'M calls/s'));
out.add(figure('js parse: package / pure-JS', parsePackage / parsePure, 'x', '>= 1x (ahead)'));

const next = random(11);
const sapphire = new Snowflake(BigInt(EPOCH_MS));
const sapphireIds = snowflakes(SINGLE, next).map(String);
const ulids = Array.from({ length: SINGLE }, () => ulid(1769526697641 + (next() % 86_400_000)));
const typeids = Array.from({ length: SINGLE }, () => typeid('job').toString());
const peers = [
  ['@sapphire/snowflake deconstruct', (id) => sapphire.deconstruct(id), sapphireIds],
  ['ulid decodeTime', decodeTime, ulids],
  ['typeid-js fromString', fromString, typeids],
];
for (const [name, fn, inputs] of peers) {
  const rate = callsPerSecond(fn, inputs);
  out.add(figure(`js peer: ${name}`, million(rate), 'M calls/s'));
  out.add(figure(`js parse: package / ${name}`, parsePackage / rate, 'x', '>= 1x (ahead)'));
}

// ---- single-call encode ----
const values = snowflakes(SINGLE, random(13));
const encodePackage = callsPerSecond((v) => pkg.encode('JOB', v), values);
const encodePure = callsPerSecond((v) => pure.encode('JOB', v), values);
out.add(figure('js encode (package)', million(encodePackage), 'M calls/s'));
out.add(figure('js encode (pure-JS baseline)', million(encodePure), 'M calls/s'));
out.add(figure('js encode: package / pure-JS', encodePackage / encodePure, 'x'));

// ---- size: what an importer loads (dist/index.js: the facade, the glue and the wasm in one file), gzipped ----
const entryFile = join(ROOT, 'wasm', 'dist', 'index.js');
const gzipped = gzipSync(readFileSync(entryFile), { level: 9 }).length;
out.add(figure('package entry, gzipped (dist/index.js)', gzipped / 1024, 'KB', '<= 40 KB'));
