/**
 * Keyboard and screen-reader users where axe cannot see (issue 46, WCAG 2.2 AA), in Chromium: the
 * application form and the quotes view walked with Tab and Shift+Tab at 1280x800 and 640x400 with
 * every focused control a control (it has a role), at least partly on screen (not under the header
 * or the Launch bar, ADR 749) and ringed by a 2 px outline at 3:1 or more (ADR 750), invalid fields
 * included; an invalid radio group and its radios aria-invalid; the headings and live regions as
 * the accessibility tree has them (page-outline.ts); the announcer after an empty sign-in, a ZIP
 * look-up, a launch (focus on the quotes' heading) and a send; the compare-and-send journey by
 * keyboard alone, its Tab presses counted and every stop on the way visible, focus back on each
 * trigger in full view (ADR 756); axe in both modes on the states these change.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples } from '../../schemas/schema-set.ts';
import { type MailSink, startMailSink } from '../../server/mail/mail-sink.ts';
import { pdfPagesText } from '../server/helpers/pdf-text.ts';
import { addressOf } from '../server/helpers/sample-records.ts';
import { pageStateViolations } from './axe-in-both-modes.ts';
import { browserErrorsOf, withBrowserErrors } from './browser-errors.ts';
import { everyCarrierAnswered } from './fill-application-form.ts';
import { type RunningPortal, startPortal } from './harness.ts';
import { focused, focusProblems, focusView, type KeyedStep, keyTo, tabTo, walkStops } from './keyboard.ts';
import { outlineProblems, pageOutline } from './page-outline.ts';

/** The page area every walk stays in: the shell's main content. */
const MAIN = '#main-content';
/** The area a dialog's steps stay in. */
const DIALOG = '[role="dialog"]';
/** Where the compare-and-send journey e-mails the quotes. */
const CLIENT = 'keyboard.client@example.com';
/**
 * The most Tab and Shift+Tab presses the compare-and-send journey may take over the demo's 25
 * carriers: it took 78 (19 from the quotes' heading past the 13 sort buttons to the first carrier,
 * 30 through the send dialog's one checkbox a quote; ADR 756). A mark or cell that took focus again
 * would add one a row.
 */
const TAB_BUDGET = 80;

/** The text of the announcer's `politeness` live region (portal/components/live-announcer.tsx). */
function announced(page: Page, politeness: 'polite' | 'assertive'): Promise<string> {
  return page
    .locator(`[data-live-announcer="${politeness}"]`)
    .evaluate((region) => (region.textContent ?? '').trim());
}

