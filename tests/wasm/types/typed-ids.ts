// Typed ids, compiled with `tsc --noEmit` by types.test.js beside consumer.ts: BrandedId<NS>, the isBranded
// guard, encode, the minter and the id ranges returning the namespace's type, and the ./schema validators'
// Standard Schema types. Every @ts-expect-error line must really be an error.
import { createMinter, encode, idRange, isBranded, minId, type BrandedId } from '@echomq/branded';
import { brandedId, parsedId, type StandardSchemaV1 } from '@echomq/branded/schema';
import type { StandardProps } from 'valibot';
import type { prettifyError } from 'zod';

const job: BrandedId<'JOB'> = encode('JOB', 1n);
// @ts-expect-error a USR id is no JOB id
const notJob: BrandedId<'JOB'> = encode('USR', 1n);
// @ts-expect-error a string literal of another namespace is no JOB id
const literal: BrandedId<'JOB'> = 'USR0KHTOWnGLuC';
const asText: string = job; // the value is the plain string
void [notJob, literal, asText];

const minted: BrandedId<'JOB'> = createMinter({ namespace: 'JOB' }).next();
const ns: 'JOB' = createMinter({ namespace: 'JOB' }).namespace;
// @ts-expect-error a minter of USR mints USR ids
const mintedUsr: BrandedId<'JOB'> = createMinter({ namespace: 'USR' }).next();
void [minted, ns, mintedUsr];

function takesJob(id: BrandedId<'JOB'>): string {
  return id;
}
const input: unknown = JSON.parse('"JOB0KHTOWnGLuC"');
if (isBranded(input, 'JOB')) takesJob(input);
// @ts-expect-error unknown must be narrowed first
takesJob(input);
const text = 'JOB0KHTOWnGLuC' as string;
if (isBranded(text)) {
  const any: BrandedId = text;
  // @ts-expect-error narrowed to some namespace's id, not JOB's
  takesJob(text);
  void any;
}

const start: BrandedId<'JOB'> = minId('JOB', new Date('2026-06-01T00:00:00Z'));
const range = idRange('JOB', 1780272000000, new Date());
const bounds: [BrandedId<'JOB'>, BrandedId<'JOB'>] = [range.start, range.end];
// @ts-expect-error instants are numbers or Dates
minId('JOB', '2026-06-01');
void [start, bounds];

const schema = brandedId('JOB');
type Out = StandardSchemaV1.InferOutput<typeof schema>;
const out: Out = job;
// @ts-expect-error the output is a JOB id
const wrongOut: Out = encode('USR', 1n);
const parsedOut: StandardSchemaV1.InferOutput<ReturnType<typeof parsedId<'JOB'>>> = {
  ok: true,
  namespace: 'JOB',
  snowflake: 1n,
  unixMs: 0,
  node: 0,
  seq: 1,
};
const verdict = schema['~standard'].validate('JOB0KHTOWnGLuC');
if (!(verdict instanceof Promise) && verdict.issues === undefined) takesJob(verdict.value);
void [out, wrongOut, parsedOut];

// The schema libraries' own Standard Schema types take ours: valibot's props (but its vendor name), zod's failure
// (prettifyError). arktype's definitions take it at run time (tests/consumers, case 09).
declare const failed: StandardSchemaV1.FailureResult;
const forValibot: Omit<StandardProps<string, BrandedId<'JOB'>>, 'vendor'> = schema['~standard'];
const forZod: Parameters<typeof prettifyError>[0] = failed;
void [forValibot, forZod];
