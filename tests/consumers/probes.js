// The consumer code each case installs: import (or require) the package, parse the contract's JOB id, print the
// answer line. Node and ESM bundles call parse right after the import (the package promises that);
// classic scripts, workers and workerd first wait for `ready` when the package exports one.
import { ANCHOR_ID, ANSWER_FUNCTION, PACKAGE_NAME } from './support.js';
import { REPORT_FUNCTION } from './browser.js';

const call = `answer(parse('${ANCHOR_ID}'))`;

/** Node, ESM syntax: import, then call synchronously. */
export const nodeImport = `import { parse } from '${PACKAGE_NAME}';\n${ANSWER_FUNCTION}\nconsole.log(${call});\n`;

/** Node, CommonJS: require, then call synchronously. */
export const nodeRequire = `const { parse } = require('${PACKAGE_NAME}');\n${ANSWER_FUNCTION}\nconsole.log(${call});\n`;

/** A typed program: once narrowed to a parsed id, the fields must type-check as bigint and number. */
export const typedImport = `import { parse } from '${PACKAGE_NAME}';
const result = parse('${ANCHOR_ID}');
if (!result.ok) throw new Error('refused: ' + result.error);
const snowflake: bigint = result.snowflake;
const unixMs: number = result.unixMs;
console.log('ANSWER ' + JSON.stringify({ snowflakeType: typeof snowflake, snowflake: String(snowflake), unixMs }));
`;

/** A page's ESM entry for a bundler: import, then call synchronously, the answer into #out. */
export const pageImport = `import { parse } from '${PACKAGE_NAME}';\n${ANSWER_FUNCTION}\n${REPORT_FUNCTION}\nreport(function () { return ${call}; });\n`;

// `Object(ns).ready`: read past the bundlers' static export checks, so a package without `ready` fails on
// its own fault, not on a warning about this probe.
const afterReady = (namespace, deliver) => `Promise.resolve(Object(${namespace}).ready).then(
  function () { ${deliver(`answer(${namespace}.parse('${ANCHOR_ID}'))`)}; },
  function (error) { ${deliver(`'ERROR ' + (error && error.stack || error)`)}; });`;

/** A page's ESM entry for a non-ESM output format: waits for `ready` if the package has one. */
export const pageImportReady = `import * as branded from '${PACKAGE_NAME}';\n${ANSWER_FUNCTION}\n${REPORT_FUNCTION}\n${afterReady('branded', (value) => `report(function () { return ${value}; })`)}\n`;

/** A page's CommonJS entry for a bundler: require, waiting for `ready` if the package has one. */
export const pageRequireReady = `var branded = require('${PACKAGE_NAME}');\n${ANSWER_FUNCTION}\n${REPORT_FUNCTION}\n${afterReady('branded', (value) => `report(function () { return ${value}; })`)}\n`;

/** A worker's ESM entry for a bundler: posts the answer (or the error) to the page. */
export const workerImportReady = `import * as branded from '${PACKAGE_NAME}';\n${ANSWER_FUNCTION}\n${afterReady('branded', (value) => `self.postMessage(${value})`)}\n`;

/** The page side of a worker case: starts the worker (`construct` is the expression) and shows its message. */
export function workerPage(construct) {
  return `${REPORT_FUNCTION}
var worker = ${construct};
worker.onmessage = function (event) { report(function () { return String(event.data); }); };
worker.onerror = function (event) { report(function () { return 'ERROR worker: ' + (event.message || 'failed to load'); }); };
`;
}

// The global a classic-script build defines: the one object with a parse function (its name is the package's).
const findGlobal = (
  scope,
) => `var names = Object.keys(${scope}).filter(function (k) { var v = ${scope}[k]; return v && typeof v.parse === 'function'; });
if (names.length !== 1) throw new Error('expected one global with parse() after loading the classic build, found: [' + names.join(', ') + ']');
var branded = ${scope}[names[0]];`;

/** After the classic build's <script>: finds its global, waits for `ready` if it has one, reports. */
export const scriptGlobal = `${ANSWER_FUNCTION}\n${REPORT_FUNCTION}\ntry {\n${findGlobal('window')}\n${afterReady('branded', (value) => `report(function () { return ${value}; })`)}\n} catch (error) { report(function () { throw error; }); }\n`;

/** A classic worker that loads the classic build with importScripts (`url` relative to the worker). */
export function importScriptsWorker(url) {
  return `${ANSWER_FUNCTION}
try {
importScripts(${JSON.stringify(url)});
${findGlobal('self')}
${afterReady('branded', (value) => `self.postMessage(${value})`)}
} catch (error) { self.postMessage('ERROR ' + (error && error.stack || error)); }
`;
}

/** A workerd module worker: answers every request with the answer line, waiting for `ready` if exported. */
export const workerdModule = `import * as branded from '${PACKAGE_NAME}';
${ANSWER_FUNCTION}
export default {
  async fetch() {
    try {
      await Object(branded).ready;
      return new Response(answer(branded.parse('${ANCHOR_ID}')));
    } catch (error) {
      return new Response('ERROR ' + (error && error.stack || error), { status: 500 });
    }
  },
};
`;
