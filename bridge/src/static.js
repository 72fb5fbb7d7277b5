// Serves a folder read-only (GET/HEAD), never outside it: the explorer next to its bridge, one origin.
// Nothing whose name starts with a dot (`.env`, `.git/`) is served, nor anything whose real path (symlinks
// resolved) leaves the folder. The file is opened before the answer starts, so an open that fails (gone,
// EMFILE) is a clean 404 or 503, and a read that fails later ends only that response.
import { open, realpath } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

import { byteRange, etagOf, notModified } from './conditional.js';
import { policyKind, securityHeaders } from './guard.js';

const TYPES = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
});

/** The Content-Type a file is served with, by its extension. */
export const contentType = (path) => TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

/** No file can be opened now (EMFILE, ENFILE): the request is answered 503, not 404. */
export class StaticUnavailable extends Error {}

/** The file a URL path names inside root, or null for anything that could leave it or names a dotfile. */
export function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return null; // `..` and every dotfile
  const base = resolve(root);
  const target = resolve(join(base, decoded));
  return target === base || target.startsWith(base + sep) ? target : null;
}

const inside = (base, path) => path === base || path.startsWith(base + sep);

// The files a URL path may name, in order: the file itself, a folder's index.html, and (VitePress's clean
// URLs: /docs/gate is gate.html) the path with `.html` added. A path ending in `/` names a folder only.
function candidates(target, urlPath) {
  if (urlPath.endsWith('/')) return [join(target, 'index.html')];
  return [target, join(target, 'index.html'), `${target}.html`];
}

// An open handle on the first candidate whose real path lies inside root's, else null.
async function openInside(root, target, urlPath) {
  const base = await realpath(root);
  for (const candidate of candidates(target, urlPath)) {
    const real = await realpath(candidate).catch(() => null);
    if (real === null || !inside(base, real)) continue;
    let handle;
    try {
      handle = await open(real, 'r');
    } catch (error) {
      if (error.code === 'EMFILE' || error.code === 'ENFILE') throw new StaticUnavailable(error.code);
      continue;
    }
    const info = await handle.stat();
    if (info.isFile()) return { handle, path: real, size: info.size, etag: etagOf(info), mtime: info.mtime };
    await handle.close();
  }
  return null;
}

// What a 200 answer becomes under the request's conditions: 304 (not modified), 206 with one range, 416.
function conditionalAnswer(req, file, status) {
  if (status !== 200) return { status, range: null };
  if (notModified(req, file.etag)) return { status: 304, range: null };
  const range = byteRange(req, file.size, file.etag);
  if (range === 'unsatisfiable') return { status: 416, range: null };
  return { status: range === null ? 200 : 206, range };
}

// Answers with an opened file; a failed read ends this response (destroyed, so the client sees it cut).
async function sendFile(req, res, file, wanted) {
  const type = contentType(file.path);
  const { status, range } = conditionalAnswer(req, file, wanted);
  const length = { 304: 0, 416: 0, 206: range === null ? 0 : range.end - range.start + 1 }[status] ?? file.size;
  res.writeHead(status, {
    ...securityHeaders(policyKind(type)),
    'Content-Type': type,
    ...(status === 304 ? {} : { 'Content-Length': length }),
    'Cache-Control': 'no-cache',
    ETag: file.etag,
    'Last-Modified': file.mtime.toUTCString(),
    ...(wanted === 200 ? { 'Accept-Ranges': 'bytes' } : {}),
    ...(status === 206 ? { 'Content-Range': `bytes ${range.start}-${range.end}/${file.size}` } : {}),
    ...(status === 416 ? { 'Content-Range': `bytes */${file.size}` } : {}),
  });
  if (req.method === 'HEAD' || status === 304 || status === 416) {
    await file.handle.close();
    res.end();
    return;
  }
  const stream = file.handle.createReadStream(range === null ? {} : { start: range.start, end: range.end });
  await pipeline(stream, res).catch(() => res.destroy());
}

/**
 * Serves the file a URL path names inside root (for a folder, its index.html; see candidates): true once
 * answered, false when there is no such file and nothing was sent. Throws StaticUnavailable when it cannot
 * open one now.
 */
export async function serveStatic(root, req, res, urlPath) {
  const target = resolveInside(root, urlPath);
  if (target === null) return false;
  const file = await openInside(root, target, urlPath);
  if (file === null) return false;
  await sendFile(req, res, file, 200);
  return true;
}

/**
 * Answers 404 with the site's own page when the path's top folder has a 404.html (VitePress writes one under
 * its base, /docs/): true once answered, false when there is none.
 */
export async function serveNotFound(root, req, res, urlPath) {
  const top = /^\/([^/]+)\/./.exec(urlPath)?.[1];
  const target = top === undefined ? null : resolveInside(root, `/${top}/404.html`);
  if (target === null) return false;
  const file = await openInside(root, target, `/${top}/404.html`);
  if (file === null) return false;
  await sendFile(req, res, file, 404);
  return true;
}
