/**
 * Issue 38, passkeys (docs/decisions/754-passkeys-as-a-second-factor.md), in Chromium with a CDP
 * virtual authenticator (a platform authenticator with user verification): a user adds a passkey
 * on the profile, signs out, and at the next sign-in finishes the second step with "Use a passkey";
 * a signature the server does not recognise first shows the refusal in words, the next try signs
 * in; with the authenticator app set up too, the step offers the passkey beside the code field;
 * then removes the passkey. A first passkey shows its recovery codes once, and one of them signs in
 * in its place (ADR 755). The portal is opened as http://localhost (browsers refuse an IP address as the passkeys'
 * relying party; the server derives it from the request's host). No serious or critical axe
 * violation on the new states in light and dark mode; screenshots passkeys-profile-<mode>.png,
 * passkey-step-<mode>.png, passkey-refused-<mode>.png, passkey-or-code-step-<mode>.png.
 */
import { generate } from 'otplib';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageStateViolations } from './axe-in-both-modes.ts';
import { browserErrorsOf, withBrowserErrors } from './browser-errors.ts';
import { DEMO_PASSWORD, type RunningPortal, startPortal } from './harness.ts';

/** The demo user who adds the passkey (demo users start without a second factor). */
const EMAIL = 'admin@demo.test';

describe('passkeys in Chromium', () => {
  let portal: RunningPortal;
  /** The portal's address with a host name: a passkey's relying party id cannot be an IP address. */
  let site: string;

  beforeAll(async () => {
    portal = await startPortal();
    site = portal.baseUrl.replace('127.0.0.1', 'localhost');
  });
  afterAll(async () => {
    await portal?.stop();
  });

  /** A virtual authenticator on `page` (it lives as long as the page): its CDP session and id. */
  async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    return { cdp, authenticatorId };
  }

  /** The password step on `page`. */
  async function passwordStep(page: Page) {
    await page.goto(`${site}/auth/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Logout through the header's user menu. */
  async function signOut(page: Page) {
    await page.getByRole('button', { name: /^User menu for / }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth\/login/);
  }

  it('adds a passkey on the profile, signs out, and signs in with it', async () => {
    const page = await portal.newPage({ bypassCSP: true });
    const errors = browserErrorsOf(page);
    try {
      const { cdp, authenticatorId } = await virtualAuthenticator(page);
      const credentials = async () =>
        (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

      // Signed in with the password alone (no second factor yet), the profile has no passkey.
      await passwordStep(page);
      await page.waitForURL(/\/dashboard$/);
      await page.goto(`${site}/dashboard/profile`);
      await page.getByText('No passkeys yet.').waitFor();
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByText('Name the passkey, e.g. "Work laptop".').waitFor();
      await page.getByLabel('Passkey name').fill('This laptop');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      // The page's words (the announcer's hidden region reads the same words aloud).
      await page
        .locator('#main-content')
        .getByText('Passkey "This laptop" added. Two-step sign-in is on.')
        .waitFor();
      const list = page.getByRole('table', { name: 'Passkeys' });
      await list.getByRole('cell', { name: 'This laptop', exact: true }).waitFor();
      expect(await credentials()).toHaveLength(1);
      // A first passkey comes with recovery codes, shown this once (ADR 755).
      const codes = await page
        .getByRole('list', { name: 'Recovery codes' })
        .getByRole('listitem')
        .allInnerTexts();
      expect(codes).toHaveLength(10);
      expect(
        await pageStateViolations(portal, page, 'profile with a passkey', 'passkeys-profile', {
          restore: true,
        }),
      ).toEqual([]);
      await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await page.getByRole('button', { name: 'Add a passkey' }).waitFor();

      await signOut(page);

      // The password now asks for the second step: the passkey, or a recovery code for a lost one.
      await passwordStep(page);
      await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
      const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
      await usePasskey.waitFor();
      await page.getByLabel('Recovery code').waitFor();
      expect(await page.getByLabel('Authentication code').count()).toBe(0);
      expect(
        await pageStateViolations(portal, page, 'passkey step', 'passkey-step', { restore: true }),
      ).toEqual([]);

      // A signature the server cannot verify: refused in words, and the step stays.
      await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: true });
      await usePasskey.click();
      await page
        .locator('form')
        .getByRole('alert')
        .getByText(/^That passkey was not recognised\./)
        .waitFor();
      expect(
        await pageStateViolations(portal, page, 'passkey refused', 'passkey-refused', { restore: true }),
      ).toEqual([]);

      await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: false });
      await usePasskey.click();
      await page.waitForURL(/\/dashboard$/);
      expect((await credentials())[0]?.signCount).toBeGreaterThanOrEqual(1);

      // Without the passkey at hand, a recovery code signs in.
      await signOut(page);
      await passwordStep(page);
      await page.getByLabel('Recovery code').fill(codes[0]);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(/\/dashboard$/);

      // With the authenticator app as well, the step offers the passkey beside the code field.
      await page.goto(`${site}/dashboard/profile`);
      await page.getByRole('button', { name: 'Set up authenticator app' }).click();
      const secret = (await page.getByTestId('totp-secret').innerText()).trim();
      await page.getByLabel('2. Enter the 6-digit code the app shows').fill(await generate({ secret }));
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      await signOut(page);
      await passwordStep(page);
      await page.getByLabel('Authentication code').waitFor();
      expect(
        await pageStateViolations(portal, page, 'code or passkey step', 'passkey-or-code-step', {
          restore: true,
        }),
      ).toEqual([]);
      await usePasskey.click();
      await page.waitForURL(/\/dashboard$/);

      // Removed on the profile: the list is empty, the app still asks for its code.
      await page.goto(`${site}/dashboard/profile`);
      await page.getByRole('button', { name: 'Remove passkey This laptop' }).click();
      await page.getByText('No passkeys yet.').waitFor();
      await page.getByText('Recovery codes left:').waitFor();
    } catch (error) {
      throw withBrowserErrors(error, errors);
    } finally {
      await page.context().close();
    }
  }, 240_000);
});
