// axe-core's accessibility checks, injected into a page of any engine the suite drives (a Playwright page,
// a puppeteer page or page-shim.js's). The source is compiled by the driver, not by the page, so it runs
// under the strictest Content-Security-Policy. Reusable: import { axeViolations, describeViolations }.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const INJECT = `(() => { ${AXE_SOURCE}\n return typeof window.axe?.run; })()`;
const LOADED = 'typeof window.axe?.run';

/**
 * Runs axe-core on the page's document (open shadow roots included), once its finite animations and transitions
 * have ended, with its default rules (WCAG 2.x A/AA and best practices) and resolves to the violations:
 * [{id, impact, help, nodes: [{target, summary}]}].
 * options: axe.run options, e.g. { rules: { 'color-contrast': { enabled: false } } }.
 */
export async function axeViolations(page, options = {}) {
  // The source (half a megabyte) crosses to the page once per document.
  const kind = (await page.evaluate(LOADED)) === 'function' ? 'function' : await page.evaluate(INJECT);
  if (kind !== 'function') throw new Error(`axe-core did not load in the page (axe.run is ${kind})`);
  return page.evaluate(async (runOptions) => {
    // The page as it settles, not mid-transition: a viewport change fades elements (VitePress's sidebar at a
    // phone's width), and text half faded reads as too little contrast. Endless animations are not waited for.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => {}));
    await Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 3000))]);
    const results = await window.axe.run(document, { ...runOptions, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
  }, options);
}

/** One line per failing node, for an assertion message. */
export function describeViolations(violations) {
  return violations
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target}: ${n.summary.replace(/\s+/g, ' ')}`))
    .join('\n');
}
