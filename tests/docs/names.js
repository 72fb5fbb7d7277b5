// What a Markdown page names in code spans, checked against the repository: the paths it writes exist and the
// functions and constants it names occur in the sources. Shared by the docs checks of each page; also splits
// a page's prose into sentences, so a page can be held to short ones.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCES = [
  'core',
  'cli',
  'wasm',
  'valkey',
  'bridge',
  'web/src',
  'web/widgets/src',
  'web/docs/.vitepress',
  'scripts',
  'tests',
  'bench',
  'eslint.config.js',
];

/** The text of every inline code span of a Markdown page (fenced blocks excluded). */
export const codeSpans = (page) => [...withoutFences(page).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);

/** The spans that are paths: a word with a slash and nothing a path would not hold. */
export const pathsIn = (spans) => spans.filter((s) => /^[\w.-]+\/[\w./-]*$/.test(s) && !s.includes('//'));

/**
 * The paths that exist neither from the repository's root nor from any of `rooms` (folders under it). A path
 * the build writes (git-ignored output, such as `wasm/dist/cli.cjs`) counts as existing before the build.
 */
export const missingPaths = (paths, rooms = ['']) =>
  paths.filter(
    (p) =>
      !rooms.some((room) => {
        const path = join(room, p.replace(/\/$/, '')) || '.';
        return existsSync(join(ROOT, path)) || ignored(path) || ignored(`${path}/`);
      }),
  );

function ignored(path) {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
}

/** The function and constant names among the spans: camelCase or UPPER_CASE words, a call's `(…)` dropped. */
export const namesIn = (spans) =>
  [...new Set(spans.map((s) => s.replace(/\(.*$/, '')))].filter(
    (s) => /^[a-z]+[A-Z]\w*$/.test(s) || /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(s),
  );

/**
 * Each name the page places in a file, written `` `name` in `file` ``, `` `name` (`file`) `` or
 * `` `name` from `file` ``: [name, file] pairs, a call's `(…)` dropped.
 */
export const namesInFiles = (page) =>
  [...withoutFences(page).matchAll(/`(\w+)(?:\([^`]*\))?`\s*(?:in |from |\()\s*`([\w./-]+\.\w+)`/g)].map((m) => [
    m[1],
    m[2],
  ]);

/** Whether `word` occurs as a whole word in the file at `path` (from the repository's root). */
export const inFile = (word, path) => new RegExp(`\\b${word}\\b`).test(readFileSync(join(ROOT, path), 'utf8'));

/** The names the page places in a file that is missing or does not hold them, as `name in file` lines. */
export const misplacedNames = (page, rooms = ['']) =>
  namesInFiles(page)
    .filter(([name, file]) => {
      const found = rooms.map((room) => join(room, file)).find((path) => existsSync(join(ROOT, path)));
      return found === undefined || !inFile(name, found);
    })
    .map(([name, file]) => `${name} in ${file}`);

/** Whether `word` occurs as a whole word in the tracked sources. */
export const inSources = (word) => {
  try {
    execFileSync('git', ['grep', '-q', '-w', '-F', word, '--', ...SOURCES], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
};

function withoutFences(page) {
  return page.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '');
}

/**
 * The sentences of a page's prose, each a list of words: fenced blocks, headings and table rules dropped, a
 * code span or link counted as its words, a list item or table cell ending its sentence.
 */
export function sentences(page) {
  const blocks = withoutFences(page)
    .replace(/<!--[\s\S]*?-->/g, '')
    .split('\n')
    .filter((line) => !/^\s*#/.test(line) && !/^\s*\|?[\s:|-]+\|[\s:|-]*$/.test(line))
    .map((line) => (line.trim() === '' ? '\n' : line.replace(/^\s*(?:[-*]|\d+\.)\s+/, '\n').replace(/\|/g, '\n')))
    .join(' ')
    .split('\n');
  return blocks
    .flatMap((block) => block.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').split(/(?<=[.?!])\s+(?=[A-Z`*(])/))
    .map((sentence) => sentence.split(/\s+/).filter((word) => /\w/.test(word)))
    .filter((words) => words.length > 0);
}
