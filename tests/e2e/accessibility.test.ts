/**
 * axe-core over every page each role reaches, in light and dark mode (DEVELOPERS "Every page
 * passes axe-core with no serious or critical violation"; issue 17 Accessibility): sign-in pages
 * signed out; the agent's dashboard, listing, both application views, product pages, profile,
 * plans, API partner, reporting, analytics and bulk upload pages; the admin's and super-admin's administration pages. A page's
 * violations are listed with the route and mode, so one run shows everything to fix.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './axe-violations.ts';
import { DEMO_PASSWORD, type RunningPortal, startPortal } from './harness.ts';

/** Where the portal keeps the colour mode (portal/index.html, Mantine's manager). */
const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';
const MODES = ['light', 'dark'] as const;

/** Routes every signed-in worker opens, and those only admins and super-admins open. */
const WORKER_ROUTES = [
  '/dashboard',
  '/agent-portal',
  '/agent-portal/commercial-flood',
  '/agent-portal/excess-flood',
  '/dashboard/profile',
  '/dashboard/plans',
  '/dashboard/api-partner',
  '/dashboard/reporting',
  '/dashboard/reporting/analytics',
  '/dashboard/commission',
  '/dashboard/resources',
  '/dashboard/resources/carrier-resources',
  '/dashboard/resources/training-videos',
  '/blank',
  '/dashboard/bulk-upload',
  '/dashboard/price-predictor',
  '/dashboard/texto',
];
const ADMIN_ROUTES = [
  '/dashboard/mga-management',
  '/dashboard/portal-settings',
  '/dashboard/portal-settings/global',
  '/dashboard/portal-settings/eo-details',
  '/dashboard/portal-settings/messaging-console',
  '/dashboard/schema-studio',
];
const SIGNED_OUT_ROUTES = ['/auth/login', '/auth/forgot-password', '/404'];

describe('accessibility: axe-core on every page, light and dark', () => {
  let portal: RunningPortal;
  /** Ids of the demo agent's new and completed applications (seed-demo-data.ts). */
  let applicationPaths: string[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    const login = await fetch(`${portal.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'agent@demo.test', password: DEMO_PASSWORD }),
    }).then((response) => response.json());
    const list = await fetch(`${portal.baseUrl}/api/agent-portal/get-agent-applications-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session_key: login.data.session_key }),
    }).then((response) => response.json());
    applicationPaths = list.data.applications.data.map(
      (row: { id: number }) => `/agent-portal/application-details/${row.id}`,
    );
  });
  afterAll(async () => {
    await portal?.stop();
  });

  async function pageIn(mode: (typeof MODES)[number]): Promise<Page> {
    const page = await portal.newPage({ bypassCSP: true });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      COLOR_SCHEME_KEY,
      mode,
    ] as const);
    return page;
  }

  /** Every violation of `routes` for `email` (null: signed out) in `mode`, as `mode route: violation`. */
  async function violationsOf(
    email: string | null,
    routes: string[],
    mode: (typeof MODES)[number],
    name: string,
  ): Promise<string[]> {
    const found: string[] = [];
    const page = await pageIn(mode);
    try {
      if (email) await portal.signIn(page, email);
      for (const route of routes) {
        await page.goto(`${portal.baseUrl}${route}`);
        await page.waitForLoadState('networkidle');
        // Transitions and skeletons settle before the check.
        await page.waitForTimeout(400);
        // A page that crashed into the error page would pass axe without being checked.
        await page.getByRole('heading').first().waitFor();
        const text = await page.locator('body').innerText();
        if (route !== '/404') expect(text, route).not.toMatch(/Page Not Found|Internal Server Error/);
        for (const violation of await seriousAxeViolations(page))
          found.push(`${mode} ${route}: ${violation}`);
      }
      await portal.screenshot(page, `axe-${name}-${mode}-last-page`, false);
    } finally {
      await page.context().close();
    }
    return found;
  }

  /**
   * One test per role and colour mode, so a slow machine times out one sweep, not all of them.
   * A sweep opens up to 23 pages with axe on each (~2.5 s a page on a quiet 2-core machine), so
   * it gets more room than the suite's 120 s.
   */
  const SWEEP_TIMEOUT_MS = 300_000;
  for (const mode of MODES) {
    it(`finds no serious or critical violation on the signed-out pages (${mode})`, async () => {
      expect(await violationsOf(null, SIGNED_OUT_ROUTES, mode, 'signed-out')).toEqual([]);
    });

    it(
      `finds none on the agent's pages, the application form and its quotes (${mode})`,
      async () => {
        expect(applicationPaths.length).toBeGreaterThanOrEqual(2);
        expect(
          await violationsOf('agent@demo.test', [...WORKER_ROUTES, ...applicationPaths], mode, 'agent'),
        ).toEqual([]);
      },
      SWEEP_TIMEOUT_MS,
    );

    it(
      `finds none on the admin's pages and the administration pages (${mode})`,
      async () => {
        expect(
          await violationsOf('admin@demo.test', [...WORKER_ROUTES, ...ADMIN_ROUTES], mode, 'admin'),
        ).toEqual([]);
      },
      SWEEP_TIMEOUT_MS,
    );

    it(`finds none on the super-admin's administration pages (${mode})`, async () => {
      expect(await violationsOf('superadmin@demo.test', ADMIN_ROUTES, mode, 'super-admin')).toEqual([]);
    });
  }

  it("finds none on each tab of the schema studio's editor", async () => {
    const found: string[] = [];
    for (const mode of MODES) {
      const page = await pageIn(mode);
      try {
        await portal.signIn(page, 'superadmin@demo.test');
        await page.goto(`${portal.baseUrl}/dashboard/schema-studio`);
        await page.getByRole('tab', { name: 'Editor' }).click();
        for (const tab of [
          'Fields',
          'Cross rules',
          'Underwriting',
          'Messages',
          'Migrations',
          'Test bench',
          'Raw JSON',
        ]) {
          await page.getByRole('tab', { name: tab }).click();
          await page.getByRole('tabpanel', { name: tab }).waitFor();
          await page.waitForTimeout(300);
          for (const violation of await seriousAxeViolations(page))
            found.push(`${mode} editor ${tab}: ${violation}`);
        }
        await portal.screenshot(page, `axe-schema-studio-editor-${mode}`, false);
      } finally {
        await page.context().close();
      }
    }
    expect(found).toEqual([]);
  });
});
