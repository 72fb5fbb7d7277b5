// Runs every block of one page in order, as a reader following the page would, and writes what each did to
// the results file: node page-runner.js PAGE_JSON RESULTS_JSON. The test starts it inside a network namespace
// of its own (unshare --net), so a page may start Valkey on 6379 and the bridge on 8787 as it tells a reader to.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runHtml } from './html.js';
import { instrument } from './js-block.js';
import { matchesShown } from './shown.js';
import { runTranscript, stopBackground } from './shell.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const RUNS = {
  js: 'node',
  javascript: 'node',
  mjs: 'node',
  python: 'python3',
  py: 'python3',
  sql: 'sqlite (python3)',
  sh: 'shell',
  bash: 'shell',
  console: 'shell',
  shell: 'shell',
  html: 'chromium',
  lua: 'the enqueue script',
};

const squash = (text) => text.replace(/\s+/g, ' ').trim();

/** Runs a process to the end; answers { status, output } with stdout and stderr together. */
function run(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 120_000, maxBuffer: 64 << 20, ...options });
  return {
    status: result.error ? -1 : result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`,
  };
}

function readResults(path, failure) {
  if (!existsSync(path)) return { checks: [], stray: '', failure };
  const results = JSON.parse(readFileSync(path, 'utf8'));
  rmSync(path);
  return { ...results, failure: failure || null };
}

async function runBlock(block, n, context) {
  const { cwd, env, ids } = context;
  const results = join(context.scratch, `results-${n}.json`);
  const decoder = block.directive === 'decoder';
  switch (RUNS[block.lang]) {
    case 'node': {
      let source;
      try {
        source = instrument(block.code, { decoder }).source;
      } catch (error) {
        return { checks: [], stray: '', failure: `cannot run: ${error.message}` };
      }
      const file = join(cwd, `.docs-block-${n}.mjs`);
      writeFileSync(file, source);
      const { status, output } = run('node', [file], {
        cwd,
        env: { ...env, DOCS_CODE_RESULTS: results, DOCS_CODE_IDS: ids },
      });
      rmSync(file);
      return readResults(results, status === 0 ? null : `exit ${status}: ${output}`);
    }
    case 'python3':
    case 'sqlite (python3)': {
      const file = join(context.scratch, `block-${n}.${block.lang === 'sql' ? 'sql' : 'py'}`);
      writeFileSync(file, block.code);
      const kind = block.lang === 'sql' ? 'sql' : 'python';
      const args = [join(HERE, 'run_block.py'), kind, file, results, ...(decoder ? [ids] : [])];
      // A page's `<!-- code: python PATH -->` names the interpreter its blocks run under (a venv the page made).
      const { status, output } = run(context.python ? resolve(cwd, context.python) : 'python3', args, { cwd, env });
      return readResults(results, status === 0 ? null : `exit ${status}: ${output}`);
    }
    case 'shell': {
      try {
        return { checks: await runTranscript(block.code, { cwd, env, background: context.background }), stray: '' };
      } catch (error) {
        return { checks: [], stray: '', failure: `cannot run: ${error.message}` };
      }
    }
    case 'chromium':
      return { checks: await runHtml(block.code, { modules: context.modules }), stray: '' };
    case 'the enqueue script': {
      const script = (await import(join(context.modules, '@echomq/branded/dist/index.js'))).ENQUEUE_SCRIPT;
      const ok = squash(script).includes(squash(block.code));
      return { checks: [{ shown: block.code, line: 1, actual: ok ? block.code : script, ok }], stray: '' };
    }
    default:
      return {
        checks: [],
        stray: '',
        failure: `no runner for \`${block.lang || '(no language)'}\`: mark it <!-- code: not run — why -->`,
      };
  }
}

async function main() {
  const [pagePath, resultsPath] = process.argv.slice(2);
  const page = JSON.parse(readFileSync(pagePath, 'utf8'));
  const context = { ...page.context, background: [] };
  mkdirSync(context.cwd, { recursive: true });
  mkdirSync(context.scratch, { recursive: true });
  const outcomes = [];
  try {
    for (const [n, block] of page.blocks.entries()) {
      if (block.kind !== 'fence' || block.marked || block.file) {
        if (block.file) {
          mkdirSync(dirname(join(context.cwd, block.file)), { recursive: true });
          writeFileSync(join(context.cwd, block.file), `${block.code}\n`);
        }
        outcomes.push({ n, skipped: true });
        continue;
      }
      const outcome = await runBlock(block, n, context);
      for (const check of outcome.checks) check.ok ??= matchesShown(check.shown, check.actual);
      outcomes.push({ n, ...outcome });
    }
  } finally {
    stopBackground(context.background);
  }
  writeFileSync(resultsPath, JSON.stringify(outcomes));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
