// The JS<->wasm exchange: the module owns its layout (bindings/shared.hpp `Named` tables) and the JavaScript
// reads every address from those tables. Here, that every name the package and the CLI read is in its table,
// at an address aligned for the view it is read through, and that the table entries do not overlap.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import '../../wasm/index.js';
import { readLayout } from '../../wasm/lib/layout.js';
import { memoryBytes, views, wasm } from '../../wasm/lib/module.js';
import { PACKAGE_DIR } from './support.js';

const TABLES = {
  AT: readLayout(views().u32, wasm.exchange_layout()),
  COLUMN: readLayout(views().u32, wasm.batch_layout()),
  FOUND: readLayout(views().u32, wasm.scan_layout()),
};

const sources = ['lib', 'cli'].flatMap((folder) =>
  readdirSync(join(PACKAGE_DIR, folder)).map((name) => readFileSync(join(PACKAGE_DIR, folder, name), 'utf8')),
);

// Every `TABLE.name` the sources read, with the shift it is read through (>> 3: an 8-byte view).
function reads(table) {
  const found = new Map();
  for (const source of sources) {
    for (const [, name, shift] of source.matchAll(new RegExp(`\\b${table}\\.(\\w+)(?:\\s*>>\\s*(\\d))?`, 'g'))) {
      if (shift !== undefined || !found.has(name)) found.set(name, Number(shift ?? 0));
    }
  }
  return found;
}

for (const [table, layout] of Object.entries(TABLES)) {
  test(`every ${table}.name the package and the CLI read is in the module's table, aligned for its view`, () => {
    const used = reads(table);
    assert.ok(used.size >= 3, [...used.keys()].join(' '));
    for (const [name, shift] of used) {
      assert.ok(Object.hasOwn(layout, name), `${table}.${name} is not in the module's table`);
      assert.equal(layout[name] % (1 << shift), 0, `${table}.${name} read through >> ${shift}`);
    }
  });

  test(`the ${table} table names distinct addresses inside the module's memory`, () => {
    const addresses = Object.values(layout);
    assert.equal(new Set(addresses).size, addresses.length, JSON.stringify(layout));
    for (const [name, address] of Object.entries(layout)) {
      assert.ok(address > 0 && address < memoryBytes(), `${name} at ${address}`);
    }
  });
}

test("the error number for an unknown minter handle is none of core's", async () => {
  const { ERROR_CODES } = await import('../../wasm/index.js');
  const noMinter = views().u32[TABLES.AT.noMinter >> 2];
  assert.ok(noMinter >= ERROR_CODES.length, `${noMinter}`);
  assert.equal(wasm.minter_next(-1), noMinter);
  assert.equal(wasm.minter_next(1 << 30), noMinter);
});
