// The classic build from one <script> tag, no bundler, under script-src 'self' 'wasm-unsafe-eval'.
import { assertPageAnswers, pageHtml } from '../browser.js';
import { scriptGlobal } from '../probes.js';
import { withConsumer } from '../support.js';
import { classicBuild } from './classic-build.js';

export const title =
  "IIFE build from a <script> tag under the strict CSP (script-src 'self' 'wasm-unsafe-eval'), in Chromium";
export default () =>
  withConsumer('iife-script', {}, async (project) => {
    project.write({
      'index.html': pageHtml([{ src: `./${classicBuild(project)}` }, { src: './main.js' }]),
      'main.js': scriptGlobal,
    });
    await assertPageAnswers(project.dir);
  });
