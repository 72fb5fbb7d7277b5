// A classic Web Worker without a bundler: importScripts() of the package's classic build.
import { assertPageAnswers, pageHtml } from '../browser.js';
import { importScriptsWorker, workerPage } from '../probes.js';
import { withConsumer } from '../support.js';
import { classicBuild } from './classic-build.js';

export const title = 'classic Web Worker, importScripts() of the IIFE build, in Chromium';
export default () =>
  withConsumer('worker-importscripts', {}, async (project) => {
    const build = classicBuild(project);
    project.write({
      'index.html': pageHtml([{ src: './main.js' }]),
      'main.js': workerPage("new Worker('./worker.js')"),
      'worker.js': importScriptsWorker(`./${build}`),
    });
    await assertPageAnswers(project.dir);
  });
