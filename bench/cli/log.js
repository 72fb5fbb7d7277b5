// A realistic log for the CLI's peer benchmark, seeded so every run writes the same bytes: nginx access lines,
// JSON lines and plain application text, with ids where they occur in practice and the near-misses a scanner
// must pass over (a lowercase namespace, runs of 13 and 15, an id glued to a letter or digit) beside candidates
// a looser regex gets wrong (an id before `_`) and ones refused for `range` (still candidates: docs/contract.md
// §1, web/docs/guide/logs.md). The generator counts the candidates it plants: the bench checks every side
// against that count.
import { closeSync, openSync, writeSync } from 'node:fs';
import { random, randomIds } from '../js/inputs.js';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LEVELS = ['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN', 'ERROR'];
const PATHS = ['/jobs/', '/api/v2/jobs/', '/queues/orders/jobs/'];
const AGENTS = [
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'curl/7.88.1',
  'EchoMQ-Worker/2.4',
];

// The pieces of text every line is made of; `planted` counts the candidates among them.
function pieces(next) {
  const pool = randomIds(200_000, { seed: 31 });
  const pick = (list) => list[next() % list.length];
  const id = () => pick(pool);
  const alnum = (n) => Array.from({ length: n }, () => ALNUM[next() % 62]).join('');
  const hex = (n) => Array.from({ length: n }, () => '0123456789abcdef'[next() % 16]).join('');
  // A namespace and eleven digits naming 2^63 or more (the first digit past 'A'): a candidate refused for range.
  const outOfRange = () => `${id().slice(0, 3)}${ALNUM[11 + (next() % 51)]}${alnum(10)}`;
  // No candidate: the shapes a scanner must not report.
  const nearMiss = () => {
    const base = id();
    switch (next() % 6) {
      case 0:
        return base.slice(0, 3).toLowerCase() + base.slice(3); // lowercase namespace
      case 1:
        return base.slice(0, 13); // 13 long
      case 2:
        return `${base}${ALNUM[next() % 62]}`; // 15 long
      case 3:
        return `x${base}`; // glued to a letter before
      case 4:
        return `${next() % 10}${base}`; // glued to a digit before
      default:
        return `${base}${next() % 10}`; // glued to a digit after
    }
  };
  return { id, pick, alnum, hex, outOfRange, nearMiss };
}

const pad = (n, width = 2) => String(n).padStart(width, '0');

// One line and the candidates it holds.
function line(i, p, next) {
  const second = i % 60;
  const stamp = `2026-12-01T09:${pad(Math.floor(i / 60) % 60)}:${pad(second)}.${pad(i % 1000, 3)}Z`;
  switch (next() % 4) {
    case 0: {
      const job = p.id();
      const user = next() % 3 === 0 ? p.id() : null;
      const query = user ? `?user=${user}&attempt=${next() % 5}` : `?attempt=${next() % 5}`;
      const text =
        `10.${next() % 256}.${next() % 256}.${next() % 256} - - [01/Dec/2026:09:${pad(second)}:00 +0000] ` +
        `"GET ${p.pick(PATHS)}${job}${query} HTTP/1.1" ${p.pick([200, 200, 200, 204, 404, 503])} ${next() % 9000} ` +
        `"-" "${p.pick(AGENTS)}" rt=0.${pad(next() % 1000, 3)}`;
      return { text, planted: user ? 2 : 1 };
    }
    case 1: {
      const refused = next() % 50 === 0;
      const text =
        `{"ts":"${stamp}","level":"${p.pick(LEVELS).toLowerCase()}","job":"${refused ? p.outOfRange() : p.id()}",` +
        `"user":"${p.nearMiss()}","trace":"${p.hex(16)}","tookMs":${next() % 900},"msg":"café → livré"}`;
      return { text, planted: 1 };
    }
    case 2: {
      const glued = next() % 4 === 0;
      const text =
        `${stamp} ${p.pick(LEVELS)} worker-${next() % 8} retry ${p.id()} after ${next() % 500} ms ` +
        `(was ${p.nearMiss()}, key emq:{orders}:job:${glued ? `${p.id()}_retry` : p.nearMiss()})`;
      return { text, planted: glued ? 2 : 1 };
    }
    default:
      return {
        text: `${stamp} ${p.pick(LEVELS)} heartbeat node=${next() % 1024} ok, token=${p.alnum(32)} ${p.nearMiss()}`,
        planted: 0,
      };
  }
}

/**
 * Writes at least `bytes` of log to `path`, the same bytes for the same `seed` → {bytes, lines, candidates}.
 * Lines are written in batches, never as one string.
 */
export function writeRealisticLog(path, bytes, { seed = 41 } = {}) {
  const next = random(seed);
  const p = pieces(next);
  const fd = openSync(path, 'w');
  let written = 0;
  let lines = 0;
  let candidates = 0;
  try {
    while (written < bytes) {
      const batch = [];
      for (let k = 0; k < 20_000; k++, lines++) {
        const { text, planted } = line(lines, p, next);
        batch.push(text);
        candidates += planted;
      }
      written += writeSync(fd, `${batch.join('\n')}\n`);
    }
  } finally {
    closeSync(fd);
  }
  return { bytes: written, lines, candidates };
}
