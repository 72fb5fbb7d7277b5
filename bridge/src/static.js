// Serves a folder read-only (GET/HEAD), never outside it: the explorer next to its bridge, one origin.
// Nothing whose name starts with a dot (`.env`, `.git/`) is served, nor anything whose real path (symlinks
// resolved) leaves the folder. The file is opened before the answer starts, so an open that fails (gone,
// EMFILE) is a clean 404 or 503, and a read that fails later ends only that response.
import { open, realpath } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

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

// An open handle on the file (or its folder's index.html) whose real path lies inside root's, else null.
async function openInside(root, target) {
  const base = await realpath(root);
  for (const candidate of [target, join(target, 'index.html')]) {
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
    if (info.isFile()) return { handle, path: real, size: info.size };
    await handle.close();
  }
  return null;
}

/**
 * Serves the file a URL path names inside root (for a folder, its index.html): true once answered, false
 * when there is no such file and nothing was sent. Throws StaticUnavailable when it cannot open one now.
 */
export async function serveStatic(root, req, res, urlPath) {
  const target = resolveInside(root, urlPath);
  if (target === null) return false;
  const file = await openInside(root, target);
  if (file === null) return false;
  const type = contentType(file.path);
  res.writeHead(200, {
    ...securityHeaders(policyKind(type)),
    'Content-Type': type,
    'Content-Length': file.size,
    'Cache-Control': 'no-cache',
  });
  if (req.method === 'HEAD') {
    await file.handle.close();
    res.end();
    return true;
  }
  // A failed read ends this response (destroyed, so the client sees it cut), never the process.
  await pipeline(file.handle.createReadStream(), res).catch(() => res.destroy());
  return true;
}
