/**
 * The session cookie of issue 38 "Keys out of URLs" (docs/decisions/748-session-cookie-for-links-and-streams.md):
 * set HttpOnly, SameSite=Strict on path /api by every answer that starts a session (login, MFA
 * verify, switch user and back) and by auth/me, Secure only over https; accepted by each GET
 * download and event stream, never by a POST call nor the video upload (which takes the
 * X-Session-Key header); cleared by logout and by ending one's own session; refused once the
 * session is expired, idle or revoked. On PGlite and PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionKey } from '../../../server/auth/session-key.ts';
import { sessions } from '../../../server/db/schema.ts';
import { SESSION_COOKIE, setSessionCookie } from '../../../server/http/session-cookie.ts';
import { addAccount } from '../helpers/add-account.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const WEBM = readFileSync(join(import.meta.dirname, '../../fixtures/tiny-video.webm'));

type Headers = Record<string, string | string[] | number | undefined>;

/** The session cookie an answer sets: its value and attributes, or null when it sets none. */
function cookieOf(headers: Headers): { value: string; attributes: string[] } | null {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const cookie = list.find((entry) => entry.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) return null;
  const [pair, ...attributes] = cookie.split(';').map((part) => part.trim());
  return { value: pair.slice(SESSION_COOKIE.length + 1), attributes };
}

/** The Cookie header a browser sends back for `key`. */
const cookieHeader = (key: string) => ({ cookie: `theme=dark; ${SESSION_COOKIE}=${key}` });

describe('the session cookie attributes', () => {
  it('is Secure only when the request came over https (through a trusted proxy)', async () => {
    const app = Fastify({ trustProxy: '127.0.0.1' });
    app.get('/api/probe', async (request, reply) => {
      setSessionCookie(request, reply, 'k');
      return 'ok';
    });
    const plain = cookieOf((await app.inject({ method: 'GET', url: '/api/probe' })).headers);
    const https = cookieOf(
      (await app.inject({ method: 'GET', url: '/api/probe', headers: { 'x-forwarded-proto': 'https' } }))
        .headers,
    );
    expect(plain?.attributes).toEqual(['Path=/api', 'Max-Age=43200', 'HttpOnly', 'SameSite=Strict']);
    expect(https?.attributes).toEqual([
      'Path=/api',
      'Max-Age=43200',
      'HttpOnly',
      'SameSite=Strict',
      'Secure',
    ]);
    await app.close();
  });
});

