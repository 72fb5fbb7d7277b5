// Makes each rendered page run under the bridge's policy (`script-src 'self'`, `style-src 'self'`, no hashes):
// every inline script becomes a file beside the assets, code colours become classes, and a page that still
// carries an inline style attribute fails the build, naming it, instead of failing later as a CSP violation.
import { transformerStyleToClass } from '@shikijs/transformers';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE_ATTRIBUTE = /<[a-zA-Z][^>]*?\sstyle\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/g;
// Script types a browser runs (no type, a JavaScript MIME type, module); others (JSON data blocks) it never runs.
const RUNNABLE_TYPE = /^\s*(?:(?:text|application)\/(?:x-)?(?:java|ecma)script|module)?\s*$/i;

// VitePress's outline dropdown renders its initial `--vp-vh:0px`; Vue sets the property (CSSOM, which the
// policy allows) each time the dropdown opens, so the rendered attribute is only dropped.
const DROPPABLE_STYLES = new Set(['--vp-vh:0px']);

const attributeValue = (attributes, name) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(attributes)
    ?.slice(1)
    .find((v) => v !== undefined);

/** The page with each inline runnable script moved into `<assetsDir>/inline/`, its tag pointing there. */
export function externaliseScripts(html, { outDir, base, assetsDir }) {
  return html.replace(SCRIPT, (tag, attributes, body) => {
    if (attributeValue(attributes, 'src') !== undefined) return tag;
    if (!RUNNABLE_TYPE.test(attributeValue(attributes, 'type') ?? '')) return tag;
    const name = (attributeValue(attributes, 'id') ?? 'script').replace(/[^A-Za-z0-9_-]/g, '_');
    const file = `${assetsDir}/inline/${name}.${createHash('sha256').update(body).digest('hex').slice(0, 8)}.js`;
    mkdirSync(join(outDir, assetsDir, 'inline'), { recursive: true });
    writeFileSync(join(outDir, file), body);
    return `<script${attributes} src="${base}${file}"></script>`;
  });
}

/** The page without the style attributes known to be safe to drop; throws on any other. */
export function dropInlineStyles(html, page) {
  return html.replace(STYLE_ATTRIBUTE, (match, quoted) => {
    const value = quoted.replace(/^["']|["']$/g, '');
    if (!DROPPABLE_STYLES.has(value.replace(/;\s*$/, ''))) {
      throw new Error(
        `${page}: inline style="${value}" would be refused by the bridge's style-src 'self'; move it into a stylesheet`,
      );
    }
    return match.slice(0, match.length - quoted.length).replace(/\s+style\s*=\s*$/, '');
  });
}

/**
 * Shiki's per-token colours as classes in one stylesheet (`<assetsDir>/code-tokens.css`), not style attributes:
 * the transformer for `markdown.codeTransformers`, the file to write once every page is highlighted, and a dev
 * server route for the same file.
 */
export function codeTokenClasses({ base, assetsDir }) {
  const transformer = transformerStyleToClass({ classPrefix: 'tok-' });
  const file = `${assetsDir}/code-tokens.css`;
  return {
    transformer,
    href: `${base}${file}`,
    write: (outDir) => writeFileSync(join(outDir, file), transformer.getCSS()),
    devPlugin: {
      name: 'branded-docs:code-tokens',
      configureServer: (server) =>
        server.middlewares.use(`${base}${file}`, (req, res) => {
          res.setHeader('Content-Type', 'text/css; charset=utf-8');
          res.end(transformer.getCSS());
        }),
    },
  };
}
