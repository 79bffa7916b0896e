/**
 * End-to-end harness: starts `server/start.ts` as a child process (tests/helpers/server-process.ts)
 * on its own copy of the run's seeded database (journey-database.ts), and opens Debian's Chromium
 * (chromium.ts). Screenshots go to test-results/. What sign-in calls answer to its pages
 * is recorded as issued, for the run's grep of the server logs (ADR 755).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContextOptions, Page, Response } from 'playwright-core';
import { inject } from 'vitest';
import { recordSecretsIn } from '../helpers/issued-secrets.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { launchChromium } from './chromium.ts';
import { journeyDatabase } from './journey-database.ts';
import { motionSettled, transitionsSettled } from './transitions-settled.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results');

/** Password of the seeded demo accounts (server/db/seed-demo-data.ts). */
export const DEMO_PASSWORD = 'demo1234';

/**
 * Whether the journeys save their screenshots: E2E_SCREENSHOTS `on` or `off`; by default on, and
 * off under CI=true, whose machine keeps no file of the run. A capture costs about 0.9 s of CPU
 * (browser, GPU and renderer), some 300 of them a run (ADR 776).
 */
export const SAVE_SCREENSHOTS =
  (process.env.E2E_SCREENSHOTS ?? (process.env.CI === 'true' ? 'off' : 'on')) === 'on';

export interface RunningPortal {
  baseUrl: string;
  browser: Browser;
  /** A page in a fresh 1440x900 context; `options` add to the context's (e.g. bypassCSP for axe-core). */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Signs `email` in through the login page (demo password unless given) and waits for the dashboard. */
  signIn(page: Page, email: string, password?: string): Promise<void>;
  /**
   * Waits for the page's transitions, scrolling, charts and images to settle (transitions-settled.ts),
   * then saves test-results/<name>.png, the whole page or only the viewport with `fullPage` false,
   * when SAVE_SCREENSHOTS; without, a journey still runs the same steps.
   */
  screenshot(page: Page, name: string, fullPage?: boolean): Promise<void>;
  /**
   * POST /api/<path> with a JSON body, as a script would call the API: the HTTP status and the
   * parsed envelope (ServerProcess.post; the secrets it answers join the issued ones, ADR 755).
   */
  post: ServerProcess['post'];
  /** Signs `email` in through POST /api/auth/login (demo password unless given); its session key. */
  sessionKeyOf(email: string, password?: string): Promise<string>;
  /** Everything the server wrote so far (pino JSON lines: each request's method and URL). */
  serverLog(): string;
  stop(): Promise<void>;
}

const CSP_VIOLATION = 'Content Security Policy violation:';

/** The calls whose answers can carry a secret: sign-ins, partner keys, webhook secrets. */
const ISSUING_CALL = /^\/api\/(auth|api-credentials|portal-settings)\//;

/**
 * Records the secrets (session keys, mfa tokens, recovery codes...) an issuing call answered to a
 * page as issued, for the run's grep of the server logs (tests/helpers/issued-secrets.ts, ADR 755);
 * other answers are not read.
 */
async function recordIssuedToPage(response: Response): Promise<void> {
  if (!ISSUING_CALL.test(new URL(response.url()).pathname)) return;
  recordSecretsIn(await response.text().catch(() => ''));
}

/**
 * The Content Security Policy violations `page` reports from its next navigation on (a blocked
 * eval, inline script or load): each document's `securitypolicyviolation` events, passed on through
 * the console (Chromium does not log a blocked `new Function` that the page catches). A journey that
 * ends with none ran under the server's real CSP, which has no 'unsafe-eval'
 * (docs/decisions/511-csp-without-unsafe-eval.md).
 */
export async function cspViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith(CSP_VIOLATION)) seen.push(message.text());
  });
  await page.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${prefix} ${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, CSP_VIOLATION);
  return seen;
}

/**
 * Starts the server on a seeded database of its own (journey-database.ts: a copy of the run's
 * PostgreSQL template, or of its PGlite data dir without TEST_DATABASE_URL; ADRs 560, 775),
 * serving the portal the e2e global setup built once for this run (tests/e2e/build-portal.ts), and
 * opens Chromium. `env` adds server settings (e.g. the SMS sink's file and signing token);
 * `serverStartMs` is the longest wait for the server to answer (startServerProcess's default when
 * omitted).
 */
export async function startPortal(
  env: NodeJS.ProcessEnv = {},
  serverStartMs?: number,
): Promise<RunningPortal> {
  const database = await journeyDatabase();
  const server = await startServerProcess(
    { ...env, ...database.env, PORTAL_DIR: inject('portalDir') },
    { timeoutMs: serverStartMs },
  );
  const browser = await launchChromium();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    baseUrl: server.baseUrl,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
      context.on('response', (response) => void recordIssuedToPage(response));
      return context.newPage();
    },
    async signIn(page, email, password = DEMO_PASSWORD) {
      await page.goto(`${server.baseUrl}/auth/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/dashboard$/);
    },
    async screenshot(page, name, fullPage = true) {
      await transitionsSettled(page);
      await motionSettled(page);
      if (SAVE_SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage });
    },
    post: server.post,
    async sessionKeyOf(email, password = DEMO_PASSWORD) {
      const login = await server.post('auth/login', { email, password });
      if (login.statusCode !== 200) throw new Error(`sign-in of ${email}: ${login.body.message}`);
      return login.body.data.session_key;
    },
    serverLog: () => server.output(),
    async stop() {
      await browser.close();
      await server.stop();
      await database.remove();
    },
  };
}
