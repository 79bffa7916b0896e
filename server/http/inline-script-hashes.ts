import { createHash } from 'node:crypto';

/**
 * CSP sources (`'sha256-...'`) for every inline <script> (one without `src`) of an HTML page, so
 * the portal's own pre-paint script runs under `script-src 'self'` while injected scripts do not.
 * Hashes the exact text between the tags, as browsers do.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || match[2].trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}
