/** docs/api.md Auth and SPEC §8 auth errors, through app.inject on each database kind. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../../server/auth/session-key.ts';
import { DEFAULT_SIGN_IN_THROTTLE } from '../../server/auth/sign-in-throttle.ts';
import { login } from '../../server/services/sign-in-service.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

describe.each(DATABASE_KINDS)('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { signInThrottle: { accountMax: 3, addressMax: 50, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The session key of a demo admin's sign-in at `now` (demo users have no second factor). */
  async function adminKeyAt(now: Date = new Date()): Promise<string> {
    const client = { address: '127.0.0.1', userAgent: null };
    const answer = await login(t.db, 'admin@demo.test', 'demo1234', client, DEFAULT_SIGN_IN_THROTTLE, now);
    if (!('session_key' in answer)) throw new Error('the demo admin has no second factor');
    return answer.session_key;
  }

  it('logs in and answers the session key, user and company of docs/api.md', async () => {
    const { statusCode, body } = await t.post('auth/login', {
      email: 'Agent@Demo.test',
      password: 'demo1234',
    });
    expect(statusCode).toBe(200);
    expect(body.status).toBe('success');
    expect(body.code).toBe(200);
    expect(body.error_obj).toBeNull();
    expect(body.data.session_key).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.user).toMatchObject({
      email: 'agent@demo.test',
      role: 'agent',
      customer_id: null,
      mga_company: { name: 'Demo Agency' },
    });
    expect(body.data.user.agent.licensed_states).toEqual([
      'FL',
      'TX',
      'LA',
      'NJ',
      'NY',
      'SC',
      'NC',
      'GA',
      'AL',
      'MS',
    ]);
    expect(body.data.user.agent.licensed_states).not.toContain('CA');
    const expiry = new Date(body.data.user.eo_expiry).getTime();
    const days = (expiry - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(91);
    expect(body.data.company).toMatchObject({
      name: 'Demo Agency',
      has_active_subscription: true,
      is_trial_disabled: false,
    });
    expect(Array.isArray(body.data.company.permissions)).toBe(true);
  });

  it('seeds the four demo roles', async () => {
    for (const [email, role] of [
      ['superadmin@demo.test', 'super-admin'],
      ['admin@demo.test', 'admin'],
      ['customer@demo.test', 'customer'],
    ]) {
      const { body } = await t.post('auth/login', { email, password: 'demo1234' });
      expect(body.data.user.role).toBe(role);
      expect(body.data.user.agent).toBeNull();
    }
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const wrong = await t.post('auth/login', { email: 'admin@demo.test', password: 'nope-nope' });
    const unknown = await t.post('auth/login', { email: 'nobody@demo.test', password: 'demo1234' });
    for (const result of [wrong, unknown]) {
      expect(result.statusCode).toBe(401);
      expect(result.body).toMatchObject({
        status: 'error',
        code: 401,
        message: 'Invalid email or password.',
        data: null,
      });
    }
  });

  it('rate-limits repeated failures per e-mail with the 429 envelope', async () => {
    const email = 'limited@demo.test';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await t.post('auth/login', { email, password: 'x' })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await t.post('auth/login', { email, password: 'x' });
    expect(limited.body).toMatchObject({
      status: 'error',
      code: 429,
      message: 'Too many login attempts. Try again later.',
    });
    // Another e-mail from the same IP has its own budget.
    expect(
      (await t.post('auth/login', { email: 'customer@demo.test', password: 'demo1234' })).statusCode,
    ).toBe(200);
  });

  it('me answers the account without a new key', async () => {
    const key = await adminKeyAt();
    const { statusCode, body } = await t.post('auth/me', { session_key: key });
    expect(statusCode).toBe(200);
    expect(body.data.session_key).toBeUndefined();
    expect(body.data.user.email).toBe('admin@demo.test');
  });

  it('answers Invalid Details without a key and Unauthenticated. for an unknown key', async () => {
    const missing = await t.post('auth/me', {});
    expect(missing.statusCode).toBe(401);
    expect(missing.body.message).toBe('Invalid Details');
    const empty = await t.post('agent-portal/get-application-by-id', { session_key: '', application_id: 1 });
    expect(empty.body.message).toBe('Invalid Details');
    const unknown = await t.post('auth/me', { session_key: 'f'.repeat(64) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body.message).toBe('Unauthenticated.');
  });

  it('revokes the key on logout', async () => {
    const key = await adminKeyAt();
    expect((await t.post('auth/logout', { session_key: key })).statusCode).toBe(200);
    const after = await t.post('auth/me', { session_key: key });
    expect(after.statusCode).toBe(401);
    expect(after.body.message).toBe('Unauthenticated.');
  });

  it('expires a key 12 hours after login', async () => {
    const longAgo = new Date(Date.now() - SESSION_TTL_MS - 1000);
    const expired = await adminKeyAt(longAgo);
    const result = await t.post('auth/me', { session_key: expired });
    expect(result.statusCode).toBe(401);
    expect(result.body.message).toBe('Unauthenticated.');
    const recent = await adminKeyAt(new Date(Date.now() - SESSION_TTL_MS + 60_000));
    expect((await t.post('auth/me', { session_key: recent })).statusCode).toBe(200);
  });

  it('stores only the hash of a session key', async () => {
    const key = await adminKeyAt();
    const { rowsOf } = await import('../../server/db/database.ts');
    const { sql } = await import('drizzle-orm');
    const rows = rowsOf<{ n: number }>(
      await t.db.execute(sql`SELECT count(*)::int AS n FROM sessions WHERE key_hash = ${key}`),
    );
    expect(Number(rows[0].n)).toBe(0);
  });

  it('answers a bad login body with 400, never 500', async () => {
    const result = await t.post('auth/login', { email: 'admin@demo.test' });
    expect(result.statusCode).toBe(400);
    expect(result.body.message).toBe('Invalid request: body.password is required');
    expect(result.body.error_obj).toEqual({ 'body.password': 'body.password is required' });
  });
});
