/**
 * Sessions and headers (issue 5): a session key aged past its expiry in the database, or revoked
 * (in the database, by logout, by a password change, by deleting the user), answers 401 on every
 * kind of call; login is rate-limited per IP and e-mail; and the security headers (CSP with
 * frame-ancestors, nosniff, ...) are on every answer: the SPA index, a client-route fallback, a
 * static asset, API successes, errors, 404, 413 and 429.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../../server/app.ts';
import { hashSessionKey } from '../../../server/auth/session-key.ts';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../../server/auth/sign-in-throttle.ts';
import { inlineScriptHashes } from '../../../server/http/inline-script-hashes.ts';
import { HASHED_ASSET_CACHE, PORTAL_FILE_CACHE } from '../../../server/http/portal-cache-headers.ts';
import { addAccount } from '../helpers/add-account.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Login attempts per IP and e-mail and minute here; every login counts, so tests spread e-mails. */
const LOGIN_LIMIT = 4;

/** A tiny built portal: an index with the pre-paint inline script, one hashed asset, the build's manifest. */
function tinyPortal(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-headers-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script>document.documentElement.dataset.mode="light"</script>' +
      '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets/index-abc123.js'), 'console.log("portal");\n');
  writeFileSync(join(dir, 'build-meta.json'), '{"id":"b1"}\n');
  return dir;
}

/** The headers every answer must carry (helmet's set as configured in server/app.ts). */
function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives.get('frame-ancestors'), `${what}: ${csp}`).toEqual(["'self'"]);
  expect(directives.get('default-src'), what).toEqual(["'self'"]);
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  expect(directives.get('base-uri'), what).toEqual(["'self'"]);
  expect(directives.get('form-action'), what).toEqual(["'self'"]);
  expect(directives.get('script-src'), what).not.toContain("'unsafe-inline'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(headers['x-powered-by'], what).toBeUndefined();
}

