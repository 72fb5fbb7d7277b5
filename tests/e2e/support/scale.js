// The explorer-at-scale workload, shared by tests/e2e/explorer-scale.test.js and bench/web/explorer.js: a log
// with one id candidate per line, dropped on the Decode panel inside the page, timed there.
import { encode } from '@echomq/branded';
import { compose } from './snowflake.js';
const BASE_MS = 1781000000000;

// A log of `count` lines, one candidate each; the 501st of every 1000 is USRzzzzzzzzzzz (refused:
// range). Lines also
// hold near-misses that are no candidate. Times fall as lines go on, so sorting by time reverses the file.
export function makeLog(count, { lean = false } = {}) {
  const lines = new Array(count);
  const expected = [];
  for (let i = 0; i < count; i += 1) {
    const ms = BASE_MS + (count - i) * 3;
    const id = i % 1000 === 500 ? 'USRzzzzzzzzzzz' : encode(i % 2 ? 'JOB' : 'EVT', compose(ms, i % 1024, i % 4096));
    lines[i] = lean ? id : `${i} xJOB0KHTOWnGLuC job=${id} usr0KHTOWnGLuC`;
    if (i < 3 || i === count - 1) expected[i] = { id, ms, node: i % 1024 };
  }
  return { text: `${lines.join('\n')}\n`, expected };
}

// Drops a File made of `text` on the panel, in the page, and waits there for the count: the drop-to-table ms.
export async function dropInPage(page, text, name, countText) {
  return page.evaluate(
    async ({ text: body, name: fileName, countText: want }) => {
      const target = document.querySelector('[data-panel="decode"]');
      const transfer = new DataTransfer();
      transfer.items.add(new File([body], fileName, { type: 'text/plain' }));
      const started = performance.now();
      let sawProgress = false;
      target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
      target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (!target.querySelector('[data-testid="scan-progress"]').hidden) sawProgress = true;
        const count = target.querySelector('[data-testid="count"]')?.textContent;
        if (
          count === want &&
          target.querySelector('[data-testid="source"]')?.textContent.startsWith(fileName) &&
          target.querySelector('.vbody .vrow')
        )
          break;
        if (performance.now() - started > 120000) throw new Error(`no table after 120 s (count ${count})`);
      }
      return { ms: performance.now() - started, sawProgress };
    },
    { text, name, countText },
  );
}
