// The docs site's reference pages are what web/docs/.vitepress/reference.mjs generates from the sources of truth
// (the package's index.d.ts and valkey.d.ts, the CLI's --help, the widgets' custom-elements.json): a page that
// drifts from them fails here, with the command that rewrites it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ID_LENGTH } from '@echomq/branded';
import { referencePages } from '../../web/docs/.vitepress/reference.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pages = await referencePages();
const FIX = 'node web/docs/.vitepress/reference.mjs --write';

for (const page of pages)
  test(`${page.path} is what its sources generate`, () => {
    const committed = readFileSync(join(ROOT, page.path), 'utf8');
    assert.ok(committed === page.text, `${page.path} has drifted from its sources: run \`${FIX}\``);
  });

test('the package page lists every export of the package', async () => {
  const text = pages.find((p) => p.path.endsWith('package.md')).text;
  const branded = await import('@echomq/branded');
  const missing = Object.keys(branded).filter((name) => !new RegExp(`\`${name}\\b`).test(text));
  assert.deepEqual(missing, []);
  assert.match(text, new RegExp(`\\| \`ID_LENGTH\` \\| \`${ID_LENGTH}\` \\|`));
});

test('the CLI page holds every command --help lists, each with its own --help', () => {
  const text = pages.find((p) => p.path.endsWith('cli.md')).text;
  const help = /```console\n\$ branded --help\n([\s\S]*?)```/.exec(text)[1];
  const commands = [...help.matchAll(/^ {2}([a-z][a-z-]*) /gm)].map((m) => m[1]);
  assert.ok(commands.length >= 8, commands.join(' '));
  for (const command of commands) assert.ok(text.includes(`$ branded ${command} --help\n`), command);
});