describe.each(DATABASE_KINDS)('the session cookie on %s', (kind) => {
  let t: TestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /** A login's answer: status, body and the cookie it set. */
  async function login(email: string) {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'demo1234' },
    });
    return { statusCode: answer.statusCode, body: answer.json(), cookie: cookieOf(answer.headers) };
  }

  /** POST /api/<path> with `body` and `headers`: status, body and the cookie it set. */
  async function post(path: string, body: object, headers: Record<string, string> = {}) {
    const answer = await t.app.inject({ method: 'POST', url: `/api/${path}`, payload: body, headers });
    return { statusCode: answer.statusCode, body: answer.json(), cookie: cookieOf(answer.headers) };
  }

  /** The GET downloads and streams, each with what a valid session of the demo admin gets. */
  const linkRoutes = () => {
    const [applicationId] = t.seed.applicationIds as number[];
    return [
      { url: '/api/files/999999', status: 404 },
      { url: '/api/resources/file/999999', status: 404 },
      { url: '/api/reporting/downloads/999999', status: 404 },
      { url: `/api/agent-portal/quote-events?application_id=${applicationId}`, status: 200 },
      { url: '/api/texting/events', status: 200 },
    ];
  };

  it('is set HttpOnly, SameSite=Strict on path /api by login, auth/me, switch-user and switch-back', async () => {
    const signedIn = await login('admin@demo.test');
    expect(signedIn.statusCode).toBe(200);
    const key = signedIn.body.data.session_key as string;
    expect(signedIn.cookie).toEqual({
      value: key,
      attributes: ['Path=/api', 'Max-Age=43200', 'HttpOnly', 'SameSite=Strict'],
    });
    expect((await post('auth/me', { session_key: key })).cookie?.value).toBe(key);

    const agent = await post('auth/me', { session_key: await t.loginAs('agent@demo.test') });
    const switched = await post('auth/switch-user', { session_key: key, user_id: agent.body.data.user.id });
    expect(switched.statusCode, switched.body.message).toBe(200);
    expect(switched.cookie?.value).toBe(switched.body.data.session_key);
    expect(switched.cookie?.value).not.toBe(key);
    const back = await post('auth/switch-back', {
      session_key: switched.body.data.session_key,
      previous_session_key: key,
    });
    expect(back.statusCode, back.body.message).toBe(200);
    expect(back.cookie?.value).toBe(key);

    const wrong = await post('auth/login', { email: 'admin@demo.test', password: 'not-the-password' });
    expect([wrong.statusCode, wrong.cookie]).toEqual([401, null]);
  });

  it('is set by auth/mfa/verify, not by the password step that asks for the second factor', async () => {
    serial += 1;
    const email = `cookie-mfa-${serial}-${kind}@demo.test`;
    await addAccount(t.db, { email, role: 'agent', companyName: `Cookie agency ${serial}` });
    const key = await t.loginAs(email);
    const enrolled = await t.post('auth/mfa/totp-enroll', { session_key: key });
    const secret = enrolled.body.data.secret as string;
    const now = Math.floor(Date.now() / 1000);
    const confirmed = await t.post('auth/mfa/totp-confirm', {
      session_key: key,
      code: await generate({ secret, epoch: now }),
    });
    expect(confirmed.statusCode, confirmed.body.message).toBe(200);
    const step = await login(email);
    expect(step.body.data.mfa_required).toBe(true);
    expect(step.cookie).toBeNull();
    // The confirming code's step is spent; the next one is accepted.
    const verified = await post('auth/mfa/verify', {
      mfa_token: step.body.data.mfa_token,
      code: await generate({ secret, epoch: now + 30 }),
    });
    expect(verified.statusCode, verified.body.message).toBe(200);
    expect(verified.cookie?.value).toBe(verified.body.data.session_key);
    expect(verified.cookie?.attributes).toContain('HttpOnly');
  });

  it('authenticates every GET download and event stream, as the query key does', async () => {
    const key = await t.loginAs('admin@demo.test');
    for (const route of linkRoutes()) {
      const withCookie = await get(route.url, cookieHeader(key));
      expect([route.url, withCookie.statusCode]).toEqual([route.url, route.status]);
      if (route.status === 200)
        expect(String(withCookie.headers['content-type'])).toMatch(/^text\/event-stream/);
      const separator = route.url.includes('?') ? '&' : '?';
      const withQuery = await get(`${route.url}${separator}session_key=${key}`);
      expect([route.url, withQuery.statusCode]).toEqual([route.url, route.status]);
      // Neither cookie nor key: the answer for a missing session, as before.
      const neither = await get(route.url);
      expect([route.url, neither.statusCode, neither.json().message]).toEqual([
        route.url,
        401,
        'Invalid Details',
      ]);
    }
  });

  it('is refused by POST calls and the video upload, which takes the X-Session-Key header instead', async () => {
    const key = await t.loginAs('admin@demo.test');
    for (const path of ['auth/me', 'agent-portal/get-agent-applications-list', 'auth/logout']) {
      const answer = await post(path, {}, cookieHeader(key));
      expect([path, answer.statusCode, answer.body.message]).toEqual([path, 401, 'Invalid Details']);
    }
    const upload = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/resources/upload-video',
        query: { file_name: 'cookie.webm' },
        headers: { 'content-type': 'video/webm', ...headers },
        payload: WEBM,
      });
    const byCookie = await upload(cookieHeader(key));
    expect([byCookie.statusCode, byCookie.json().message]).toEqual([401, 'Invalid Details']);
    const byHeader = await upload({ 'x-session-key': key });
    expect(byHeader.statusCode, byHeader.json().message).toBe(200);
    // The uploaded video plays from its file route with the cookie alone.
    const created = await t.post('resources/create', {
      session_key: key,
      kind: 'training_video',
      title: 'Cookie video',
      video_file_id: byHeader.json().data.video_file.id,
    });
    expect(created.statusCode, created.body.message).toBe(200);
    const played = await get(`/api/resources/file/${created.body.data.resource.id}`, cookieHeader(key));
    expect([played.statusCode, played.headers['content-type'], played.rawPayload.length]).toEqual([
      200,
      'video/webm',
      WEBM.length,
    ]);
  });

  it('is cleared by logout and by ending one’s own session, whose cookie is then refused', async () => {
    const cleared = ['Path=/api', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict'];
    const file = '/api/files/999999';

    const loggedIn = await t.loginAs('agent@demo.test');
    const logout = await post('auth/logout', { session_key: loggedIn });
    expect(logout.cookie).toEqual({ value: '', attributes: cleared });
    const afterLogout = await get(file, cookieHeader(loggedIn));
    expect([afterLogout.statusCode, afterLogout.json().message]).toEqual([401, 'Unauthenticated.']);

    const current = await t.loginAs('agent@demo.test');
    const other = await t.loginAs('agent@demo.test');
    const idOf = async (key: string) =>
      (
        await t.db
          .select()
          .from(sessions)
          .where(eq(sessions.key_hash, hashSessionKey(key)))
      )[0].id;
    // Ending another of one's sessions leaves this browser's cookie.
    const endOther = await post('auth/sessions/revoke', { session_key: current, id: await idOf(other) });
    expect([endOther.statusCode, endOther.cookie]).toEqual([200, null]);
    expect(endOther.body.data).toEqual({ revoked_id: await idOf(other) });
    const endCurrent = await post('auth/sessions/revoke', { session_key: current, id: await idOf(current) });
    expect(endCurrent.statusCode).toBe(200);
    expect(endCurrent.cookie).toEqual({ value: '', attributes: cleared });
    expect((await get(file, cookieHeader(current))).statusCode).toBe(401);

    const admin = await t.loginAs('admin@demo.test');
    const adminId = (await post('auth/me', { session_key: admin })).body.data.user.id;
    const agentId = (await post('auth/me', { session_key: await t.loginAs('agent@demo.test') })).body.data
      .user.id;
    const endAgents = await post('users/revoke-sessions', { session_key: admin, user_id: agentId });
    expect([endAgents.statusCode, endAgents.cookie]).toEqual([200, null]);
    const endOwn = await post('users/revoke-sessions', { session_key: admin, user_id: adminId });
    expect(endOwn.statusCode).toBe(200);
    expect(endOwn.cookie).toEqual({ value: '', attributes: cleared });
    expect((await get(file, cookieHeader(admin))).statusCode).toBe(401);
  });

  it('is refused for an expired or an idle session, as the key is', async () => {
    for (const change of [
      { expires_at: new Date(Date.now() - 1000) },
      { last_seen_at: new Date(Date.now() - 2 * 60 * 60_000) },
    ]) {
      const key = await t.loginAs('admin@demo.test');
      await t.db
        .update(sessions)
        .set(change)
        .where(eq(sessions.key_hash, hashSessionKey(key)));
      for (const route of linkRoutes()) {
        const answer = await get(route.url, cookieHeader(key));
        expect([route.url, answer.statusCode, answer.json().message]).toEqual([
          route.url,
          401,
          'Unauthenticated.',
        ]);
      }
    }
  });
});
