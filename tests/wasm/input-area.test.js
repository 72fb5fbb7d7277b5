// The input area moves when a long argument makes it grow; every call must pass its new address. (Its own
// file, so that these are the first calls to grow it in this process.)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as branded from '../../wasm/index.js';

test('a key longer than the input area is read from where it was written', () => {
  for (const length of [3000, 20000, 300000]) {
    const key = `{orders}${'k'.repeat(length)}`;
    assert.equal(branded.slot(key), 105, `first call, ${length} bytes`);
    assert.equal(branded.slot(key), 105, `second call, ${length} bytes`);
  }
});