describe('keyboard and screen reader: what axe cannot see', () => {
  let sink: MailSink;
  let portal: RunningPortal;
  let sessionKey = '';
  /** The details page of the demo agent's launched (completed) application (seed-demo-data.ts). */
  let completedPath = '';

  /** POST /api/agent-portal/<path> as the demo agent: the envelope. */
  const agentCall = async (path: string, body: object = {}) =>
    (await portal.post(`agent-portal/${path}`, { session_key: sessionKey, ...body })).body;

  /** A new Primary application at the example's address with `details` saved; its details path. */
  async function application(details: object): Promise<string> {
    const created = await agentCall('create-new-application', {
      carrier_quote_type: 'Primary',
      address: addressOf(examples.primary),
    });
    const id = created.data.application.id;
    const saved = await agentCall('update-application', { application_id: id, address_details: details });
    expect(saved.code, JSON.stringify(saved)).toBe(200);
    return `/agent-portal/application-details/${id}`;
  }

  beforeAll(async () => {
    sink = await startMailSink();
    portal = await startPortal({ SMTP_URL: sink.url });
    sessionKey = await portal.sessionKeyOf('agent@demo.test');
    const list = await agentCall('get-agent-applications-list');
    const completed = list.data.applications.data.find(
      (row: { status: string }) => row.status === 'completed',
    );
    completedPath = `/agent-portal/application-details/${completed.id}`;
  });
  afterAll(async () => {
    await portal?.stop();
    await sink?.close();
  });

  /** Runs `journey` on a new page (axe needs no CSP), with a screenshot and browser errors on failure. */
  async function onPage(
    name: string,
    viewport: { width: number; height: number },
    journey: (page: Page) => Promise<void>,
  ) {
    const page = await portal.newPage({ viewport, bypassCSP: true });
    const errors = browserErrorsOf(page);
    try {
      await journey(page);
    } catch (error) {
      await portal.screenshot(page, `${name}-failure`, false);
      throw withBrowserErrors(error, errors);
    } finally {
      await page.context().close();
    }
  }

  it('reads out an empty sign-in and a ZIP look-up; the password toggle is a named Tab stop', async () => {
    await onPage('keyboard-sign-in', { width: 1280, height: 800 }, async (page) => {
      await page.goto(`${portal.baseUrl}/auth/login`);
      await page.getByLabel('Email').waitFor();
      expect(outlineProblems(await pageOutline(page))).toEqual([]);
      await tabTo(page, (f) => f.name.startsWith('Email'), { what: 'Email' });
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toMatch(/^Password/);
      await page.keyboard.press('Tab');
      const toggle = await focused(page);
      expect(toggle.name).toBe('Show or hide the typed characters');
      expect(toggle.indicated).toBe(true);
      await tabTo(page, (f) => f.name === 'Sign in', { what: 'Sign in', max: 5 });
      await page.keyboard.press('Enter');
      await expect
        .poll(() => announced(page, 'assertive'))
        .toBe('Email cannot be empty! Password cannot be empty!');
      expect(await pageStateViolations(portal, page, 'empty sign-in', 'keyboard-sign-in-empty')).toEqual([]);

      await portal.signIn(page, 'agent@demo.test');
      await page.goto(`${portal.baseUrl}/agent-portal`);
      await page.getByRole('button', { name: 'New application' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New application' });
      await dialog.getByLabel(/^Zip/).fill('33139');
      await expect.poll(() => announced(page, 'polite')).toBe('Filled from the ZIP code: Miami Beach, FL');
    });
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 640, height: 400 },
  ]) {
    it(`tabs through the flagged application form both ways at ${viewport.width}x${viewport.height}, every control on screen and ringed`, async () => {
      const path = await application({});
      await onPage(`keyboard-form-${viewport.width}`, viewport, async (page) => {
        await portal.signIn(page, 'agent@demo.test');
        await page.goto(`${portal.baseUrl}${path}`);
        await page.locator('[data-field]').first().waitFor();
        if (viewport.width < 768) {
          // The navigation folds behind its button, which says whether it is open and what it opens.
          const burger = page.getByRole('button', { name: 'Open navigation' });
          expect(await burger.getAttribute('aria-expanded')).toBe('false');
          expect(await burger.getAttribute('aria-controls')).toBe('main-navigation');
          // Folded, the navigation's links are no Tab stops off screen.
          const inert = () => page.locator('#main-navigation').evaluate((nav) => (nav as HTMLElement).inert);
          expect(await inert()).toBe(true);
          await burger.focus();
          await page.keyboard.press('Enter');
          const close = page.getByRole('button', { name: 'Close navigation' });
          expect(await close.getAttribute('aria-expanded')).toBe('true');
          expect(await inert()).toBe(false);
          await page.keyboard.press('Enter');
          await expect.poll(inert).toBe(true);
        }
        // Launch with the required fields empty: every one of them is flagged.
        await page.getByRole('button', { name: 'Launch', exact: true }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await focused(page)).flagged).toBe(true);

        // An underwriting question left empty: the group and its radios say so, with the message.
        const group = page.locator('[role="radiogroup"][aria-invalid="true"]').first();
        await group.waitFor();
        const radios = group.getByRole('radio');
        expect(await radios.count()).toBeGreaterThan(1);
        for (const radio of await radios.all()) expect(await radio.getAttribute('aria-invalid')).toBe('true');
        // It points to the message its cell shows.
        const { described, shown } = await group.evaluate((element) => ({
          described: (element.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
          shown:
            element.closest('[data-field]')?.querySelector('.mantine-InputWrapper-error')?.textContent ?? '',
        }));
        expect(shown).not.toBe('');
        expect(described).toContain(shown);

        // The outline: the application's number, "Application details", then its sections.
        const outline = await pageOutline(page);
        expect(outlineProblems(outline)).toEqual([]);
        expect(outline.headings[1]).toBe('h2 Application details');
        expect(outline.headings.filter((heading) => heading.startsWith('h3')).length).toBeGreaterThan(2);

        // The launch's toast sits over the top right corner until it closes by itself.
        await page.getByText('Invalid data!').first().waitFor({ state: 'detached', timeout: 10_000 });
        // From the form's heading to the end of the page, and back to its top.
        await page.getByRole('heading', { name: 'Application details' }).focus();
        const forward = await walkStops(page, MAIN);
        const backward = await walkStops(page, MAIN, { backwards: true });
        expect(forward.length).toBeGreaterThan(30);
        // Back up past the form to the top of the page: the details header's controls come too.
        expect(backward.length).toBeGreaterThanOrEqual(forward.length);
        expect(forward.some((stop) => stop.invalid)).toBe(true);
        expect([...focusProblems(forward), ...focusProblems(backward)]).toEqual([]);
        await portal.screenshot(page, `keyboard-form-${viewport.width}-top`, false);
        if (viewport.width === 1280)
          expect(await pageStateViolations(portal, page, 'flagged form', 'keyboard-form-flagged')).toEqual(
            [],
          );
      });
    });
  }

  it('after a launch reads the outcome and puts focus on the quotes heading', async () => {
    const path = await application({ ...examples.primary });
    await onPage('keyboard-launch', { width: 1280, height: 800 }, async (page) => {
      await portal.signIn(page, 'agent@demo.test');
      await page.goto(`${portal.baseUrl}${path}`);
      await page.locator('[data-field]').first().waitFor();
      await page.getByRole('button', { name: 'Launch', exact: true }).focus();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { level: 2, name: /carriers quoted/ });
      await heading.waitFor({ timeout: 20_000 });
      // Focus went with the form's Launch button to the quotes' heading, which names the outcome.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toMatch(/^\d+ of \d+ carriers quoted/);
      await everyCarrierAnswered(page);
      // The lowest premium follows the last answer.
      await expect
        .poll(() => heading.textContent())
        .toMatch(/^\d+ of \d+ carriers quoted · lowest \$[\d,]+$/);
      const summary = (await heading.textContent()) ?? '';
      await expect.poll(() => announced(page, 'polite')).toBe(summary.replace(' · ', ', '));

      const outline = await pageOutline(page);
      expect(outlineProblems(outline)).toEqual([]);
      expect(outline.headings.slice(1)).toEqual([`h2 ${summary}`, 'h2 Notes']);
      expect(await pageStateViolations(portal, page, 'launched quotes', 'keyboard-quotes')).toEqual([]);
    });
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 640, height: 400 },
  ]) {
    it(`tabs through the quotes view both ways at ${viewport.width}x${viewport.height}: every stop a control, on screen and ringed`, async () => {
      await onPage(`keyboard-quotes-${viewport.width}`, viewport, async (page) => {
        await portal.signIn(page, 'agent@demo.test');
        await page.goto(`${portal.baseUrl}${completedPath}`);
        const heading = page.getByRole('heading', { level: 2, name: /carriers quoted/ });
        await heading.waitFor();
        // The table on a desktop, the cards below Mantine's sm breakpoint.
        await (viewport.width >= 768
          ? page.getByRole('table', { name: 'Quotes comparison' })
          : page.getByLabel(/ quote$/).first()
        ).waitFor();
        // From the heading a launch focuses to the end of the page, and back to its top.
        await heading.focus();
        const forward = await walkStops(page, MAIN);
        const backward = await walkStops(page, MAIN, { backwards: true });
        expect(forward.length).toBeGreaterThan(10);
        // Back up past the quotes to the top of the page: the details header's controls come too.
        expect(backward.length).toBeGreaterThan(forward.length);
        expect([...focusProblems(forward), ...focusProblems(backward)]).toEqual([]);
        await portal.screenshot(page, `keyboard-quotes-${viewport.width}-top`, false);
      });
    });
  }

  it('compares two carriers and e-mails three quotes with the keyboard alone, focus never hidden', async () => {
    await onPage('keyboard-compare-send', { width: 1280, height: 800 }, async (page) => {
      await portal.signIn(page, 'agent@demo.test');
      await page.goto(`${portal.baseUrl}${completedPath}`);
      const heading = page.getByRole('heading', { level: 2, name: /carriers quoted/ });
      await page.getByRole('table', { name: 'Quotes comparison' }).waitFor();
      // Where a launch leaves focus.
      await heading.focus();
      /** Each step's presses and stops, by what it reached. */
      const steps: [string, KeyedStep][] = [];
      const step = async (name: string | RegExp, options: { backwards?: boolean; within?: string } = {}) => {
        const done = await keyTo(page, name, { within: MAIN, ...options });
        const reached = done.stops.at(-1);
        steps.push([reached?.name ?? String(name), done]);
        return reached;
      };

      // Two carriers ticked with Space, then back up to the comparison's button.
      const first = await step(/^Compare /);
      await page.keyboard.press('Space');
      const second = await step(/^Compare /);
      await page.keyboard.press('Space');
      await step('Compare selected', { backwards: true });
      await page.keyboard.press('Enter');
      // The comparison takes focus at its heading, on screen.
      await expect.poll(async () => (await focusView(page, MAIN)).name).toBe('2 carriers side by side');
      expect((await focusView(page, MAIN)).shown).toBeGreaterThan(0);
      const compared = [first, second].map((stop) => stop?.name.replace(/^Compare /, '') ?? '');
      const columns = page
        .getByRole('table', { name: 'Selected quotes side by side' })
        .getByRole('columnheader');
      expect((await columns.allInnerTexts()).slice(1).map((text) => text.trim())).toEqual(compared);
      await step('Close comparison');
      await page.keyboard.press('Enter');
      // Back on the button that opened it, all of it clear of the sticky header.
      await expect.poll(async () => (await focusView(page, MAIN)).name).toBe('Compare selected');
      const trigger = await focusView(page, MAIN);
      expect(trigger.points).toBe(15);
      expect(trigger.shown, `${trigger.top}-${trigger.bottom} px`).toBe(trigger.points);
      await portal.screenshot(page, 'keyboard-compare-closed', false);

      // The send dialog starts with the compared carriers; a third is added and the client's address typed.
      await step('Send / download quote', { backwards: true });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Send or download quote' });
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Subject' }).inputValue()).not.toBe('');
      const third = await dialog
        .getByRole('checkbox', { checked: false })
        .evaluateAll(
          (inputs) =>
            inputs
              .map((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '')
              .find((label) => label.includes('$')) ?? '',
        );
      expect(third).not.toBe('');
      await step(third, { within: DIALOG });
      await page.keyboard.press('Space');
      await step(/^Client e-mail/, { within: DIALOG });
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(CLIENT);
      await portal.screenshot(page, 'keyboard-send-dialog', false);
      await step('Send e-mail', { within: DIALOG });
      await page.keyboard.press('Enter');
      const sent = `Sent to ${CLIENT}. The send is noted on the application.`;
      await expect.poll(() => announced(page, 'polite')).toBe(sent);
      const mail = await sink.waitFor((message) => message.envelopeTo.includes(CLIENT), 10_000);
      const pdf = (await pdfPagesText(mail.attachments[0]?.content ?? new Uint8Array())).join(' ');
      for (const carrier of [...compared, third.split(' · ')[0] ?? ''])
        expect(pdf, carrier).toContain(carrier);
      // Escape closes the dialog and gives focus back to its button, on screen.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => (await focusView(page, MAIN)).name).toBe('Send / download quote');
      const opener = await focusView(page, MAIN);
      expect(opener.shown).toBe(opener.points);

      // No stop on the way hidden, without a role or unringed; the presses each step took.
      expect(steps.flatMap(([, done]) => focusProblems(done.stops))).toEqual([]);
      const presses = steps.map(([name, done]) => `${name}: ${done.presses}`);
      const total = steps.reduce((sum, [, done]) => sum + done.presses, 0);
      expect(total, presses.join(', ')).toBeLessThanOrEqual(TAB_BUDGET);
    });
  });
});
