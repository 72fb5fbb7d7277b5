// @echomq/branded/schema — Standard Schema v1 validators of branded ids, accepted as they are by zod, valibot,
// arktype and every tool that takes a Standard Schema. (dist/schema.d.cts is a copy for require.)
import type { BrandedId, ParsedId } from './index.js';

/** The Standard Schema v1 interface (standardschema.dev), declared here so the package needs no dependency. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}
export declare namespace StandardSchemaV1 {
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  type Result<Output> = SuccessResult<Output> | FailureResult;
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  interface PathSegment {
    readonly key: PropertyKey;
  }
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['input'];
  type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output'];
}

/**
 * A Standard Schema of a branded id, of `namespace` when one is given; the output is the id itself, typed
 * `BrandedId<NS>`. An issue's message is the refusal in words (`namespace must be uppercase: did you mean
 * JOB0KHTOWnGLuC?`), or `namespace USR where JOB is expected`. Throws BrandedError `namespace` for a namespace
 * that is not three letters A–Z.
 * @example z.object({ job: brandedId('JOB') }).parse({ job: 'JOB0KHTOWnGLuC' }) // { job: 'JOB0KHTOWnGLuC' }
 */
export function brandedId<NS extends string = string>(namespace?: NS): StandardSchemaV1<string, BrandedId<NS>>;

/** As brandedId, with the parsed id as the output: namespace, snowflake, unixMs, node, seq. */
export function parsedId<NS extends string = string>(
  namespace?: NS,
): StandardSchemaV1<string, ParsedId & { namespace: NS }>;
