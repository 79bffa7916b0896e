/**
 * Issue 20 in Chromium (docs/decisions/320-one-access-decision.md): the super-admin creates a
 * subscribed company on the Starter plan (no reporting permission) and its admin; that admin does
 * not see Reporting in the navigation, and /dashboard/reporting shows "Access denied" inside the
 * shell, with no serious axe violation in light and dark (test-results/area-access-denied-<mode>.png).
 * The same company is approved in Florida only (ADR 330): its agent, licensed in Florida and Texas,
 * is refused a Texas application with the agency's message and nothing is created
 * (test-results/area-access-not-approved-state.png); that page passes axe in light and dark.
 * Issue 43 (ADR 764): the same admin finds API credentials locked on the messaging console, naming
 * the Agency plan (axe in light and dark, test-results/area-access-credentials-locked-<mode>.png),
 * and the plans page lists on each plan exactly what server/config/plans.json gives it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RULES } from '../../server/access/access-rules.ts';
import { PLANS } from '../../server/services/plans.ts';
import { pageStateViolations } from './axe-in-both-modes.ts';
import { seriousAxeViolations } from './axe-violations.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';
const ADMIN_EMAIL = 'starter-admin@demo.test';
const ADMIN_PASSWORD = 'starter-pass-1';
const AGENT_EMAIL = 'starter-agent@demo.test';
const AGENT_PASSWORD = 'starter-pass-2';
const NOT_APPROVED_STATE = 'Invalid state! Agency is not approved for the given address state.';

describe('a company without the reporting permission in Chromium', () => {
  let portal: RunningPortal;

  /** POST /api/<path>; throws unless the envelope says success. */
  async function call(path: string, body: Record<string, unknown>) {
    const answer = (await portal.post(path, body)).body;
    if (answer.status !== 'success') throw new Error(`${path}: ${answer.message}`);
    return answer.data;
  }

  beforeAll(async () => {
    portal = await startPortal();
    const { session_key } = await call('auth/login', { email: 'superadmin@demo.test', password: 'demo1234' });
    const { company } = await call('companies/create', {
      session_key,
      name: 'Starter Flood Agency',
      has_active_subscription: true,
      plan_id: 'starter',
    });
    await call('users/create', {
      session_key,
      name: 'Stella Starter',
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      role: 'admin',
      company_id: company.id,
    });
    await call('companies/set-approved-states', {
      session_key,
      company_id: company.id,
      approved_states: ['FL'],
    });
    await call('users/create', {
      session_key,
      name: 'Tex Agent',
      email: AGENT_EMAIL,
      password: AGENT_PASSWORD,
      role: 'agent',
      company_id: company.id,
      licensed_states: ['FL', 'TX'],
    });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`hides Reporting and denies /dashboard/reporting (${mode})`, async () => {
      const page = await portal.newPage({ bypassCSP: true });
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        mode,
      ] as const);
      try {
        await portal.signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
        const nav = page.getByRole('navigation', { name: 'Main navigation' });
        await nav.getByRole('link', { name: 'Resources' }).waitFor();
        expect(await nav.getByRole('link', { name: 'Reporting' }).count()).toBe(0);
        expect(await nav.getByRole('link', { name: 'Commission' }).count()).toBe(0);

        await page.goto(`${portal.baseUrl}/dashboard/reporting`);
        await page.getByRole('heading', { name: 'Access denied' }).waitFor();
        // Inside the shell: the navigation is still the way back.
        await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
        expect(await page.getByRole('table', { name: 'Report' }).count()).toBe(0);
        await page.waitForLoadState('networkidle');
        await portal.screenshot(page, `area-access-denied-${mode}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 120_000);
  }

  it('locks API credentials on the messaging console naming the Agency plan, and the plans page sells them on Agency only (issue 43)', async () => {
    const page = await portal.newPage({ bypassCSP: true });
    try {
      await portal.signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.goto(`${portal.baseUrl}/dashboard/portal-settings/messaging-console`);
      const card = page.getByRole('region', { name: 'API credentials' });
      await card.getByText('Your plan does not include API credentials. The Agency plan has it.').waitFor();
      expect(await card.getByRole('button').count()).toBe(0);
      await page.waitForLoadState('networkidle');
      expect(
        await pageStateViolations(portal, page, 'API credentials locked', 'area-access-credentials-locked'),
      ).toEqual([]);

      await card.getByRole('link', { name: 'See plans' }).click();
      await page.getByLabel('Plan Agency', { exact: true }).getByText('SAML sign-in').waitFor();
      for (const plan of PLANS) {
        const card = page.getByLabel(`Plan ${plan.name}`, { exact: true });
        const listed = await card.getByRole('listitem').allTextContents();
        const areas = ACCESS_RULES.areas
          .filter((area) => plan.permissions.includes(area.permission))
          .map((area) => area.label);
        expect(listed).toEqual([...areas, ...plan.features]);
      }
      await portal.screenshot(page, 'area-access-plans');
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('refuses its agent a Texas application with the approved-states message', async () => {
    const page = await portal.newPage({ bypassCSP: true });
    try {
      await portal.signIn(page, AGENT_EMAIL, AGENT_PASSWORD);
      // The details without an id open the New application dialog (ADR 373).
      await page.goto(`${portal.baseUrl}/agent-portal/application-details`);
      const dialog = page.getByRole('dialog', { name: 'New application' });
      await dialog.getByLabel('Zip').fill('77002');
      await expect.poll(() => dialog.getByLabel('State').inputValue(), { timeout: 10_000 }).toBe('TX');
      await dialog.getByLabel('Address 1').fill('901 Bagby St');
      await dialog.getByRole('button', { name: 'Create application' }).click();
      await page.getByText(NOT_APPROVED_STATE).first().waitFor();
      await portal.screenshot(page, 'area-access-not-approved-state');
      // Refused before anything was written: the agent still has no application.
      const { session_key } = await call('auth/login', { email: AGENT_EMAIL, password: AGENT_PASSWORD });
      const listing = await call('agent-portal/get-agent-applications-list', { session_key });
      expect(listing.applications.data).toEqual([]);
      expect(page.url()).toMatch(/\/agent-portal\/application-details$/);
      // The page without an id and its dialog pass axe in light and dark.
      await page.waitForLoadState('networkidle');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        'dark',
      ] as const);
      await page.reload();
      await page.getByRole('dialog', { name: 'New application' }).waitFor();
      await page.waitForLoadState('networkidle');
      await portal.screenshot(page, 'new-application-page-dark');
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
