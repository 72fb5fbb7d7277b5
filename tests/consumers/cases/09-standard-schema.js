// @echomq/branded/schema from the tarball, beside the schema libraries users have (zod 4, valibot, arktype, pinned
// in the workspace): a tool that takes any Standard Schema gets the same kind of answer from ours as from theirs;
// arktype takes ours inside its own definitions as it is; an issue's message is the refusal in words.
import { assertRan, withConsumer } from '../support.js';

export const title = 'Standard Schema: brandedId beside zod 4, valibot and arktype (ESM and CommonJS)';

const CHECKS = `
// A tool that takes any Standard Schema (a form resolver, a router's validator): what it makes of a value.
async function verdict(schema, value) {
  const props = schema['~standard'];
  assert.equal(props.version, 1);
  const result = await props.validate(value);
  return result.issues ? { issues: result.issues.map((issue) => issue.message) } : { value: result.value };
}

const job = brandedId('JOB');
for (const theirs of [z.string(), v.string(), type('string')])
  assert.deepEqual(Object.keys(await verdict(theirs, 'JOB0KHTOWnGLuC')), Object.keys(await verdict(job, 'JOB0KHTOWnGLuC')));
assert.deepEqual(await verdict(job, 'JOB0KHTOWnGLuC'), { value: 'JOB0KHTOWnGLuC' });
assert.deepEqual(await verdict(job, 'job0KHTOWnGLuC'), {
  issues: ['namespace must be uppercase: did you mean JOB0KHTOWnGLuC?'],
});
assert.deepEqual(await verdict(job, 'USR0KHTOWnGLuC'), { issues: ['namespace USR where JOB is expected'] });
assert.deepEqual(await verdict(job, 42), { issues: ['expected a branded id (a string), got number'] });
assert.deepEqual(await verdict(brandedId(), 'USR0KHTOWnGLuC'), { value: 'USR0KHTOWnGLuC' });
assert.equal((await verdict(parsedId('JOB'), 'JOB0KHTOWnGLuC')).value.snowflake, 274557032793636864n);
assert.throws(() => brandedId('job'), { name: 'BrandedError', code: 'namespace' });

// zod words a Standard Schema failure as it words its own
assert.equal(
  z.prettifyError(await job['~standard'].validate('JOB0KHTOW+GLuC')),
  "✖ byte 9 '+' is not a Base62 digit (0-9, A-Z, a-z)",
);

// arktype: a Standard Schema inside its own object definition
const Enqueue = type({ queue: 'string', id: job });
assert.deepEqual(Enqueue({ queue: 'orders', id: 'JOB0KHTOWnGLuC' }), { queue: 'orders', id: 'JOB0KHTOWnGLuC' });
const refused = Enqueue({ queue: 'orders', id: 'JOB0KHTOWnGL!C' });
assert.ok(refused instanceof type.errors);
assert.match(refused.summary, /byte 12 '!' is not a Base62 digit/);
console.log('SCHEMA OK');
`;

const esm = `import assert from 'node:assert/strict';
import { type } from 'arktype';
import * as v from 'valibot';
import * as z from 'zod';
import { brandedId, parsedId } from '@echomq/branded/schema';
${CHECKS}`;

const cjs = `const assert = require('node:assert/strict');
const { type } = require('arktype');
const v = require('valibot');
const z = require('zod');
const { brandedId, parsedId } = require('@echomq/branded/schema');
(async () => {
${CHECKS}
})().catch((error) => { console.error(error); process.exit(1); });`;

export default () =>
  withConsumer(
    'standard-schema',
    { files: { 'main.mjs': esm, 'main.cjs': cjs }, tools: ['zod', 'valibot', 'arktype', '@ark', 'arkregex'] },
    async (project) => {
      for (const file of ['main.mjs', 'main.cjs']) {
        const result = assertRan(await project.node([file]), `node ${file}`, { silent: true });
        if (!result.stdout.includes('SCHEMA OK')) throw new Error(`node ${file} printed:\n${result.stdout}`);
      }
    },
  );
