/**
 * How long a browser keeps the portal's files (SPEC §9 speed; ADR 780). Vite names every file under
 * `assets/` by a hash of its content, so a changed file is a new name: those are kept a year and
 * never revalidated (`immutable`). Every other file (index.html, which names the current assets,
 * build-meta.json, which the running portal polls for a newer build) is revalidated on each load
 * (`no-cache`), so a deploy reaches every agent on their next load. Before, every file was sent
 * `max-age=0`: each page load asked again for each of its some 50 files, for a 304 each.
 */
import { relative, sep } from 'node:path';

/** Cache-Control of Vite's content-hashed files. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of every other portal file. */
export const PORTAL_FILE_CACHE = 'no-cache';

/** The folder, inside the portal build, of Vite's content-hashed files. */
const HASHED_ASSETS_DIR = `assets${sep}`;

/**
 * @fastify/static's `setHeaders`: sets `reply`'s Cache-Control for the portal file at `filePath`
 * (absolute) under `portalDir`.
 */
export function portalCacheHeaders(portalDir: string) {
  return (reply: { header(name: string, value: string): unknown }, filePath: string): void => {
    const hashed = relative(portalDir, filePath).startsWith(HASHED_ASSETS_DIR);
    reply.header('cache-control', hashed ? HASHED_ASSET_CACHE : PORTAL_FILE_CACHE);
  };
}
