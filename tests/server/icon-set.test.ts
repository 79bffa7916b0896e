/**
 * SPEC §9's icon set endpoint (ADR 372): GET /api/icons/tabler.json?icons=... answers the named
 * icons in Iconify JSON (an alias as the icon it names, unknown names in not_found), open and
 * cacheable; an unknown set is 404 and a malformed list 400, both the SPEC §8 envelope; the CSP
 * lets the portal reach the public icon service it falls back to. The route reads no database,
 * so PGlite only; pickIcons is checked over random name lists.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ICONS_PER_CALL } from '../../server/routes/icon-set-route.ts';
import { type IconifyJson, PUBLIC_ICON_SERVICE, pickIcons } from '../../server/services/icon-set.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

describe('GET /api/icons/{prefix}.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers the named Tabler icons in Iconify JSON, unknown names listed, without a session', async () => {
    const answer = await get('/api/icons/tabler.json?icons=layout-dashboard,upload,no-such-icon');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    const body = answer.json() as IconifyJson;
    expect(body.prefix).toBe('tabler');
    expect(body.width).toBe(24);
    expect(Object.keys(body.icons).sort()).toEqual(['layout-dashboard', 'upload']);
    expect(body.icons.upload.body).toMatch(/^<path /);
    expect(body.not_found).toEqual(['no-such-icon']);
  });

  it('answers an alias as the icon it names', async () => {
    const body = (await get('/api/icons/tabler.json?icons=123,number-123')).json() as IconifyJson;
    expect(body.icons['123']).toEqual(body.icons['number-123']);
    expect(body.not_found).toBeUndefined();
  });

  it('refuses an unknown set (404) and a malformed or too long list (400) with the envelope', async () => {
    const unknown = await get('/api/icons/no-such-set.json?icons=home');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 'error', code: 404, message: 'Unknown icon set.' });
    for (const url of [
      '/api/icons/tabler.json',
      '/api/icons/tabler.json?icons=',
      '/api/icons/tabler.json?icons=Home,<svg>',
      '/api/icons/tabler.svg?icons=home',
      `/api/icons/tabler.json?icons=${Array.from({ length: MAX_ICONS_PER_CALL + 1 }, (_, i) => `i${i}`).join(',')}`,
    ]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toMatchObject({ status: 'error', code: 400 });
    }
  });

  it('lets the portal reach the public icon service it falls back to (CSP connect-src)', async () => {
    const answer = await get('/api/icons/tabler.json?icons=home');
    expect(String(answer.headers['content-security-policy'])).toMatch(
      new RegExp(`connect-src 'self' ${PUBLIC_ICON_SERVICE.replace(/\./g, '\\.')}`),
    );
  });
});

describe('pickIcons', () => {
  const set: IconifyJson = {
    prefix: 'p',
    icons: { a: { body: '<a/>' }, b: { body: '<b/>', width: 16 } },
    aliases: { c: { parent: 'a' }, d: { parent: 'missing' } },
    width: 24,
    height: 24,
  };

  it('answers each name once: found as icon or alias, the rest in not_found', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e')), (names) => {
        const picked = pickIcons(set, names);
        const found = Object.keys(picked.icons);
        const missing = picked.not_found ?? [];
        expect(new Set([...found, ...missing])).toEqual(new Set(names));
        expect(found.filter((name) => missing.includes(name))).toEqual([]);
        for (const name of found) expect(picked.icons[name]).toBe(set.icons[name === 'c' ? 'a' : name]);
        expect(missing.every((name) => name === 'd' || name === 'e')).toBe(true);
      }),
    );
  });
});
