// What <branded-decode> tells a page about one id, without a DOM: the parse result plus the derived hash32,
// stream id and ISO time (the `branded-decode` event's detail).
import { parse, hash32, streamId } from '@echomq/branded';

/** What decoding one id tells a page: the parse result plus the derived hash32, stream id and ISO time. */
export function decodeDetail(id) {
  const p = parse(id);
  if (!p.ok) return { id, ok: false, error: p.error };
  return {
    id,
    ok: true,
    namespace: p.namespace,
    snowflake: p.snowflake,
    unixMs: p.unixMs,
    iso: new Date(p.unixMs).toISOString(),
    node: p.node,
    seq: p.seq,
    hash32: hash32(p.snowflake),
    streamId: streamId(p.snowflake),
  };
}
