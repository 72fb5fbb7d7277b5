// Generated logs for the scan suites (scan.test.js, stream-scan.test.js): seeded, so a failure repeats.
import { createMinter } from '../../wasm/index.js';

// Lines of ids among words, digits, JSON, URLs, UTF-8, runs of 13 and 15, lower-case and out-of-range ids.
export function generatedLog(pieces, seed) {
  let state = seed;
  const random = (n) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const minter = createMinter({ namespace: 'JOB', node: 3 });
  const seps = [' ', '\n', '\r\n', '"', '/', ',', '=', '-', '_', '.', 'é', '€', '😀', '\t', '?id=', '{"id":"'];
  let text = '';
  for (let p = 0; p < pieces; p++) {
    const id = String.fromCharCode(65 + random(26), 65 + random(26)) + minter.next().slice(2);
    const shapes = [
      id,
      `${id}x`,
      `7${id}`,
      id.slice(0, 13),
      `zzz${id.slice(3)}`,
      `${id.slice(0, 3)}zzzzzzzzzzz`,
      `${id.slice(0, 3)}AzL8n0Y58m7`,
      `${id.slice(0, 3)}AzL8n0Y58m8`,
      `é${id}é`,
      '',
    ];
    text += shapes[random(shapes.length)] + seps[random(seps.length)];
  }
  return text;
}
