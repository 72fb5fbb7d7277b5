// The bundler cases' shared part: a consumer project whose page entry is bundled by the tool, the output
// served under the strict CSP and run in Chromium; the page must print the contract's answer.
import { assertPageAnswers, pageHtml } from '../browser.js';
import { assertRan, withConsumer } from '../support.js';

/**
 * files: the project's sources and build config; build(project): runs the bundler; page: the built folder
 * (relative to the project) and the path of its page in it.
 */
export function bundledPageCase(name, { tools, files, build, served = 'dist', path = '' }) {
  return () =>
    withConsumer(name, { tools, files }, async (project) => {
      assertRan(await build(project), `${name}: the build`, { quiet: true });
      await assertPageAnswers(project.path(served), path);
    });
}

/** A page in the built folder that loads the bundle (as a module script or a classic one). */
export function builtPage(bundle, { module }) {
  return { 'dist/index.html': pageHtml([{ src: `./${bundle}`, module }]) };
}
