/**
 * Issue 16 settings that take effect, seen in Chromium: the demo admin saves a portal name, support
 * contacts, an application source, quote rush, four of the seven dashboard widgets, E&O details
 * expiring in ten days and a banner for agents through the settings calls; the agent then sees the
 * name in the header and tab title, the banner (which stays dismissed after a reload), exactly the
 * widgets switched on, the E&O alert asking them to tell their admin, the support links, the agency's source in the New application dialog and the quote
 * rush notice by Launch. axe-core finds no serious or critical violation on the dashboard and the
 * details page, in light and dark mode. Screenshots: settings-effects-dashboard-<mode>.png,
 * settings-effects-details-<mode>.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe-violations.ts';
import { type RunningPortal, startPortal } from './harness.ts';
import { transitionsSettled } from './transitions-settled.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';

describe('portal settings take effect in Chromium', () => {
  let portal: RunningPortal;

  /** POST /api/<path> as the demo admin; fails unless it answers 200. */
  async function adminCall(path: string, body: object) {
    const answer = await portal.post(path, {
      session_key: await portal.sessionKeyOf('admin@demo.test'),
      ...body,
    });
    expect(answer.statusCode, `${path}: ${answer.body.message}`).toBe(200);
  }

  beforeAll(async () => {
    portal = await startPortal();
    await adminCall('portal-settings/update-global', {
      global: {
        portal_name: 'Gulf Coast Flood Desk',
        timezone: 'America/New_York',
        quote_expiry_days: 30,
        support_email: 'help@gulfcoast.test',
        support_phone: '+1 305 555 0100',
      },
    });
    await adminCall('portal-settings/application-sources/create', {
      item: { name: 'Realtor referral', is_active: true },
    });
    await adminCall('portal-settings/update-quote-rush', {
      quote_rush: { enabled: true, message: 'Storm week: carriers answer slowly, allow 10 minutes.' },
    });
    // Four widgets of seven: the summary, recent applications and alerts switched off.
    await adminCall('portal-settings/update-widgets', {
      widgets: { enabled: ['quote-rush', 'eo-expiry', 'training-videos', 'commission'] },
    });
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await adminCall('portal-settings/update-eo-details', {
      eo_data: { carrier: 'E&O Mutual', policy_number: 'EO-9', expiry: inTenDays, limit: 2_000_000 },
    });
    await adminCall('portal-settings/banners/create', {
      item: {
        message: 'Hi {{first_name}}: NFIP renewals are due Friday.',
        color: 'blue',
        starts_on: null,
        ends_on: null,
        is_active: true,
        audience: 'agents',
      },
    });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  async function agentPage(mode: 'light' | 'dark'): Promise<Page> {
    const page = await portal.newPage({ bypassCSP: true });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      COLOR_SCHEME_KEY,
      mode,
    ] as const);
    await portal.signIn(page, 'agent@demo.test');
    return page;
  }

  for (const mode of ['light', 'dark'] as const) {
    it(`an agent sees the agency's name, banner, widgets, E&O alert, support, sources and quote rush (${mode})`, async () => {
      const page = await agentPage(mode);
      try {
        const header = page.locator('header').first();
        await header.getByText('Gulf Coast Flood Desk').waitFor();
        await expect.poll(() => page.title()).toBe('Gulf Coast Flood Desk · Dashboard');
        const banner = page.getByRole('alert').filter({ hasText: 'NFIP renewals are due Friday.' });
        await banner.getByText(/^Hi \S+: NFIP renewals/).waitFor();
        // The widgets switched on, and only those; the E&O alert for an agent says whom to tell.
        const widgets = page.getByRole('heading', { level: 2 });
        await page.getByRole('heading', { name: 'Commission this month' }).waitFor();
        for (const title of ['Quote rush', 'E&O coverage', 'Training videos', 'Commission this month'])
          expect(await widgets.filter({ hasText: title }).count(), title).toBe(1);
        for (const title of ['Alerts', 'Recent applications'])
          expect(await widgets.filter({ hasText: new RegExp(`^${title}$`) }).count(), title).toBe(0);
        if (mode === 'light')
          await page
            .getByRole('alert')
            .filter({ hasText: 'Ask your agency admin to renew it' })
            .getByText(/E&O coverage expires in (9|10) days/)
            .waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await portal.screenshot(page, `settings-effects-dashboard-${mode}`, false);

        await page.getByRole('button', { name: 'Options' }).click();
        const support = page.getByRole('menuitem', { name: 'help@gulfcoast.test' });
        expect(await support.getAttribute('href')).toBe('mailto:help@gulfcoast.test');
        expect(await page.getByRole('menuitem', { name: '+1 305 555 0100' }).getAttribute('href')).toBe(
          'tel:+13055550100',
        );
        await page.keyboard.press('Escape');

        if (mode === 'light') {
          await banner.getByRole('button', { name: 'Dismiss banner' }).click();
          await banner.waitFor({ state: 'detached' });
          // The banners' answer after the reload has arrived and been drawn: the dismissed one stays away.
          const banners = page.waitForResponse(
            (response) => response.url().endsWith('/api/portal-settings/active-banners') && response.ok(),
          );
          await page.reload();
          await header.getByText('Gulf Coast Flood Desk').waitFor();
          await banners;
          await transitionsSettled(page);
          expect(await page.getByText('NFIP renewals are due Friday.').count()).toBe(0);
        }

        await page.goto(`${portal.baseUrl}/agent-portal`);
        await page.getByRole('button', { name: 'New application' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'New application' });
        await dialog.getByRole('textbox', { name: 'Zip' }).fill('33139');
        await expect.poll(() => dialog.getByRole('textbox', { name: 'City' }).inputValue()).not.toBe('');
        await dialog.getByRole('combobox', { name: 'Address 1' }).fill('1500 Meridian Ave');
        await dialog.getByLabel('Application source').first().click();
        await page.getByRole('option', { name: 'Realtor referral' }).click();
        await dialog.getByRole('button', { name: 'Create application' }).click();
        await page.waitForURL(/\/agent-portal\/application-details\/\d+/);
        await page.getByRole('alert').filter({ hasText: 'Storm week: carriers answer slowly' }).waitFor();
        await page.locator('[data-field]').first().waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await portal.screenshot(page, `settings-effects-details-${mode}`, false);
      } finally {
        await page.context().close();
      }
    });
  }
});
