/**
 * Issue 16 Customer portal end to end in Chromium: the demo customer signs in to their dashboard,
 * sees the application whose client they are with its quotes and their agent's contact, asks the
 * agent to get in touch and chooses a quote (both listed as their requests, waiting for the agent,
 * who finds both notes on the application),
 * sees only the Dashboard in the menu, and an agents' page says "Access denied" inside the shell.
 * A client without a customer account opens the `{{quote_link}}` of a message signed out and reads
 * the quotes; the same link changed to another application opens nothing (decision 440).
 * No serious axe violation in light or dark mode. Screenshots: customer-dashboard-<mode>.png,
 * customer-contact-dialog.png, customer-access-denied-<mode>.png, customer-quote-view.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageStateViolations } from './axe-in-both-modes.ts';
import { seriousAxeViolations } from './axe-violations.ts';
import { type RunningPortal, startPortal } from './harness.ts';

const COLOR_SCHEME_KEY = 'mga-portal-color-scheme';

const CUSTOMER = 'customer@demo.test';

describe('customer portal in Chromium', () => {
  let portal: RunningPortal;
  let applicationId: number;
  let address: string;

  beforeAll(async () => {
    portal = await startPortal();
    const key = await portal.sessionKeyOf(CUSTOMER);
    const mine = (await portal.post('customer-portal/get-my-applications', { session_key: key })).body;
    applicationId = mine.data.applications[0].id;
    address = mine.data.applications[0].searched_address;
    // The server seeds the demo and its sample book on start: minutes on a loaded two-core machine.
  }, 600_000);
  afterAll(async () => {
    await portal?.stop();
  });

  it('shows the application with its quotes and the agent, and sends both requests to the agent', async () => {
    const page = await portal.newPage();
    try {
      await portal.signIn(page, CUSTOMER);
      await page.getByRole('heading', { name: 'Welcome, Casey' }).waitFor();
      const card = page.getByRole('region', { name: address });
      await card.getByRole('table').waitFor();
      expect(await card.getByText('Alex Agent').isVisible()).toBe(true);
      expect(await card.getByRole('link', { name: 'agent@demo.test' }).getAttribute('href')).toBe(
        'mailto:agent@demo.test',
      );
      expect(await card.getByRole('link', { name: '(305) 555-0142' }).isVisible()).toBe(true);
      expect(await card.locator('tbody tr').count()).toBeGreaterThan(0);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Dashboard']);

      await card.getByRole('button', { name: 'Contact my agent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Contact my agent' });
      // The accessibility sweep's check of the customer's dialog as it opens, in both modes, made
      // here where the journey opens it (ADR 743; it was accessibility.test.ts's customer sweep).
      await dialog.waitFor();
      expect(
        await pageStateViolations(
          portal,
          page,
          '/dashboard "Contact my agent"',
          'axe-dialog-customer-Contact-my-agent',
          {
            restore: true,
          },
        ),
      ).toEqual([]);
      await dialog.getByRole('textbox', { name: /Message/ }).fill('Please call me after 5 pm.');
      await portal.screenshot(page, 'customer-contact-dialog', false);
      const [contact] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/customer-portal/contact-agent')),
        dialog.getByRole('button', { name: 'Send to my agent' }).click(),
      ]);
      expect(contact.status()).toBe(200);
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Alex Agent will get back to you.').waitFor();

      const want = card.getByRole('button', { name: /I want this quote/ }).first();
      const carrier = (await want.innerText()).replace('I want this quote', '').trim();
      await want.click();
      const wantDialog = page.getByRole('dialog', { name: 'I want this quote' });
      const [chosen] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/customer-portal/contact-agent')),
        wantDialog.getByRole('button', { name: 'Send to my agent' }).click(),
      ]);
      expect(chosen.status()).toBe(200);
      await wantDialog.waitFor({ state: 'hidden' });
      // Both requests show on the card, waiting for the agent (decision 401).
      const requests = card.getByRole('region', { name: 'Your requests' });
      await requests.getByText(/Please call me after 5 pm/).waitFor();
      await expect.poll(() => requests.getByText('Waiting for Alex Agent').count()).toBe(2);

      // The agent finds both requests on the application.
      const details = (
        await portal.post('agent-portal/get-application-by-id', {
          session_key: await portal.sessionKeyOf('agent@demo.test'),
          application_id: applicationId,
        })
      ).body;
      const messages: string[] = details.data.application.notes.map(
        (note: { payload: { message: string } }) => note.payload.message,
      );
      expect(messages).toContain('Casey Customer asks you to get in touch. "Please call me after 5 pm."');
      expect(
        messages.some((m) => m.startsWith(`Casey Customer wants the ${carrier.slice(1, -1)} quote`)),
      ).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it('a client without an account opens the quote link signed out, read-only; a changed link opens nothing', async () => {
    const adminKey = await portal.sessionKeyOf('admin@demo.test');
    const listing = (await portal.post('agent-portal/get-agent-applications-list', { session_key: adminKey }))
      .body;
    // The customer's own application links to their dashboard; the others have no client account.
    type Row = { id: number; status: string };
    const rows: Row[] = listing.data.applications.data.filter((row: Row) => row.id !== applicationId);
    const other = rows.find((row) => row.status === 'completed') ?? rows[0];
    const preview = (
      await portal.post('portal-settings/preview-template', {
        session_key: adminKey,
        kind: 'sms',
        body: '{{quote_link}}',
        application_id: other.id,
      })
    ).body;
    const link = new URL(preview.data.preview.body);
    expect(link.pathname).toBe('/quote-view');
    const page = await portal.newPage({ bypassCSP: true });
    try {
      await page.goto(`${portal.baseUrl}${link.pathname}${link.search}`);
      await page.getByRole('heading', { name: 'Your quotes' }).waitFor();
      const card = page.getByRole('region').first();
      await card.getByText('Your agent').waitFor();
      expect(await card.getByText(`RMGA${String(other.id).padStart(7, '0')}`, { exact: false }).count()).toBe(
        1,
      );
      expect(await card.getByRole('button').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await portal.screenshot(page, 'customer-quote-view');

      const [, expires, signature] = (link.searchParams.get('token') as string).split('.');
      await page.goto(`${portal.baseUrl}/quote-view?token=${applicationId}.${expires}.${signature}`);
      await page.getByText('This quote link is invalid or has expired.').waitFor();
      expect(await page.getByRole('region').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`shows the dashboard and Access denied on an agents' page without serious axe violations (${mode})`, async () => {
      const page = await portal.newPage({ bypassCSP: true });
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        COLOR_SCHEME_KEY,
        mode,
      ] as const);
      try {
        await portal.signIn(page, CUSTOMER);
        await page.getByRole('region', { name: address }).getByRole('table').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await portal.screenshot(page, `customer-dashboard-${mode}`);

        await page.goto(`${portal.baseUrl}/agent-portal/application-details/${applicationId}`);
        await page.getByRole('heading', { name: 'Access denied' }).waitFor();
        expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
        const text = await page.locator('main').innerText();
        expect(text).toContain('You do not have access to this page.');
        expect(text).not.toMatch(/403|Internal Server Error|Forbidden/);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await portal.screenshot(page, `customer-access-denied-${mode}`);
      } finally {
        await page.context().close();
      }
    });
  }
});
