// A consumer of @echomq/branded/valkey, compiled with `tsc --noEmit` by types.test.js: it must type-check
// as is, and every @ts-expect-error line must really be an error.
import {
  EXECUTORS,
  ExecutorError,
  FenceError,
  KindError,
  LIBRARY_CODE,
  LibraryError,
  NonMonotonicError,
  SCRIPT_CALLS,
  connect,
  loadLibrary,
  type WindowCount,
  type Connection,
  type EnqueueOutcome,
  type FenceStatus,
  type StreamEntry,
  type Verdict,
} from '@echomq/branded/valkey';

export async function use(): Promise<void> {
  const node: Connection = await connect('redis://127.0.0.1:6379');
  const cluster: Connection = await connect({ cluster: [{ host: '127.0.0.1', port: 7000 }] });
  await connect({ host: '127.0.0.1', port: 6379 });

  const verdict: Verdict = await node.enqueue('orders', 'JOB0KHTOWnGLuC', 'payload', { executor: 'native' });
  await node.enqueue('orders', 'JOB0KHTOWnGLuC', new Uint8Array([1, 2]));
  // @ts-expect-error executors are 'script' or 'native'
  await node.enqueue('orders', 'JOB0KHTOWnGLuC', 'p', { executor: 'lua' });
  // @ts-expect-error a payload is text or bytes
  await node.enqueue('orders', 'JOB0KHTOWnGLuC', 42);

  const outcomes: EnqueueOutcome[] = await cluster.enqueueMany('orders', [['JOB0KHTOWnGLuC', 'a']]);
  const library: Connection = await connect('redis://bridge:secret@127.0.0.1:6379', { scripts: 'functions' });
  // @ts-expect-error scripts are 'eval' or 'functions'
  await connect('redis://127.0.0.1:6379', { scripts: 'lua' });
  await loadLibrary(node.client);
  const sent = (await library.enqueueMany('orders', [['JOB0KHTOWnGLuC', 'a']])).sent;
  const command: Array<string | Uint8Array> | null = sent.command(0);
  const key: string | null = sent.key(0);
  const window: WindowCount = await library.countWindow('orders', 'stream.x', 1, 2, { count: 10, sample: 2 });
  await library.seed('orders', 'stream.x', 10, { fieldsAt: (i) => ({ i: String(i) }), snowflakeAt: (i) => BigInt(i) });
  await library.expire([key ?? ''], 3600);
  void [command, window, LIBRARY_CODE, SCRIPT_CALLS, library.scripts];
  for (const outcome of outcomes) {
    if (outcome.verdict === 'refused') {
      const error: Error = outcome.error;
      void error;
    } else {
      const id: string = outcome.id;
      void id;
    }
  }
  // @ts-expect-error an item is an [id, payload] pair
  await node.enqueueMany('orders', [{ id: 'JOB0KHTOWnGLuC', payload: 'a' }]);

  const row = await node.job('orders', 'JOB0KHTOWnGLuC');
  const state: string | undefined = row?.state;
  const bytes = await node.job('orders', 'JOB0KHTOWnGLuC', { buffers: true });
  const payload: Uint8Array | undefined = bytes?.payload;
  const ids: string[] = await node.pending('orders', { limit: 10 });

  const entryId: string = await node.append('orders', 'events', 1n << 22n, { field: 'value' });
  await node.append('orders', 'events', 2n << 22n, [['field', 'value']]);
  // @ts-expect-error Snowflakes are bigint
  await node.append('orders', 'events', 5, { field: 'value' });
  const entries: StreamEntry[] = await node.readWindow('orders', 'events', 1781000000010, 1781000000020, { count: 5 });

  const fence: FenceStatus = node.fence();
  const expected: 'echomq:4.0.0' = fence.expected;
  const state2: 'ok' | 'fenced' | 'unverified' = (await node.verifyFence()).state;
  const lastError: Error | null = node.lastError;
  void [verdict, state, payload, ids, entryId, entries, expected, state2, lastError, EXECUTORS, node.cluster];
  await node.close();
}

export function classify(error: unknown): string {
  if (error instanceof FenceError) return `${error.code} ${error.found ?? 'absent'} ${error.expected}`;
  if (error instanceof KindError) return `${error.code} ${error.serverText}`;
  if (error instanceof NonMonotonicError) return `${error.code} ${error.key} ${error.entryId}`;
  if (error instanceof ExecutorError) return error.code;
  if (error instanceof LibraryError) return `${error.code} ${error.serverText}`;
  return 'other';
}
