/**
 * Issue 4 end to end in Chromium: the demo admin creates an agent in MGA management, acts as that
 * agent (auth/switch-user), sees the agent's dashboard and listing, and switches back; an
 * expired-trial company is sent to /dashboard/plans; a super-admin opening an agent-only page lands
 * on /dashboard; a forgot-password request shows the confirmation. Every page visited is saved as
 * test-results/accounts-<page>.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserErrorsOf, withBrowserErrors } from './browser-errors.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const FORGOT_PASSWORD_CONFIRMATION = 'If an account exists for that e-mail, a reset link has been sent.';

describe('accounts, roles and administration areas in Chromium', () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  /** Runs `journey` on a fresh page (own browser context); on failure saves a screenshot and adds the browser's errors. */
  async function inFreshPage(failureName: string, journey: (page: Page) => Promise<void>) {
    const page = await portal.newPage();
    const browserErrors = browserErrorsOf(page);
    try {
      await journey(page);
    } catch (error) {
      await portal.screenshot(page, `accounts-${failureName}-failure`);
      throw withBrowserErrors(error, browserErrors);
    } finally {
      await page.context().close();
    }
  }

  /** The header's user menu button, whose accessible name carries the signed-in user's name. */
  function userMenu(page: Page) {
    return page.getByRole('button', { name: /^User menu for / });
  }

  /** A link of the shell's main navigation, by its exact label. */
  function navLink(page: Page, label: string) {
    return page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: label, exact: true });
  }

  /** Opens a page by its full URL after sign-in, waits for `heading` and saves accounts-<name>.png. */
  async function visit(page: Page, path: string, heading: string | RegExp, name: string) {
    await page.goto(`${portal.baseUrl}${path}`);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await portal.screenshot(page, `accounts-${name}`);
  }

  it('the admin creates an agent, acts as that agent and switches back', async () => {
    await inFreshPage('admin-journey', async (page) => {
      await portal.signIn(page, 'admin@demo.test');
      await expect.poll(() => userMenu(page).getAttribute('aria-label')).not.toContain('Signed in');
      const adminLabel = String(await userMenu(page).getAttribute('aria-label'));
      const adminName = adminLabel.replace(/^User menu for /, '');

      // MGA management: an admin sees only the users of their agency.
      await navLink(page, 'MGA management').click();
      await page.waitForURL(/\/dashboard\/mga-management$/);
      const users = page.getByRole('table', { name: 'Users' });
      await users.waitFor();
      await expect.poll(() => users.getByText('admin@demo.test').count()).toBe(1);
      await portal.screenshot(page, 'accounts-mga-management');

      // Create an agent licensed in Florida.
      const stamp = Date.now();
      const agentName = `Journey Agent ${stamp}`;
      const agentEmail = `journey.agent.${stamp}@demo.test`;
      await page.getByRole('button', { name: 'New user' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create user' });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(agentName);
      await dialog.getByRole('textbox', { name: /^Email/ }).fill(agentEmail);
      await dialog.getByRole('radio', { name: 'Agent' }).check();
      await dialog.getByLabel('Filter states').fill('Florida');
      await dialog.getByRole('checkbox', { name: 'Florida (FL)' }).check();
      await expect.poll(() => dialog.getByText('1 selected').count()).toBe(1);
      await portal.screenshot(page, 'accounts-create-user-dialog');
      await dialog.getByRole('button', { name: 'Create user' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const row = users.getByRole('row').filter({ hasText: agentEmail });
      await row.waitFor();
      expect(await row.textContent()).toContain('FL');
      await portal.screenshot(page, 'accounts-mga-management-created');

      // Act as the new agent: the header and the banner name the agent.
      await row.getByRole('button', { name: `Act as ${agentName}` }).click();
      await page.waitForURL(/\/dashboard$/);
      await userMenu(page)
        .and(page.getByRole('button', { name: `User menu for ${agentName}` }))
        .waitFor();
      const banner = page.getByRole('status', { name: 'Acting as another user' });
      await banner.waitFor();
      expect(await banner.textContent()).toContain(agentName);
      expect(await banner.textContent()).toContain(adminName);
      // An agent has no administration areas.
      expect(await navLink(page, 'MGA management').count()).toBe(0);
      await page.waitForLoadState('networkidle');
      await portal.screenshot(page, 'accounts-acting-as');

      // The agent's listing, reached through the navigation (no reload), still as the agent.
      await navLink(page, 'Applications').click();
      await page.waitForURL(/\/agent-portal(\?.*)?$/);
      await page.getByRole('button', { name: 'New application' }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await userMenu(page).getAttribute('aria-label')).toBe(`User menu for ${agentName}`);
      await portal.screenshot(page, 'accounts-acting-as-listing');

      // A reload keeps the acting session (auth state is persisted).
      await page.reload();
      await page.getByRole('button', { name: `User menu for ${agentName}` }).waitFor();

      // Switch back through the user menu.
      await userMenu(page).click();
      const switchBackItem = page.getByRole('menuitem', { name: `Switch back to ${adminName}` });
      await switchBackItem.waitFor();
      await portal.screenshot(page, 'accounts-user-menu-switch-back', false);
      await switchBackItem.click();
      await page.getByRole('button', { name: `User menu for ${adminName}` }).waitFor();
      await page.waitForURL(/\/dashboard\/mga-management$/);
      expect(await page.getByRole('status', { name: 'Acting as another user' }).count()).toBe(0);
      await page.getByRole('table', { name: 'Users' }).getByText(agentEmail).waitFor();
      await page.waitForLoadState('networkidle');
      await portal.screenshot(page, 'accounts-switched-back');

      // The admin's account and settings pages.
      await visit(page, '/dashboard/profile', /profile/i, 'profile');
      await visit(page, '/dashboard/plans', /plans?/i, 'plans-admin');
      await visit(page, '/dashboard/portal-settings', /portal settings/i, 'portal-settings');
      await visit(page, '/dashboard/portal-settings/global', /global/i, 'portal-settings-global');
      await visit(page, '/dashboard/portal-settings/eo-details', /E&O/i, 'portal-settings-eo-details');
      await visit(
        page,
        '/dashboard/portal-settings/messaging-console',
        /messaging/i,
        'portal-settings-messaging-console',
      );
    });
  });

  it('an expired-trial company opening /agent-portal is sent to /dashboard/plans', async () => {
    await inFreshPage('expired-trial', async (page) => {
      await portal.signIn(page, 'expired@demo.test');
      await page.goto(`${portal.baseUrl}/agent-portal`);
      await page.waitForURL(/\/dashboard\/plans$/);
      await page
        .getByRole('heading', { name: /plans?/i })
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      await portal.screenshot(page, 'accounts-plans');
    });
  });

  it('a super-admin opening /agent-portal lands on /dashboard', async () => {
    await inFreshPage('super-admin', async (page) => {
      await portal.signIn(page, 'superadmin@demo.test');
      await page.goto(`${portal.baseUrl}/agent-portal`);
      await page.waitForURL(/\/dashboard$/);
      // The agent-only pages are not offered to a super-admin; the administration areas are.
      await navLink(page, 'MGA management').waitFor();
      expect(await navLink(page, 'Applications').count()).toBe(0);
      await page.waitForLoadState('networkidle');
      await portal.screenshot(page, 'accounts-super-admin-dashboard');
      await visit(page, '/dashboard/mga-management', 'MGA management', 'mga-management-super-admin');

      // Dark colour mode: the same pages must stay legible (no dark-on-dark).
      await page.getByRole('banner').locator('label').filter({ hasText: 'Dark' }).click();
      await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
      await page.getByRole('tab', { name: 'Users' }).click();
      await page.getByRole('table', { name: 'Users' }).waitFor();
      await page.waitForLoadState('networkidle');
      await portal.screenshot(page, 'accounts-dark-mga-management-users');
      await visit(page, '/dashboard/portal-settings/global', /global/i, 'dark-portal-settings-global');
      await visit(page, '/dashboard/plans', /plans?/i, 'dark-plans');
    });
  });

  it('a forgot-password request shows the confirmation; the SSO and API partner pages open signed out', async () => {
    await inFreshPage('signed-out', async (page) => {
      await page.goto(`${portal.baseUrl}/auth/forgot-password`);
      await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
      await page.getByLabel('Email').fill('agent@demo.test');
      await portal.screenshot(page, 'accounts-forgot-password');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      const confirmation = page.getByRole('status').filter({ hasText: FORGOT_PASSWORD_CONFIRMATION });
      await confirmation.waitFor();
      await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      await portal.screenshot(page, 'accounts-forgot-password-sent');

      await page.goto(`${portal.baseUrl}/auth/saml-sso-login`);
      await page.waitForLoadState('networkidle');
      await page
        .getByRole('button', { name: /sign in|continue/i })
        .first()
        .waitFor();
      await portal.screenshot(page, 'accounts-saml-sso-login');
      // A SAML return whose one-time code is spent or expired says so and signs no one in (ADR 748).
      await page.goto(`${portal.baseUrl}/auth/saml-sso-login?code=${'f'.repeat(64)}`);
      await page
        .getByRole('alert')
        .filter({ hasText: 'This single sign-on has expired. Sign in again.' })
        .waitFor();
      await portal.screenshot(page, 'accounts-saml-code-expired');

      await page.goto(`${portal.baseUrl}/dashboard/api-partner`);
      await page.waitForURL(/\/dashboard\/api-partner$/);
      await page.getByRole('heading').first().waitFor();
      await page.waitForLoadState('networkidle');
      await portal.screenshot(page, 'accounts-api-partner');
      await portal.screenshot(page, 'accounts-api-partner-top', false);
    });
  });
});
