/**
 * End-to-end harness: starts `server/start.ts` as a child process on a free
 * port with a fresh embedded database, and opens Debian's Chromium through playwright-core.
 * Never downloads a browser. Screenshots go to test-results/.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results');

/** Flags for headless Chromium on machines with no network but the loopback. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface RunningPortal {
  baseUrl: string;
  browser: Browser;
  newPage(): Promise<Page>;
  /** Saves test-results/<name>.png: the whole page, or only the viewport with `fullPage` false. */
  screenshot(page: Page, name: string, fullPage?: boolean): Promise<string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForServer(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/is-it-working-hour`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the server on an empty data dir, serving the portal the e2e global setup built once for
 * this run (tests/e2e/build-portal.ts), and opens Chromium.
 */
export async function startPortal(): Promise<RunningPortal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PORTAL_DIR: inject('portalDir'),
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/start.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  await waitForServer(baseUrl, child, () => log, 120_000);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    baseUrl,
    browser,
    async newPage() {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      return context.newPage();
    },
    async screenshot(page, name, fullPage = true) {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage });
      return path;
    },
    async stop() {
      await browser.close();
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
