// The explorer's suites (explorer.test.js, explorer-scale.test.js) in each selected engine: the built site
// served from the subpath it is hosted at, and the engine launched, around each engine's tests.
import { after, before, describe } from 'node:test';
import { DIST } from './browser.js';
import { launchEngine, needsHarness, selectedEngines } from './engines.js';
import { serveStatic } from './static-server.js';

/** describe(engine) for each engine: tests(app) reads app.engine, app.site and app.browser once they run. */
export function eachEngine(tests) {
  for (const engine of selectedEngines())
    describe(engine, () => {
      const app = { engine, site: null, browser: null };
      before(async () => {
        app.site = await serveStatic(DIST, { prefix: '/docs/branded/', harness: needsHarness(engine) });
        app.browser = await launchEngine(engine);
      });
      after(async () => {
        await app.browser?.close();
        await app.site?.close();
      });
      tests(app);
    });
}
