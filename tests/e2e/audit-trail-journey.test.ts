/**
 * Issue 38's audit trail page in Chromium (docs/decisions/719-append-only-audit-trail.md): the demo
 * admin signs in, opens Audit trail from the navigation and finds their own sign-in on top; filters
 * by action (a refused sign-in at one of the agency's users; then sign-ins only), exports the
 * filtered trail as CSV and reads the rows the page listed in the file; an empty range shows the
 * empty state. The listed, filtered and empty states pass axe in light and dark
 * (test-results/audit-trail-*-<mode>.png), and the session key never reaches the server's log.
 * An agent has no Audit trail entry, gets "Access denied" at its address, and the call answers 403.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageStateViolations } from './axe-in-both-modes.ts';
import { type RunningPortal, startPortal } from './harness.ts';
import { keysInLog, storedSessionKey } from './keys-in-server-log.ts';

describe('the audit trail page in Chromium', () => {
  let portal: RunningPortal;

  beforeAll(async () => {
    portal = await startPortal();
    // A guess at the agency's agent: auth.login_failed in the agency's trail.
    const refused = (
      await portal.post('auth/login', { email: 'agent@demo.test', password: 'not-the-password' })
    ).body;
    expect(refused.code).toBe(401);
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('lists the admin’s sign-in, filters by action and exports the rows it lists', async () => {
    const page = await portal.newPage({ bypassCSP: true });
    try {
      await portal.signIn(page, 'admin@demo.test');
      const key = await storedSessionKey(page);
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Audit trail' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor();
      const table = page.getByRole('table', { name: 'Audit events' });
      const rows = table.locator('tbody tr');
      // Newest first: the sign-in just made, by the admin, from the browser's address.
      const newest = rows.first();
      await newest.waitFor();
      const cells = await newest.locator('td').allInnerTexts();
      expect(cells[1]).toBe('Ada Admin');
      expect(cells[2]).toBe('—');
      expect(cells[3]).toMatch(/^Signed in\s+auth\.login$/);
      expect(cells[5]).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
      expect(
        await pageStateViolations(portal, page, 'audit trail', 'audit-trail-listed', { restore: true }),
      ).toEqual([]);

      // The refused sign-in only: recorded under the account the e-mail names, which is its target.
      const action = page.getByRole('combobox', { name: 'Action' });
      await action.click();
      await page.getByRole('option', { name: 'Sign-in refused' }).click();
      await expect.poll(() => rows.first().locator('td').nth(3).innerText()).toMatch(/auth\.login_failed$/);
      expect(await rows.count()).toBe(1);
      const refused = await rows.first().locator('td').allInnerTexts();
      expect(refused[1]).toBe('Alex Agent');
      expect(refused[4]).toMatch(/^user \d+$/);

      // Sign-ins only, then the file of exactly those rows.
      await action.click();
      await page.getByRole('option', { name: 'Signed in', exact: true }).click();
      await expect.poll(() => rows.first().locator('td').nth(3).innerText()).toMatch(/auth\.login$/);
      const actionCells = table.locator('tbody tr td:nth-child(4)');
      await expect
        .poll(async () => (await actionCells.allInnerTexts()).every((cell) => cell.endsWith('auth.login')))
        .toBe(true);
      const listed = await rows.count();
      await page.getByText(listed === 1 ? '1 event' : `${listed} events`, { exact: true }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = readFileSync(await download.path(), 'utf8')
        .trim()
        .split('\n');
      expect(lines[0]).toBe(
        'occurred_at,action,actor_user_id,actor_name,acting_as_user_id,acting_as_name,company_id,target_type,target_id,client_address,details',
      );
      expect(lines.length - 1).toBe(listed);
      expect(lines.slice(1).every((line) => line.split(',')[1] === 'auth.login')).toBe(true);
      expect(lines[1]?.split(',')[3]).toBe('Ada Admin');
      await page
        .getByText(/is downloading\.$/)
        .first()
        .waitFor();
      expect(
        await pageStateViolations(portal, page, 'audit trail filtered', 'audit-trail-filtered', {
          restore: true,
        }),
      ).toEqual([]);

      // A range with no event: the empty state.
      await page.getByLabel('From').fill('2020-01-01');
      await page.getByLabel('To').fill('2020-01-31');
      await page.getByText('No audit events match these filters.').waitFor();
      expect(
        await pageStateViolations(portal, page, 'audit trail empty', 'audit-trail-empty', { restore: true }),
      ).toEqual([]);

      // The export was itself recorded in the agency's trail.
      const exported = (await portal.post('audit/list', { session_key: key, action: 'export.downloaded' }))
        .body;
      expect(exported.data.events[0]).toMatchObject({ actor_name: 'Ada Admin', target_type: 'audit_events' });
      expect(keysInLog(portal.serverLog(), [key])).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('gives an agent no entry and "Access denied", and the call answers 403', async () => {
    const page = await portal.newPage();
    try {
      await portal.signIn(page, 'agent@demo.test');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Audit trail' }).count()).toBe(0);
      await page.goto(`${portal.baseUrl}/dashboard/audit-trail`);
      await page.getByRole('heading', { name: 'Access denied' }).waitFor();
      expect(await page.getByRole('table', { name: 'Audit events' }).count()).toBe(0);
      const answer = await portal.post('audit/list', { session_key: await storedSessionKey(page) });
      expect(answer.statusCode).toBe(403);
    } finally {
      await page.context().close();
    }
  });
});
