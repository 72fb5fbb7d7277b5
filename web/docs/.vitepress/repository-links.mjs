// Links in the Markdown that pages include from elsewhere in the repository (docs/contract.md, CHANGELOG.md,
// web/widgets/README.md) are written relative to that file. A link that names no page from the including page
// but does from an included file becomes the site's page for it (the contract, the changelog), or else the file
// in the repository. And a heading anchor that starts with a digit gets VitePress's `_` (its slugs never do).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * markdown-it plugin; `srcDir` the site's source, `root` the repository's, `sitePages` {repository file: site
 * page (.md under srcDir)} for the files the site renders itself.
 */
export function repositoryLinks(md, { srcDir, root, sitePages }) {
  const repository = JSON.parse(readFileSync(join(root, 'wasm/package.json'), 'utf8'))
    .repository.url.replace(/^git\+/, '')
    .replace(/\.git$/, '');
  const rewrite = (href, env) => {
    if (/^#\d/.test(href)) return href.replace('#', '#_');
    if (/^([a-z]+:|\/|#)/i.test(href) || !env.path) return href;
    const [path, anchor] = href.split('#');
    const hash = anchor ? `#${anchor.replace(/^(\d)/, '_$1')}` : '';
    const fromPage = resolve(dirname(env.path), path);
    if (fromPage.startsWith(srcDir) && (existsSync(fromPage) || existsSync(`${fromPage}.md`))) return `${path}${hash}`;
    for (const included of env.includes ?? []) {
      const target = resolve(dirname(included), path);
      if (!existsSync(target)) continue;
      const file = relative(root, target);
      if (sitePages[file]) return `${relative(dirname(env.path), join(srcDir, sitePages[file]))}${hash}`;
      const kind = statSync(target).isDirectory() ? 'tree' : 'blob';
      return `${repository}/${kind}/main/${file}${hash}`;
    }
    return href;
  };
  md.core.ruler.push('repository-links', (state) => {
    for (const token of state.tokens)
      for (const child of token.children ?? [])
        if (child.type === 'link_open') child.attrSet('href', rewrite(child.attrGet('href'), state.env));
  });
}
