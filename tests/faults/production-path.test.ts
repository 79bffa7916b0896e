/**
 * The production path (issue 39), as an operator runs it: the working tree copied to a temp
 * folder with node_modules (hard links), `npm run build`, `npm prune --omit=dev`, then the bundle
 * with plain Node and NODE_ENV=production on an embedded database: settings refused with one line,
 * no demo data, superadmin:create and db:backup while the server runs, request ids, probes,
 * metrics, the portal served, and SIGTERM during a slow request (readyz 503, the request is
 * answered, exit 0). One build for the whole file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open-database.ts';
import { startServerProcess } from '../helpers/server-process.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://portal.example.com' };

let app: string;
let work: string;

/** `npm run <args>` in the built copy: exit code, stdout and stderr. */
function npm(args: string[], env: Record<string, string>, input?: string) {
  const result = spawnSync('npm', ['run', '--silent', ...args], {
    cwd: app,
    env: { ...process.env, ...env },
    input,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'production-path-'));
  app = join(work, 'app');
  // The working tree as git sees it (tracked and new files, not ignored ones), then node_modules as hard links.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && existsSync(join(REPO_ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(app, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(app, file));
  }
  execFileSync('cp', ['-al', join(REPO_ROOT, 'node_modules'), join(app, 'node_modules')]);
  rmSync(join(app, 'node_modules/.cache'), { recursive: true, force: true });
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: app, stdio: 'pipe' });
  execFileSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], {
    cwd: app,
    stdio: 'pipe',
  });
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the production path', () => {
  it('is pruned of development tools, and npm start refuses a wrong setting with one line naming it', () => {
    expect(existsSync(join(app, 'node_modules/tsx'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/vite'))).toBe(false);
    const dataDir = join(work, 'refused');
    for (const [env, line] of [
      [
        { NODE_ENV: 'production' },
        /^Configuration error: PUBLIC_BASE_URL is required when NODE_ENV=production: /,
      ],
      [
        { ...PRODUCTION, PORT: 'abc' },
        /^Configuration error: PORT=abc is not valid: expected a whole number/,
      ],
      [
        { ...PRODUCTION, STRIPE_SECRET_KEY: 'pk_live_oops', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
        /^Configuration error: STRIPE_SECRET_KEY \(value hidden\) is not valid/,
      ],
    ] as const) {
      const run = npm(['start'], { ...env, DATA_DIR: dataDir });
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr.trim()).toMatch(line);
    }
    expect(existsSync(dataDir)).toBe(false);
  });

  it('serves the built portal with no demo data; superadmin:create and db:backup work while it runs; SIGTERM drains', async () => {
    const dataDir = join(work, 'data');
    const env = { ...PRODUCTION, DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '20000', METRICS_TOKEN: 'scrape' };
    const server = await startServerProcess(env, { bundle: join(app, 'dist/server/start.mjs') });
    try {
      expect(server.output()).not.toContain('demo1234');
      expect(await (await fetch(`${server.baseUrl}/healthz`)).json()).toEqual({ status: 'ok' });
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      const page = await fetch(`${server.baseUrl}/`);
      expect([page.status, (await page.text()).includes('<div id="root">')]).toEqual([200, true]);
      const demo = await server.post('auth/login', { email: 'superadmin@demo.test', password: 'demo1234' });
      expect(demo.statusCode).toBe(401);

      const created = npm(
        ['superadmin:create', '--', '--email', 'Owner@Agency.example'],
        env,
        'correct horse battery\n',
      );
      expect([created.status, created.stdout.trim()]).toEqual([
        0,
        'Created super-admin owner@agency.example (user 1).',
      ]);
      const login = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'first-login.1' },
        body: JSON.stringify({ email: 'owner@agency.example', password: 'correct horse battery' }),
      });
      expect([login.status, login.headers.get('x-request-id')]).toEqual([200, 'first-login.1']);
      const weak = npm(['superadmin:create', '--', '--email', 'second@agency.example'], env, 'short\n');
      expect(weak.status).toBe(1);

      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
      const metrics = await fetch(`${server.baseUrl}/metrics`, {
        headers: { authorization: 'Bearer scrape' },
      });
      expect(await metrics.text()).toMatch(
        /http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/login",status_code="200"\} 1/,
      );

      const backup = join(work, 'running.tgz');
      expect(npm(['db:backup', '--', '--out', backup], env).status).toBe(0);
      const restoredDir = join(work, 'restored');
      expect(npm(['db:restore', '--', '--in', backup], { ...env, DATA_DIR: restoredDir }).status).toBe(0);
      const refused = npm(['db:restore', '--', '--in', backup], { ...env, DATA_DIR: restoredDir });
      expect([refused.status, refused.stderr.trim()]).toEqual([
        1,
        `Not restored: ${restoredDir} is not empty; restore with --force to replace it.`,
      ]);
      const restored = await openDatabase({ dataDir: restoredDir });
      const users = await restored.db.query.users.findMany();
      await restored.close();
      expect(users.map((user) => [user.email, user.role])).toEqual([['owner@agency.example', 'super-admin']]);

      // A slow request: headers and half the body, the rest after SIGTERM.
      const body = JSON.stringify({ email: 'owner@agency.example', password: 'correct horse battery' });
      const socket = connect(server.port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      await new Promise((resolveWrite) =>
        socket.write(
          `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
          resolveWrite,
        ),
      );
      await new Promise((wait) => setTimeout(wait, 300));
      const stopped = server.stop();
      let readiness = 0;
      for (let tries = 0; tries < 100 && readiness !== 503; tries += 1) {
        readiness = (await fetch(`${server.baseUrl}/readyz`)).status;
        if (readiness !== 503) await new Promise((wait) => setTimeout(wait, 50));
      }
      expect(readiness).toBe(503);
      // write, not end: Node's HTTP server aborts a request whose client half-closes the socket.
      socket.write(body.slice(10));
      await new Promise((ended) => socket.once('close', ended));
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(await stopped).toBe(0);
      expect(server.output()).toContain('SIGTERM: drained, closing');
      expect(server.output()).toMatch(/"reqId":"first-login\.1".*"msg":"request completed"/);
    } finally {
      await server.kill();
    }
  });
});
