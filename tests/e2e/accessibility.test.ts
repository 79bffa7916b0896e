/**
 * axe-core over every page each role reaches, in light and dark mode (DEVELOPERS "Every page
 * passes axe-core with no serious or critical violation"; issue 17 Accessibility): sign-in pages
 * signed out; the agent's dashboard, listing, both application views, product pages, profile,
 * plans, API partner, reporting, analytics and bulk upload pages; the admin's and super-admin's administration pages. A page's
 * violations are listed with the route and mode, so one run shows everything to fix. Then every
 * dialog each role opens (issue 17: "on every route and dialog"), opened as a person would, each
 * checked the same way; and on every page, that no badge is cut short ("COMPL…") at 1440 px, and
 * that Chromium's accessibility tree gives it one h1, no skipped heading level and the announcer's
 * two live regions (issue 46; read once a page, in the same visit, ADR 756).
 * Each page and dialog is opened once and checked in both modes, switched in place as the colour
 * mode switch does (ADR 560); dialogs opened from one page one after another share one load of it,
 * and one sweep's pages are shown one after another in the app, as its links show them, after
 * the first document (ADR 786); the customer's dialog and the agent's bulk upload dialog are checked where the journeys
 * open them (customer-portal-journey, bulk-upload-journey; ADR 743).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples } from '../../schemas/schema-set.ts';
import { addressOf } from '../server/helpers/sample-records.ts';
import { COLOR_SCHEME_KEY, cutBadges, inBothModes, pageStateViolations } from './axe-in-both-modes.ts';
import { seriousAxeViolations } from './axe-violations.ts';
import { prefillsSettled } from './fill-application-form.ts';
import { type RunningPortal, startPortal } from './harness.ts';
import { navigateInApp } from './in-app-navigation.ts';
import { outlineProblems, pageOutline } from './page-outline.ts';
import { transitionsSettled } from './transitions-settled.ts';

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
  '/dashboard/audit-trail',
  '/dashboard/schema-studio',
];
const SIGNED_OUT_ROUTES = ['/auth/login', '/auth/forgot-password', '/404'];

/**
 * How a dialog opens: the buttons to press in turn; `{ menu, item }` opens a menu and picks an item;
 * `{ fill, value }` types into the open dialog's field, and `settles` waits for another field the
 * typing fills in (a ZIP code's state).
 */
type OpeningStep =
  | string
  | RegExp
  | { menu: string | RegExp; item: string }
  | { fill: string; value: string; settles?: { label: string; value: string } };
/**
 * A dialog: the page it opens from (`:completed` / `:new` stand for the demo agent's applications),
 * how, and its name when it opens over another dialog.
 */
interface DialogOpening {
  route: string;
  steps: OpeningStep[];
  dialog?: string;
}

