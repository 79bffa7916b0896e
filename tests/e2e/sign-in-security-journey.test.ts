/**
 * Issue 38, sign-in half, in Chromium: a user turns on two-step sign-in from the QR page of the
 * profile, signs in elsewhere with a code from the app (the second step), and in a third browser
 * with a recovery code; then sees the three sessions on the profile and ends one, then all the
 * others. No serious or critical axe violation on the new pages in light and dark mode.
 * Screenshots: two-step-qr-<mode>.png, recovery-codes-<mode>.png, second-step-<mode>.png,
 * sessions-<mode>.png.
 */
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe-violations.ts';
import { DEMO_PASSWORD, type RunningPortal, startPortal } from './harness.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';

/** The demo user each mode's journey turns two-step sign-in on for (demo users start without). */
const USERS = { light: 'agent@demo.test', dark: 'customer@demo.test' } as const;

describe('sign-in security in Chromium', () => {
  let portal: RunningPortal;

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  /** A page in `mode` of a fresh browser context, allowed to inject axe-core. */
  async function pageIn(mode: 'light' | 'dark'): Promise<Page> {
    const page = await portal.newPage({ bypassCSP: true });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      COLOR_SCHEME_KEY,
      mode,
    ] as const);
    return page;
  }

  /** The password step on `page`, which must answer the second step. */
  async function passwordStep(page: Page, email: string) {
    await page.goto(`${portal.baseUrl}/auth/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
  }

  for (const mode of ['light', 'dark'] as const) {
    it(`turns two-step sign-in on, signs in with a code and a recovery code, ends sessions (${mode})`, async () => {
      const email = USERS[mode];
      const first = await pageIn(mode);
      const second = await pageIn(mode);
      const third = await pageIn(mode);
      try {
        await portal.signIn(first, email);
        await first.goto(`${portal.baseUrl}/dashboard/profile`);
        await first.getByRole('button', { name: 'Set up authenticator app' }).click();
        await first.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
        const secret = (await first.getByTestId('totp-secret').innerText()).trim();
        expect(secret).toMatch(/^[A-Z2-7]{32}$/);
        expect(await seriousAxeViolations(first)).toEqual([]);
        await portal.screenshot(first, `two-step-qr-${mode}`);
        await first.getByLabel('2. Enter the 6-digit code the app shows').fill(await generate({ secret }));
        await first.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
        const list = first.getByRole('list', { name: 'Recovery codes' });
        await list.waitFor();
        const codes = (await list.innerText()).split(/\s+/).filter(Boolean);
        expect(codes.length).toBeGreaterThanOrEqual(8);
        expect(await seriousAxeViolations(first)).toEqual([]);
        await portal.screenshot(first, `recovery-codes-${mode}`);
        await first.getByRole('button', { name: 'I have saved my recovery codes' }).click();
        await first.getByText('Recovery codes left:').waitFor();

        // Elsewhere: the password alone gives the second step, and an app code completes it.
        await passwordStep(second, email);
        expect(await seriousAxeViolations(second)).toEqual([]);
        await portal.screenshot(second, `second-step-${mode}`);
        // The next 30-second step's code: the set-up used the current one, and a step counts once.
        const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
        await second.getByLabel('Authentication code').fill(next);
        await second.getByRole('button', { name: 'Verify' }).click();
        await second.waitForURL(/\/dashboard$/);

        // A third browser signs in with a recovery code.
        await passwordStep(third, email);
        await third.getByLabel('Authentication code').fill(codes[0]);
        await third.getByRole('button', { name: 'Verify' }).click();
        await third.waitForURL(/\/dashboard$/);

        // The second browser sees three sessions, ends one, then every other.
        await second.goto(`${portal.baseUrl}/dashboard/profile`);
        const sessions = second.getByRole('table', { name: 'Sessions' });
        await sessions.getByText('This browser').waitFor();
        await expect.poll(() => sessions.locator('tbody tr').count(), { timeout: 10_000 }).toBe(3);
        expect(await seriousAxeViolations(second)).toEqual([]);
        await portal.screenshot(second, `sessions-${mode}`);
        await sessions
          .getByRole('button', { name: /^Sign out / })
          .first()
          .click();
        await expect.poll(() => sessions.locator('tbody tr').count(), { timeout: 10_000 }).toBe(2);
        await second.getByRole('button', { name: 'Sign out everywhere else' }).click();
        await expect.poll(() => sessions.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
        // The ended sessions are signed out at their next call.
        for (const ended of [first, third]) {
          await ended.goto(`${portal.baseUrl}/dashboard/profile`);
          await ended.waitForURL(/\/auth\/login/);
        }
      } finally {
        for (const page of [first, second, third]) await page.context().close();
      }
    }, 240_000);
  }
});
