/**
 * Secrets out of logs and caches (issue 38; docs/decisions/722-secrets-out-of-logs.md): the one
 * redaction of URLs (a fast-check property: no secret parameter's value survives, every other byte
 * does); a server whose log is captured while keys travel in URLs (files, event streams, billing
 * portal, the SPA's reset and quote-view links), in the session cookie and the upload's
 * X-Session-Key header (ADR 748), and the local mail sink keeps a reset mail: the
 * log holds none of the issued session keys nor the reset token; every API answer of every
 * operation of the OpenAPI document carries `Cache-Control: no-store`, but for the public assets.
 * On PGlite and PostgreSQL.
 */
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl, redactUrlsInText, SECRET_QUERY_PARAMETERS } from '../../../server/http/redact-url.ts';
import { SESSION_COOKIE } from '../../../server/http/session-cookie.ts';
import { apiEndpoints } from '../helpers/api-endpoints.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('redactUrl', () => {
  it('replaces the value of every secret parameter and keeps every other byte', () => {
    const value = fc.stringMatching(/^[A-Za-z0-9%._~-]{1,40}$/);
    const plainName = fc
      .stringMatching(/^[a-z_]{1,12}$/)
      .filter((name) => !SECRET_QUERY_PARAMETERS.has(name));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), plainName, fc.constantFrom(...SECRET_QUERY_PARAMETERS), value), {
          maxLength: 6,
        }),
        (parts) => {
          const query = parts.map(([secret, plain, name, v]) => `${secret ? name : plain}=${v}`).join('&');
          const url = `/api/files/7?${query}#top`;
          const redacted = redactUrl(url);
          const expected = parts
            .map(([secret, plain, name, v]) => (secret ? `${name}=[redacted]` : `${plain}=${v}`))
            .join('&');
          expect(redacted).toBe(`/api/files/7?${expected}#top`);
        },
      ),
    );
    expect(redactUrl('/api/agent-portal/quote-events?Session_Key=abc&application_id=4')).toBe(
      '/api/agent-portal/quote-events?Session_Key=[redacted]&application_id=4',
    );
    expect(redactUrl('/dashboard')).toBe('/dashboard');
    expect(
      redactUrlsInText('Reset: http://localhost:3000/auth/reset-password?token=s3cr3t&invite=1 now'),
    ).toBe('Reset: http://localhost:3000/auth/reset-password?token=[redacted]&invite=1 now');
  });
});

/** Public assets: the only API answers a browser may cache. */
const PUBLIC_ASSETS = new Set([
  'GET /api/company-logos/{company_id}',
  'GET /api/icons/{file}',
  'GET /api/carriers/files/{file}',
]);

describe.each(DATABASE_KINDS)('keys out of logs and caches on %s', (kind) => {
  let t: TestApp;
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });

  beforeAll(async () => {
    t = await startTestApp(kind, {
      logger: { level: 'info', stream },
      accounts: { mailSink: true, smtpUrl: null },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('logs no issued session key and no reset token, though they travelled in URLs and mails', async () => {
    const keys = [await t.loginAs('agent@demo.test'), await t.loginAs('admin@demo.test')];
    const [applicationId] = t.seed.applicationIds as number[];
    for (const key of keys) {
      const query = `session_key=${encodeURIComponent(key)}`;
      await t.app.inject({ method: 'GET', url: `/api/files/999999?${query}` });
      await t.app.inject({ method: 'GET', url: `/api/texting/events?${query}` });
      await t.app.inject({
        method: 'GET',
        url: `/api/agent-portal/quote-events?${query}&application_id=${applicationId}`,
      });
      await t.app.inject({ method: 'GET', url: `/api/billing-portal?${query}` });
      // The ways the portal sends it (ADR 748): the session cookie and the upload's header.
      const cookie = { cookie: `${SESSION_COOKIE}=${key}` };
      await t.app.inject({ method: 'GET', url: '/api/files/999999', headers: cookie });
      await t.app.inject({ method: 'GET', url: '/api/texting/events', headers: cookie });
      await t.app.inject({
        method: 'GET',
        url: `/api/agent-portal/quote-events?application_id=${applicationId}`,
        headers: cookie,
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/resources/upload-video?file_name=empty.webm',
        headers: { 'content-type': 'video/webm', 'x-session-key': key },
        payload: Buffer.alloc(0),
      });
    }
    expect((await t.post('auth/forgot-password', { email: 'agent@demo.test' })).statusCode).toBe(200);
    const mail = await t.app.mailSink?.waitFor((message) =>
      /reset-password\?token=/.test(message.text ?? ''),
    );
    const token = /token=([^&\s]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(10);
    await t.app.inject({ method: 'GET', url: `/auth/reset-password?token=${token}` });
    await expect.poll(() => logLines.join('').includes('mail kept by the local SMTP sink')).toBe(true);

    const log = logLines.join('');
    expect(log).toContain('session_key=[redacted]');
    expect(log).toContain('token=[redacted]');
    for (const secret of [...keys, token, decodeURIComponent(token)])
      expect(log.includes(secret), secret).toBe(false);
  });

  it('answers Cache-Control: no-store on every operation of the OpenAPI document but the public assets', async () => {
    const key = await t.loginAs('admin@demo.test');
    const problems: string[] = [];
    for (const endpoint of apiEndpoints(t.app)) {
      const name = `${endpoint.method} ${endpoint.path}`;
      const url = endpoint.path.replace(/\{[a-z_]+\}/g, '1');
      const answer =
        endpoint.method === 'GET'
          ? await t.app.inject({ method: 'GET', url, query: { session_key: key } })
          : await t.app.inject({ method: endpoint.method as 'POST', url, payload: { session_key: key } });
      const header = String(answer.headers['cache-control'] ?? '');
      const cacheable = PUBLIC_ASSETS.has(name) && answer.statusCode < 300;
      if (cacheable ? !header.startsWith('public') : !header.includes('no-store'))
        problems.push(`${name} ${answer.statusCode}: cache-control "${header}"`);
    }
    expect(problems).toEqual([]);
    // Answers full of PII, answered successfully, are not stored either (a fresh key: the loop logged out).
    const fresh = await t.loginAs('admin@demo.test');
    const [applicationId] = t.seed.applicationIds as number[];
    for (const [path, body] of [
      ['agent-portal/get-application-by-id', { application_id: applicationId }],
      ['agent-portal/get-agent-applications-list', {}],
      ['users/list', {}],
      ['audit/list', {}],
    ] as const) {
      const answer = await t.post(path, { session_key: fresh, ...body });
      expect([path, answer.statusCode, answer.headers['cache-control']]).toEqual([path, 200, 'no-store']);
    }
  }, 120_000);
});
