/** ZIP look-up, working hour, OpenAPI, unknown paths, security headers and the SPA fallback. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const INLINE = "document.documentElement.dataset.mode = 'light';";

describe('utility routes (PGlite)', () => {
  let t: TestApp;
  let key: string;
  let portalDir: string;

  beforeAll(async () => {
    portalDir = mkdtempSync(join(tmpdir(), 'portal-static-'));
    mkdirSync(join(portalDir, 'assets'));
    writeFileSync(
      join(portalDir, 'index.html'),
      `<!doctype html><title>portal</title><script>${INLINE}</script><script type="module" src="/assets/app.js"></script>`,
    );
    writeFileSync(join(portalDir, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestApp('pglite', { portalDir });
    key = await t.loginAs('agent@demo.test');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(portalDir, { recursive: true, force: true });
  });

  it('looks up 33139 as Miami Beach, FL, Miami-Dade', async () => {
    const { statusCode, body } = await t.post('address/zip-lookup', { session_key: key, zip: '33139' });
    expect(statusCode).toBe(200);
    expect(body.data).toMatchObject({ zip: '33139', city: 'Miami Beach', state: 'FL', county: 'Miami-Dade' });
    expect(body.data.lat).toBeCloseTo(25.79, 1);
    expect(body.data.lng).toBeCloseTo(-80.15, 1);
  });

  it('answers 404 for an unknown ZIP, 400 for a malformed one, 401 without a session', async () => {
    expect((await t.post('address/zip-lookup', { session_key: key, zip: '00000' })).statusCode).toBe(404);
    expect((await t.post('address/zip-lookup', { session_key: key, zip: '3313' })).statusCode).toBe(400);
    expect((await t.post('address/zip-lookup', { zip: '33139' })).body.message).toBe('Invalid Details');
  });

  it('answers isItWorkingHour on GET and POST', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/is-it-working-hour' });
    expect(get.statusCode).toBe(200);
    expect(typeof get.json().data.isItWorkingHour).toBe('boolean');
    const post = await t.post('is-it-working-hour', {});
    expect(post.body.data.isItWorkingHour).toBe(get.json().data.isItWorkingHour);
  });

  it('publishes the OpenAPI document with every call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/agent-portal/get-agent-applications-list',
      '/api/agent-portal/get-application-by-id',
      '/api/agent-portal/create-new-application',
      '/api/agent-portal/update-application',
      '/api/agent-portal/launch-application',
      '/api/agent-portal/reset-application',
      '/api/agent-portal/toggle-application-alert-note',
      '/api/agent-portal/delete-application-by-id',
      '/api/address/zip-lookup',
      '/api/is-it-working-hour',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('answers unknown /api paths with the 404 envelope and other paths with the portal', async () => {
    const api = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 'error', code: 404 });
    const apiGet = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(apiGet.statusCode).toBe(404);
    expect(apiGet.json().status).toBe('error');
    const spa = await t.app.inject({ method: 'GET', url: '/agent-portal/application-details/42' });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<title>portal</title>');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
  });

  it('sends security headers with a CSP that allows the portal', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    // The page's own inline script is allowed by its hash, and nothing else inline.
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    // No eval: the browser's field validators are built ahead or interpreted (docs/decisions/511).
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers a wrong content type or bad JSON with a 4xx envelope', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().status).toBe('error');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Invalid request: /);
  });
});