const actions = (item: string): OpeningStep => ({ menu: 'Application actions', item });
/** Every dialog the agent opens: applications, underwriting, quotes, profile, plans, reporting. */
const AGENT_DIALOGS: DialogOpening[] = [
  { route: '/agent-portal', steps: ['New application'] },
  // A ZIP code in a state the demo agent has no licence for (CA).
  {
    route: '/agent-portal',
    steps: [
      'New application',
      { fill: 'Zip', value: '90012', settles: { label: 'State', value: 'CA' } },
      { fill: 'Address 1', value: '200 N Spring St' },
      'Create application',
    ],
    dialog: 'Invalid state',
  },
  { route: ':underwriting-warning', steps: ['Launch'] },
  { route: ':underwriting-block', steps: ['Launch'] },
  { route: ':repetitive-loss', steps: ['Launch', 'Launch anyway'], dialog: 'Potential repetitive loss' },
  { route: ':completed', steps: [actions('Reset application')] },
  { route: ':completed', steps: [actions('Delete application')] },
  { route: ':completed', steps: ['Send / download quote'] },
  { route: ':completed', steps: ['Launch to manual carriers'] },
  { route: ':completed', steps: [/^Mark as bound: /] },
  { route: ':completed', steps: [/^Reactivate /] },
  { route: '/dashboard/profile', steps: ['Update contact'] },
  { route: '/dashboard/profile', steps: ['Change password'] },
  { route: '/dashboard/profile', steps: ['User settings'] },
  { route: '/dashboard/plans', steps: ['Manage subscription'] },
  { route: '/dashboard/reporting', steps: ['Export CSV'] },
  // The bulk upload dialog ('Upload a file') is checked where bulk-upload-journey opens it (ADR 743).
];
/** Every settings dialog of an admin: portal settings, messaging, E&O, users, resources. */
const ADMIN_DIALOGS: DialogOpening[] = [
  ...[
    'Edit global settings',
    'Manage sources',
    'Manage banners',
    'Choose widgets',
    'Edit quote rush',
    'Edit property data',
    'Manage carrier connections',
  ].map((button) => ({ route: '/dashboard/portal-settings/global', steps: [button] })),
  ...[
    /^(Set up|Edit) SMTP$/,
    /^(Set up|Edit) SMS provider$/,
    'Manage email templates',
    'Manage SMS templates',
    'Edit automatic messages',
    'View short codes',
    'Edit webhook URL',
    'Manage API credentials',
    'Edit API management',
  ].map((button) => ({ route: '/dashboard/portal-settings/messaging-console', steps: [button] })),
  { route: '/dashboard/portal-settings/eo-details', steps: ['Edit E&O details'] },
  { route: '/dashboard/mga-management', steps: ['New user'] },
  ...['Details', 'Edit', 'Delete'].map((item) => ({
    route: '/dashboard/mga-management',
    steps: [{ menu: 'Actions for Alex Agent', item }],
  })),
  {
    route: '/dashboard/mga-management',
    steps: [{ menu: 'Actions for Casey Customer', item: 'Assign agent' }],
  },
  { route: '/dashboard/resources/training-videos', steps: ['Add video'] },
  { route: '/dashboard/resources/carrier-resources', steps: [/^Add document: /] },
];
/** The super-admin's company dialogs. */
const SUPER_ADMIN_DIALOGS: DialogOpening[] = [
  { route: '/dashboard/mga-management', steps: ['New company'] },
  ...['Edit company', 'Change plan', 'Approved states', 'Company logo'].map((item) => ({
    route: '/dashboard/mga-management',
    steps: [{ menu: /^Actions for /, item }],
  })),
];
// The customer's one dialog, the request to their agent, is checked where customer-portal-journey
// opens it (ADR 743).

