// A consumer of @echomq/branded, compiled with `tsc --noEmit` by types.test.js: it must type-check as is,
// and every @ts-expect-error line must really be an error.
import {
  BrandedError,
  ERROR_CODES,
  KIND_REFUSAL,
  createMinter,
  createScanner,
  encode,
  gate,
  parse,
  parseMany,
  streamWindow,
  unpackNamespace,
  type ErrorCode,
  type ParseErrorCode,
  type ParseResult,
  type ScannerResult,
} from '@echomq/branded';
import {
  explain,
  explainJobKey,
  explainNamespace,
  explainQueue,
  parseInstant,
  ready as explainReady,
  type InstantResult,
  type NamespaceRefusal,
  type QueueRefusal,
  type Refusal,
  type Remedy,
} from '@echomq/branded/explain';

const result: ParseResult = parse('JOB0KHTOWnGLuC');
if (result.ok) {
  const snowflake: bigint = result.snowflake;
  const ms: number = result.unixMs;
  const namespace: string = result.namespace;
  void [snowflake, ms, namespace, encode(namespace, snowflake)];
} else {
  const code: 'length' | 'namespace' | 'charset' | 'range' = result.error;
  void code;
  // @ts-expect-error a refused id has no snowflake
  void result.snowflake;
}
// @ts-expect-error the union must be narrowed before reading the fields
void result.snowflake;

// @ts-expect-error ids are strings
parse(14);
// @ts-expect-error snowflakes are bigints
encode('USR', 1);

const verdict = gate('JOB-42');
if (!verdict.admitted) {
  const refusal: 'EMQKIND job id must be JOB-namespaced' = verdict.error;
  const same: typeof KIND_REFUSAL = refusal;
  void same;
}

try {
  encode('USR', 2n ** 63n);
} catch (error) {
  if (error instanceof BrandedError) {
    const code: ErrorCode = error.code;
    // @ts-expect-error not an error code
    const wrong: ErrorCode = 'overflow';
    void [code, wrong];
  }
}

const parseCode: ParseErrorCode = 'charset';
// @ts-expect-error `node` is not a parse error
const notParse: ParseErrorCode = 'node';
void [parseCode, notParse, ERROR_CODES[0] satisfies 'none'];

const many = parseMany(['JOB0KHTOWnGLuC'], { fields: true });
const column: BigUint64Array = many.snowflake;
const unixMs: Float64Array = many.unixMs;
// @ts-expect-error an array input has no line offsets
void many.offset;
const lines = parseMany('JOB0KHTOWnGLuC\n');
const offsets: Uint32Array = lines.offset;
// @ts-expect-error without fields: true the field columns may be absent
const noFields: Float64Array = lines.unixMs;
void [column, unixMs, offsets, noFields, many.errorAt(0), lines.namespaceAt(0)];

const minter = createMinter({ namespace: 'JOB', node: 7 });
const next: string = minter.next();
const nextSnowflake: bigint = minter.nextSnowflake();
const disposed: void = minter.dispose();
// @ts-expect-error the namespace is required
createMinter({ node: 1 });
const { start, end, inclusiveEnd } = streamWindow(0, 10);
void [next, nextSnowflake, disposed, start, end, inclusiveEnd];

const scanner = createScanner({ fields: true, idBytes: true });
const pushed = scanner.push(new Uint8Array(8));
const streamOffset: Float64Array = pushed.offset;
const streamLine: Float64Array = pushed.line;
const foundUnixMs: Float64Array = pushed.unixMs;
const ended: ScannerResult<{ fields: true; idBytes: true }> = scanner.end();
const foundBytes: Uint8Array = ended.idBytes;
// @ts-expect-error a scanner takes bytes, not text
scanner.push('JOB0KHTOWnGLuC');
const plain = createScanner().end();
// @ts-expect-error without idBytes: true the bytes column may be absent
const noBytes: Uint8Array = plain.idBytes;
// @ts-expect-error without fields: true the field columns may be absent
const noStreamFields: Float64Array = plain.unixMs;
// @ts-expect-error stream offsets are numbers past 2^32, not a Uint32Array
const narrowOffset: Uint32Array = plain.offset;
const unpacked: string | null = unpackNamespace(plain.namespace[0] ?? 0);
void [streamOffset, streamLine, foundUnixMs, foundBytes, noBytes, noStreamFields, narrowOffset, unpacked];

// The ./explain subpath: refusals in words, instants as people type them.
const refusal: Refusal | null = explain('job0KHTOWnGLuC');
if (refusal !== null) {
  const fix: string | undefined = refusal.suggestion;
  const remedy: Remedy = refusal.remedy;
  const where: number = refusal.offset;
  void [fix, remedy, where, refusal.message, explain(new Uint8Array([0xef, 0xbb, 0xbf]))];
}
const hostRefusal = explainJobKey('demo', 'job-42');
if (hostRefusal?.field === 'id') {
  const remedy: Remedy = hostRefusal.remedy;
  void remedy;
}
if (hostRefusal?.field === 'queue') {
  // @ts-expect-error a queue name refusal has no remedy
  void hostRefusal.remedy;
}
const queueRefusal: QueueRefusal | null = explainQueue('a{b}');
const namespaceRefusal: NamespaceRefusal | null = explainNamespace('job');
// @ts-expect-error explain takes text or bytes
explain(42);
const instant: InstantResult = parseInstant('now-5m', { now: Date.now(), base: 0 });
if (instant.ok) {
  const ms: number = instant.ms;
  void ms;
} else {
  const why: 'form' | 'fraction' | 'far' = instant.error;
  void why;
}
// @ts-expect-error options are numbers of ms
parseInstant('now', { now: new Date() });
void [queueRefusal, namespaceRefusal, explainReady];
