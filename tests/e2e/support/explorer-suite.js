// The explorer's suites (explorer.test.js, explorer-scale.test.js) in each selected engine, against the stack
// `npm start` runs (support/stack.js): the bridge serving web/dist and the docs, a real Valkey. Chromium and
// Firefox open the bridge's own address; WebKitGTK opens it through the test gateway (its page harness).
import { after, before, describe } from 'node:test';
import { launchEngine, needsHarness, selectedEngines } from './engines.js';
import { startGateway, startStack } from './stack.js';

/**
 * describe(engine) for each engine: tests(app) reads app.engine, app.url (where the explorer is, for this
 * engine), app.origin, app.stack, app.gateway (serves test files on a same-origin address) and app.browser.
 */
export function eachEngine(tests) {
  for (const engine of selectedEngines())
    describe(engine, () => {
      const app = { engine, url: null, origin: null, stack: null, gateway: null, browser: null };
      before(async () => {
        app.stack = await startStack();
        app.gateway = await startGateway(app.stack, { harness: needsHarness(engine) });
        const direct = !needsHarness(engine);
        app.url = direct ? app.stack.url : app.gateway.url;
        app.origin = direct ? app.stack.origin : app.gateway.origin;
        app.browser = await launchEngine(engine);
      });
      after(async () => {
        await app.browser?.close();
        await app.gateway?.close();
        await app.stack?.stop();
      });
      tests(app);
    });
}