describe('accessibility: axe-core on every page, light and dark', () => {
  let portal: RunningPortal;
  /** Ids of the demo agent's new and completed applications (seed-demo-data.ts). */
  let applicationPaths: string[] = [];
  /** `:new` and `:completed`: the details page of the demo agent's first application of that status. */
  const applicationRoutes: Record<string, string> = {};

  beforeAll(async () => {
    portal = await startPortal();
    const sessionKey = await portal.sessionKeyOf('agent@demo.test');
    /** POST /api/agent-portal/<path> as the demo agent: the envelope. */
    const agentCall = async (path: string, body: object = {}) =>
      (await portal.post(`agent-portal/${path}`, { session_key: sessionKey, ...body })).body;
    const list = await agentCall('get-agent-applications-list');
    applicationPaths = list.data.applications.data.map(
      (row: { id: number }) => `/agent-portal/application-details/${row.id}`,
    );
    for (const row of list.data.applications.data as { id: number; status: string }[])
      applicationRoutes[`:${row.status}`] ??= `/agent-portal/application-details/${row.id}`;
    // Complete applications whose Launch opens the underwriting dialogs: a prior flood loss warns,
    // a building over water blocks (schemas/underwriting/primary-excess.json); on a Commercial one
    // the warning is followed by the potential repetitive loss dialog (ADR 072).
    for (const [route, product, answers] of [
      [':underwriting-warning', 'Primary', { underwriting_prior_flood_loss: 'Yes' }],
      [':underwriting-block', 'Primary', { underwriting_over_water: 'Yes' }],
      [
        ':repetitive-loss',
        'Commercial',
        {
          underwriting_prior_flood_loss: 'Yes',
          prior_loss_claim_status: 'Closed',
          prior_loss_date: '2019-09-10',
          prior_loss_amount: 24000,
          prior_loss_description: 'Storm surge flooded the ground floor.',
          prior_loss_improvement: 'Flood vents and raised equipment.',
        },
      ],
    ] as const) {
      const example = product === 'Commercial' ? examples.commercial : examples.primary;
      // At the example's whole address: the save below changes no address, so no second pre-fill.
      const created = await agentCall('create-new-application', {
        carrier_quote_type: product,
        address: addressOf(example),
      });
      const id = created.data.application.id;
      const saved = await agentCall('update-application', {
        application_id: id,
        address_details: { ...example, ...answers },
      });
      expect(saved.code, JSON.stringify(saved)).toBe(200);
      applicationRoutes[route] = `/agent-portal/application-details/${id}`;
    }
    // A pre-fill still under way re-bases the form when it writes, under a dialog's opening click.
    await prefillsSettled(
      portal,
      sessionKey,
      Object.values(applicationRoutes).map((path) => Number(path.split('/').at(-1))),
    );
  });
  afterAll(async () => {
    await portal?.stop();
  });

  /** A page in a new context that opens in light mode (the portal's default). */
  async function newLightPage(): Promise<Page> {
    const page = await portal.newPage({ bypassCSP: true, reducedMotion: 'reduce' });
    await page.addInitScript(
      ([key, value]) => {
        // Only the first document: later ones keep the mode a check switched to.
        if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      },
      [COLOR_SCHEME_KEY, 'light'] as const,
    );
    return page;
  }

  /**
   * Every violation of `routes` for `email` (null: signed out) in both modes, as `mode route:
   * violation`, and each page's outline problems (page-outline.ts: one h1, no skipped level, the
   * announcer's live regions in the tree), as `route: problem`.
   */
  async function violationsOf(email: string | null, routes: string[], name: string): Promise<string[]> {
    const found: string[] = [];
    const page = await newLightPage();
    try {
      if (email) await portal.signIn(page, email);
      for (const [index, route] of routes.entries()) {
        // Signed out, the first page is a document's first; every other page is shown as the
        // portal's links show it (in-app-navigation.ts, ADR 786).
        if (index === 0 && !email) {
          await page.goto(`${portal.baseUrl}${route}`);
          await page.waitForLoadState('networkidle');
        } else await navigateInApp(page, route);
        // A page that crashed into the error page would pass axe without being checked.
        await page.getByRole('heading').first().waitFor();
        const text = await page.locator('body').innerText();
        if (route !== '/404') expect(text, route).not.toMatch(/Page Not Found|Internal Server Error/);
        const last = index === routes.length - 1;
        // The outline and the announcer do not change with the mode: read once (issue 46, ADR 756).
        found.push(...outlineProblems(await pageOutline(page)).map((problem) => `${route}: ${problem}`));
        found.push(
          ...(await inBothModes(page, async (mode, rules) => {
            if (last) await portal.screenshot(page, `axe-${name}-${mode}-last-page`, false);
            return [...(await seriousAxeViolations(page, undefined, rules)), ...(await cutBadges(page))].map(
              (violation) => `${mode} ${route}: ${violation}`,
            );
          })),
        );
      }
    } finally {
      await page.context().close();
    }
    return found;
  }

  /** Opens `opening`'s dialog on its page (already loaded) as a person would, and waits for it. */
  async function openDialog(page: Page, opening: DialogOpening) {
    for (const step of opening.steps) {
      if (typeof step === 'object' && 'menu' in step) {
        await page.getByRole('button', { name: step.menu }).first().click();
        await page.getByRole('menuitem', { name: step.item, exact: true }).click();
      } else if (typeof step === 'object' && 'fill' in step) {
        const dialog = page.getByRole('dialog').last();
        await dialog.getByLabel(step.fill).fill(step.value);
        const settles = step.settles;
        if (settles)
          await expect
            .poll(() => dialog.getByLabel(settles.label).inputValue(), { timeout: 10_000 })
            .toBe(settles.value);
      } else {
        await page.getByRole('button', { name: step, exact: true }).first().click();
      }
    }
    const opened = opening.dialog
      ? page.getByRole('dialog', { name: opening.dialog })
      : page.getByRole('dialog').last();
    if (
      await opened.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    // A click the page was not ready for (still settling on a busy machine) is repeated once, as a
    // person would click again; the screenshot and the page's alerts say what the first one met.
    await portal.screenshot(page, `axe-dialog-not-opened-${opening.route.replace(/\W+/g, '-')}`, false);
    const alerts = await page.getByRole('alert').allInnerTexts();
    const last = opening.steps.at(-1);
    if (typeof last === 'string' || last instanceof RegExp)
      await page.getByRole('button', { name: last, exact: true }).first().click();
    await opened.waitFor({ timeout: 15_000 }).catch((error: Error) => {
      throw new Error(
        `${opening.route} ${String(last)}: no dialog; alerts: ${JSON.stringify(alerts)}. ${error.message}`,
      );
    });
  }

  /**
   * Closes the open dialogs as a person would (Escape, the last one first) and waits until none is
   * left and the page has settled; false when one stays open (the caller loads the page again).
   */
  async function closeDialogs(page: Page): Promise<boolean> {
    const dialogs = page.getByRole('dialog');
    for (let presses = 0; presses < 3; presses++) {
      const open = await dialogs.count();
      if (open === 0) break;
      await page.keyboard.press('Escape');
      // Until the dialog Escape closed is gone (its closing transition ends), at most 5 s.
      const deadline = Date.now() + 5_000;
      while ((await dialogs.count()) >= open && Date.now() < deadline)
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    if ((await dialogs.count()) > 0) return false;
    await transitionsSettled(page);
    return true;
  }

  /**
   * Every violation in the dialogs of `openings` for `email` in both modes, as `mode route dialog:
   * violation`. Dialogs opened from the same page one after another share one load of it: each is
   * closed (Escape) before the next is opened there (ADR 743); the next page is shown in the app
   * (ADR 786), or loaded afresh when a dialog would not close.
   */
  async function dialogViolationsOf(
    email: string,
    openings: DialogOpening[],
    name: string,
  ): Promise<string[]> {
    const found: string[] = [];
    const page = await newLightPage();
    const routeOf = (route: string) => applicationRoutes[route] ?? route;
    try {
      await portal.signIn(page, email);
      /** The route the page shows, loaded once for every dialog opened from it in turn. */
      let shown: string | null = null;
      for (const opening of openings) {
        const route = routeOf(opening.route);
        if (!(await closeDialogs(page))) {
          // A dialog that stays open: the page is loaded afresh.
          await page.goto(`${portal.baseUrl}${route}`);
          await page.waitForLoadState('networkidle');
        } else if (route !== shown || new URL(page.url()).pathname !== route)
          await navigateInApp(page, route);
        shown = route;
        await openDialog(page, opening);
        const dialog =
          (await page.getByRole('dialog').last().getAttribute('aria-label')) ??
          (await page.getByRole('dialog').last().locator('h2').first().textContent());
        found.push(
          ...(await pageStateViolations(
            portal,
            page,
            `${opening.route} "${dialog}"`,
            `axe-dialog-${name}-${dialog}`,
          )),
        );
      }
    } finally {
      await page.context().close();
    }
    return found;
  }

  /**
   * One test per role and kind of check, so a slow machine times out one sweep, not all of them.
   * A sweep opens up to 25 pages or dialogs with axe on each in both modes (~4 s a page on a
   * quiet 2-core machine; one mode of the agent's dialogs took 288 s at a load average of 16), so
   * it gets more room than the suite's 120 s.
   */
  const SWEEP_TIMEOUT_MS = 600_000;
  it('catches a contrast failure of the dark mode alone with the colour rules, and runs only those', async () => {
    const page = await portal.newPage();
    try {
      // Readable in light mode; grey on grey in dark mode; an image without a text alternative.
      await page.setContent(
        `<html lang="en" data-mantine-color-scheme="dark"><head><title>t</title><style>
           p { color: #111; background: #fff; }
           [data-mantine-color-scheme="dark"] p { color: #444; background: #333; }
         </style></head><body><main><p>Flood zone AE</p><img src="data:,"></main></body></html>`,
      );
      const colour = await seriousAxeViolations(page, undefined, 'colour');
      expect(colour.map((line) => line.split(' ')[0])).toEqual(['color-contrast']);
      const all = await seriousAxeViolations(page);
      expect(all.map((line) => line.split(' ')[0]).sort()).toEqual(['color-contrast', 'image-alt']);
    } finally {
      await page.context().close();
    }
  });

  it('checks colours after a mode switch has finished its transition, not halfway through it', async () => {
    const page = await portal.newPage();
    try {
      // Readable in both modes; the switch fades the text through grey over 1.5 s.
      await page.setContent(
        `<html lang="en" data-mantine-color-scheme="light"><head><title>t</title><style>
           p { color: #111; background: #fff; transition: color 1.5s linear, background-color 1.5s linear; }
           [data-mantine-color-scheme="dark"] p { color: #fff; background: #111; }
         </style></head><body><main><p>Base flood elevation</p></main></body></html>`,
      );
      await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
      expect(await seriousAxeViolations(page, undefined, 'colour')).toEqual([]);
      expect(await page.locator('p').evaluate((p) => getComputedStyle(p).color)).toBe('rgb(255, 255, 255)');
    } finally {
      await page.context().close();
    }
  });

  it('reads an outline from the accessibility tree: a second h1, a skipped level and no announcer are caught', async () => {
    const page = await portal.newPage();
    try {
      // The hidden h1 is not in the tree; the visually hidden h2 is.
      await page.setContent(
        `<html lang="en"><head><title>t</title></head><body><main>
           <h1>Flood quotes</h1><h1 aria-hidden="true">Hidden</h1>
           <h2 style="position:absolute;clip:rect(0 0 0 0)">Carriers</h2><h4>Premium</h4><h1>Notes</h1>
         </main></body></html>`,
      );
      const outline = await pageOutline(page);
      expect(outline.headings).toEqual(['h1 Flood quotes', 'h2 Carriers', 'h4 Premium', 'h1 Notes']);
      expect(outlineProblems(outline)).toEqual([
        'not one h1 first: h1 Flood quotes | h2 Carriers | h4 Premium | h1 Notes',
        'h2 Carriers -> h4 Premium skips a level',
        'announcer regions missing, not polite polite, assertive assertive',
      ]);
    } finally {
      await page.context().close();
    }
  });

  it(
    'finds no serious or critical violation on the signed-out pages',
    async () => {
      expect(await violationsOf(null, SIGNED_OUT_ROUTES, 'signed-out')).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "finds none on the agent's pages, the application form and its quotes",
    async () => {
      expect(applicationPaths.length).toBeGreaterThanOrEqual(2);
      expect(await violationsOf('agent@demo.test', [...WORKER_ROUTES, ...applicationPaths], 'agent')).toEqual(
        [],
      );
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "finds none on the admin's pages and the administration pages",
    async () => {
      expect(await violationsOf('admin@demo.test', [...WORKER_ROUTES, ...ADMIN_ROUTES], 'admin')).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "finds none on the super-admin's administration pages",
    async () => {
      expect(await violationsOf('superadmin@demo.test', ADMIN_ROUTES, 'super-admin')).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "finds none in the agent's dialogs",
    async () => {
      expect(await dialogViolationsOf('agent@demo.test', AGENT_DIALOGS, 'agent')).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "finds none in the admin's settings dialogs",
    async () => {
      expect(await dialogViolationsOf('admin@demo.test', ADMIN_DIALOGS, 'admin')).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "finds none in the super-admin's company dialogs",
    async () => {
      expect(await dialogViolationsOf('superadmin@demo.test', SUPER_ADMIN_DIALOGS, 'super-admin')).toEqual(
        [],
      );
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "finds none on each tab of the schema studio's editor",
    async () => {
      const found: string[] = [];
      const page = await newLightPage();
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
          found.push(
            ...(await inBothModes(page, async (mode, rules) => {
              if (tab === 'Raw JSON')
                await portal.screenshot(page, `axe-schema-studio-editor-${mode}`, false);
              return (await seriousAxeViolations(page, undefined, rules)).map(
                (violation) => `${mode} editor ${tab}: ${violation}`,
              );
            })),
          );
        }
      } finally {
        await page.context().close();
      }
      expect(found).toEqual([]);
    },
    // Every editor tab in both schemes: over the e2e default of 120 s when the machine is loaded
    // (it timed out once beside other journeys).
    SWEEP_TIMEOUT_MS,
  );
});
