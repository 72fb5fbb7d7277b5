// Revalidation and ranges for static files (RFC 9110 §13, §14): an ETag and Last-Modified on every file, 304
// for an If-None-Match that names it, and one byte range (206) for a Range header, so a client revalidating
// the explorer's wasm and scripts (served `no-cache`) gets a 304 instead of the whole file again.

/** A file's validator: weak, from its size and modification time (W/"<size hex>-<mtime ms hex>"). */
export const etagOf = (info) => `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;

/** Whether an If-None-Match header names this ETag (weak comparison; `*` names any). */
export function notModified(req, etag) {
  const header = req.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  const bare = (tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * The one byte range a Range header asks of a file of `size` bytes: {start, end} (inclusive), 'unsatisfiable'
 * (416), or null to send the whole file (no header, not bytes, several ranges, or an If-Range that is not this
 * ETag).
 */
export function byteRange(req, size, etag) {
  const header = req.headers.range;
  if (typeof header !== 'string') return null;
  const ifRange = req.headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag) return null;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (match === null || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
