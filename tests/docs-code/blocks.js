// Every code block of every page of the docs site, as the site renders it: the pages under web/docs (with
// VitePress's `<!--@include: -->` resolved, as in contract.md and changelog.md), each fenced block and
// each `<<< @/file` snippet import in order, with the `<!-- code: … -->` directive written before it.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SITE = join(ROOT, 'web/docs');

const INCLUDE = /<!--\s*@include:\s*(.*?)\s*-->/g;
const DIRECTIVE = /^\s*<!--\s*code:\s*([\s\S]*?)\s*-->\s*$/;
const FENCE_OPEN = /^( {0,3}|\s*)(`{3,}|~{3,})\s*([^`]*)$/;
const SNIPPET = /^\s*<<<\s+(\S+?)(?:\{[^}]*\})?(?:\s*\[.*\])?\s*$/;

/** The source pages: every .md under web/docs except .vitepress/ and public/, includes resolved. */
export function sitePages() {
  return markdownFiles(SITE)
    .map((file) => {
      const source = relative(SITE, file);
      return { route: source.replace(/\.md$/, ''), source, text: withIncludes(readFileSync(file, 'utf8'), file) };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The repository's own pages whose blocks a reader runs first (not pages of the site, so never built). */
export function repositoryPages() {
  return ['README.md'].map((source) => ({
    route: `repository/${source.replace(/\.md$/, '')}`,
    source: `../../${source}`,
    text: readFileSync(join(ROOT, source), 'utf8'),
  }));
}

function markdownFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'public' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(path));
    else if (entry.name.endsWith('.md')) found.push(path);
  }
  return found;
}

/** VitePress's include, as it does it: the file's text in place of the comment, relative to the including file. */
function withIncludes(text, file) {
  return text.replace(INCLUDE, (_, target) => {
    const path = target.startsWith('@/') ? join(SITE, target.slice(2)) : resolve(dirname(file), target);
    if (!existsSync(path)) throw new Error(`${relative(ROOT, file)} includes ${target}, which does not exist`);
    return withIncludes(readFileSync(path, 'utf8'), path);
  });
}

/**
 * The page's blocks in order: { kind: 'fence', lang, info, code, line, directive } for a fenced block and
 * { kind: 'snippet', file, line, directive } for a `<<<` import. `directive` is the text of a
 * `<!-- code: … -->` comment on the lines just before the block (blank lines allowed), or null.
 */
export function pageBlocks(text) {
  const lines = text.split('\n');
  const blocks = [];
  let pending = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const directive = DIRECTIVE.exec(line);
    if (directive) {
      pending = directive[1];
      continue;
    }
    const snippet = SNIPPET.exec(line);
    if (snippet) {
      blocks.push({ kind: 'snippet', file: snippet[1], line: i + 1, directive: pending });
      pending = null;
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    if (open) {
      const [, indent, fence, info] = open;
      const body = [];
      let j = i + 1;
      const close = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
      for (; j < lines.length && !close.test(lines[j]); j++) body.push(stripIndent(lines[j], indent.length));
      const lang = info
        .trim()
        .split(/[\s{:[]/)[0]
        .toLowerCase();
      blocks.push({ kind: 'fence', lang, info: info.trim(), code: body.join('\n'), line: i + 1, directive: pending });
      pending = null;
      i = j;
      continue;
    }
    if (line.trim() !== '') pending = null;
  }
  return blocks;
}

function stripIndent(line, width) {
  let cut = 0;
  while (cut < width && line[cut] === ' ') cut++;
  return line.slice(cut);
}

/** A snippet import's file: `@/` is the site's source root, as in VitePress. */
export function snippetPath(file) {
  return file.startsWith('@/') ? resolve(SITE, file.slice(2)) : resolve(SITE, file);
}
