// Serves a folder read-only (GET/HEAD), never outside it: the explorer next to its bridge, one origin.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.wasm': 'application/wasm', '.txt': 'text/plain; charset=utf-8', '.map': 'application/json',
  '.webmanifest': 'application/manifest+json', '.woff2': 'font/woff2',
};

// The file a URL path names inside root, or null for anything that could leave it.
export function resolveInside(root, urlPath) {
  let decoded;
  try { decoded = decodeURIComponent(urlPath); } catch { return null; }
  if (decoded.includes('\0') || decoded.split('/').includes('..')) return null;
  const base = resolve(root);
  const target = resolve(join(base, decoded));
  return target === base || target.startsWith(base + sep) ? target : null;
}

async function fileFor(root, urlPath) {
  const target = resolveInside(root, urlPath);
  if (target === null) return null;
  const info = await stat(target).catch(() => null);
  if (info?.isFile()) return { path: target, size: info.size };
  if (!info?.isDirectory()) return null;
  const index = join(target, 'index.html');
  const indexInfo = await stat(index).catch(() => null);
  return indexInfo?.isFile() ? { path: index, size: indexInfo.size } : null;
}

export async function serveStatic(root, req, res, urlPath) {
  const file = await fileFor(root, urlPath);
  if (file === null) return false;
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': file.size,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file.path).pipe(res);
  return true;
}