describe.each(DATABASE_KINDS)('sessions and headers on %s', (kind) => {
  let t: TestApp;
  let portalDir: string;
  beforeAll(async () => {
    portalDir = tinyPortal();
    t = await startTestApp(kind, {
      portalDir,
      signInThrottle: { accountMax: LOGIN_LIMIT, addressMax: 50, windowMs: 60_000 },
      accounts: { mailSink: false },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(portalDir, { recursive: true, force: true });
  });

  /** Sets a column of the session of `key` to now() + `offset` (an SQL interval). */
  async function setSessionTime(key: string, column: 'expires_at' | 'revoked_at', offset: string) {
    await t.db.execute(
      sql`UPDATE sessions SET ${sql.raw(column)} = now() + ${offset}::interval WHERE key_hash = ${hashSessionKey(key)}`,
    );
  }

  /** Status and message of the three kinds of authenticated call: account, application, file. */
  async function answersOf(key: string) {
    const me = await t.post('auth/me', { session_key: key });
    const list = await t.post('agent-portal/get-agent-applications-list', { session_key: key });
    const file = await t.app.inject({ method: 'GET', url: '/api/files/1', query: { session_key: key } });
    return [
      [me.statusCode, me.body.message],
      [list.statusCode, list.body.message],
      [file.statusCode, file.json().message],
    ];
  }
  const UNAUTHENTICATED = [
    [401, 'Unauthenticated.'],
    [401, 'Unauthenticated.'],
    [401, 'Unauthenticated.'],
  ];

  it('answers 401 once a session has expired in the database, and not while it is still valid', async () => {
    const key = await t.loginAs('agent@demo.test');
    await setSessionTime(key, 'expires_at', '5 minutes');
    expect((await answersOf(key)).map(([status]) => status)).toEqual([200, 200, 404]);
    await setSessionTime(key, 'expires_at', '-1 second');
    expect(await answersOf(key)).toEqual(UNAUTHENTICATED);
  });

  it('answers 401 for a session revoked in the database', async () => {
    const key = await t.loginAs('otheradmin@demo.test');
    expect((await answersOf(key)).map(([status]) => status)).toEqual([200, 200, 404]);
    await setSessionTime(key, 'revoked_at', '0 seconds');
    expect(await answersOf(key)).toEqual(UNAUTHENTICATED);
  });

  it('logout revokes the key: the same key answers 401 after, and logging out again too', async () => {
    const key = await t.loginAs('agent@demo.test');
    const other = await t.loginAs('agent@demo.test');
    expect((await t.post('auth/me', { session_key: key })).statusCode).toBe(200);
    const out = await t.post('auth/logout', { session_key: key });
    expect(out.statusCode).toBe(200);
    expect(await answersOf(key)).toEqual(UNAUTHENTICATED);
    expect((await t.post('auth/logout', { session_key: key })).statusCode).toBe(401);
    // Only that session: the user's other session still works.
    expect((await t.post('auth/me', { session_key: other })).statusCode).toBe(200);
  });

  it('a password change revokes the other sessions of the user, not the one that made it', async () => {
    const email = `sessions-${kind}@demo.test`;
    await addAccount(t.db, { email, role: 'agent', companyId: t.seed.companyId as number });
    const elsewhere = await t.loginAs(email);
    const here = await t.loginAs(email);
    expect((await t.post('auth/me', { session_key: elsewhere })).statusCode).toBe(200);
    const changed = await t.post('auth/change-password', {
      session_key: here,
      current_password: 'demo1234',
      password: 'a-new-password-1',
    });
    expect(changed.statusCode, changed.body.message).toBe(200);
    expect(await answersOf(elsewhere)).toEqual(UNAUTHENTICATED);
    expect((await t.post('auth/me', { session_key: here })).statusCode).toBe(200);
  });

  it('deleting a user revokes its sessions', async () => {
    const email = `deleted-${kind}@demo.test`;
    const { userId } = await addAccount(t.db, {
      email,
      role: 'customer',
      companyId: t.seed.companyId as number,
    });
    const key = await t.loginAs(email);
    expect((await t.post('auth/me', { session_key: key })).statusCode).toBe(200);
    const admin = await t.loginAs('admin@demo.test');
    const deleted = await t.post('users/delete', { session_key: admin, user_id: userId });
    expect(deleted.statusCode, deleted.body.message).toBe(200);
    expect(await answersOf(key)).toEqual(UNAUTHENTICATED);
  });

  it(`rate-limits login: ${LOGIN_LIMIT} attempts, then 429 even with the right password`, async () => {
    const email = 'otheragent@demo.test';
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT; i++)
      codes.push((await t.post('auth/login', { email, password: 'wrong-password' })).statusCode);
    const limited = await t.post('auth/login', { email, password: 'demo1234' });
    expect(codes).toEqual(Array(LOGIN_LIMIT).fill(401));
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toMatchObject({ status: 'error', code: 429, message: TOO_MANY_ATTEMPTS_MESSAGE });
    expect(limited.body.data?.session_key).toBeUndefined();
    expectSecurityHeaders(limited.headers, 'a 429');
    // The limit counts the e-mail case-insensitively, so changing case does not get around it.
    const shouted = await t.post('auth/login', { email: email.toUpperCase(), password: 'demo1234' });
    expect(shouted.statusCode).toBe(429);
  });

  it('puts the security headers on the SPA index, a client route, an asset and its inline-script hash in the CSP', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    const route = await t.app.inject({ method: 'GET', url: '/applications/42?tab=quotes' });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<div id="root">');
    expect(route.statusCode).toBe(200);
    expect(route.body).toBe(index.body);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    for (const [what, answer] of [
      ['index', index],
      ['client route', route],
      ['asset', asset],
    ] as const) {
      expectSecurityHeaders(answer.headers, what);
    }
    const [hash] = inlineScriptHashes(index.body);
    const csp = String(index.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${hash};`);
    expect(csp).not.toContain('unsafe-eval');
  });

  it('keeps the hashed assets a year unrevalidated, and revalidates the index, client routes and the build manifest', async () => {
    const answers = {
      index: await t.app.inject({ method: 'GET', url: '/' }),
      'client route': await t.app.inject({ method: 'GET', url: '/dashboard' }),
      'build manifest': await t.app.inject({ method: 'GET', url: '/build-meta.json' }),
      asset: await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' }),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.statusCode, what).toBe(200);
      expect(answer.headers['cache-control'], what).toBe(
        what === 'asset' ? HASHED_ASSET_CACHE : PORTAL_FILE_CACHE,
      );
    }
    expect(HASHED_ASSET_CACHE).toContain('immutable');
    expect(PORTAL_FILE_CACHE).toBe('no-cache');
  });

  it('puts the security headers on API successes, errors, 404, bad JSON, oversized bodies and a URL that is not UTF-8', async () => {
    const key = await t.loginAs('customer@demo.test');
    const answers = {
      success: await t.app.inject({ method: 'POST', url: '/api/auth/me', payload: { session_key: key } }),
      'GET success': await t.app.inject({ method: 'GET', url: '/api/is-it-working-hour' }),
      401: await t.app.inject({ method: 'POST', url: '/api/auth/me', payload: {} }),
      403: await t.app.inject({
        method: 'POST',
        url: '/api/agent-portal/get-agent-applications-list',
        payload: { session_key: key },
      }),
      'unknown API path': await t.app.inject({ method: 'POST', url: '/api/no-such-call', payload: {} }),
      'unknown GET API path': await t.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      'schema error': await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 1 } }),
      'bad JSON': await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      'oversized body': await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(BODY_LIMIT_BYTES), password: 'x' }),
      }),
      'OpenAPI document': await t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
      // Answered before any hook runs (Fastify's frameworkErrors).
      'URL not UTF-8': await t.app.inject({ method: 'GET', url: '/api/files/%ED%A0%80' }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([what, a]) => [what, a.statusCode]))).toEqual({
      success: 200,
      'GET success': 200,
      401: 401,
      403: 403,
      'unknown API path': 404,
      'unknown GET API path': 404,
      'schema error': 400,
      'bad JSON': 400,
      'oversized body': 413,
      'OpenAPI document': 200,
      'URL not UTF-8': 400,
    });
    for (const [what, answer] of Object.entries(answers)) {
      expectSecurityHeaders(answer.headers, what);
      if (answer.statusCode >= 400) expect(answer.json(), what).toMatchObject({ status: 'error' });
    }
  });
});
