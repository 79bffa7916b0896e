/**
 * Filling the application form through the UI, shared by the e2e journeys: launch, read which
 * `[data-field]` cells the form flags, fill those from an example document as a person would, and
 * launch again until the form lets the launch through.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { schemaSet } from '../../schemas/schema-set.ts';
import type { RunningPortal } from './harness.ts';

const compiled = compileSchemaSet(schemaSet);

/** An example document: field key to stored value. */
export type ExampleDocument = Record<string, unknown>;

/** The label an option list shows for a stored value (oneOf titles, or the value itself). */
export function optionLabel(field: string, value: unknown): string {
  const schema = compiled.properties[field] as { oneOf?: { const: unknown; title?: string }[] } | undefined;
  const option = schema?.oneOf?.find((o) => o.const === value);
  return option?.title ?? String(value);
}

/** Fills one form cell (`[data-field=<key>]`) with the example document's value, as a person would. */
export async function fillCell(page: Page, cell: Locator, field: string, example: ExampleDocument) {
  const value = example[field];
  if ((await cell.getByRole('radiogroup').count()) > 0) {
    await cell.getByRole('radio', { name: optionLabel(field, value), exact: true }).check();
    return;
  }
  const input = cell.locator('input:not([type=hidden]), textarea').first();
  if ((await input.getAttribute('aria-haspopup')) === 'listbox') {
    await input.click();
    await page.getByRole('option', { name: optionLabel(field, value), exact: true }).click();
    return;
  }
  await input.fill(String(value));
  await input.blur();
}

/** What `launchAndFill` needs: the page on the form view, the example, and where to screenshot. */
export interface LaunchAndFillOptions {
  page: Page;
  portal: RunningPortal;
  example: ExampleDocument;
  /** Screenshot name for the first "Invalid data!" round; none when omitted. */
  invalidScreenshot?: string;
  /** How many launch rounds before giving up. */
  maxRounds?: number;
  /**
   * Resolves once the launch went through (the form let it pass). Defaults to the first
   * "Indicative" badge of the quotes view; a flow with dialogs after Launch passes its own.
   */
  launched?: (page: Page) => Promise<unknown>;
}

/**
 * Fills the open New application dialog as an agent would: the ZIP, then (once the ZIP look-up
 * named its city, up to 10 s) Address 1. Returns the dialog, for the caller to press Create.
 */
export async function fillNewApplicationDialog(
  page: Page,
  place: { zip: string; city: string; address1: string },
): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'New application' });
  await dialog.getByLabel('Zip').fill(place.zip);
  await expect.poll(() => dialog.getByLabel('City').inputValue(), { timeout: 10_000 }).toBe(place.city);
  await dialog.getByLabel('Address 1').fill(place.address1);
  return dialog;
}

/**
 * Waits (up to 20 s) until the background pre-fill of a new Primary application has written its
 * coverage estimates (ADR 758), the last of what it writes, so a journey launches a form the agent
 * would see, not one half-way through its lookup.
 */
export async function prefillWritten(page: Page): Promise<void> {
  await page
    .locator('[data-field="building_limit"]')
    .getByText(/Estimate · confirm or change/)
    .waitFor({ timeout: 20_000 });
}

/**
 * Waits (up to 30 s, polling `property-data/prefill-status` every 250 ms) until no background
 * pre-fill of the applications `ids` is queued or running (ADR 758), so a page opened on them is
 * not re-based under a click by a pre-fill that writes a newer version. Throws on the deadline.
 */
export async function prefillsSettled(
  portal: RunningPortal,
  sessionKey: string,
  ids: number[],
): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (const id of ids) {
    for (;;) {
      const answer = await portal.post('property-data/prefill-status', {
        session_key: sessionKey,
        application_id: id,
      });
      const status = answer.body.data?.status;
      if (status !== 'queued' && status !== 'running') break;
      if (Date.now() > deadline)
        throw new Error(`The pre-fill of application ${id} is still ${status} after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Clicks Launch; while the form answers "Invalid data!", fills the flagged cells from the example
 * and launches again. Returns the fields it filled.
 */
export async function launchAndFill({
  page,
  portal,
  example,
  invalidScreenshot,
  maxRounds = 8,
  // The quotes view's count, shown above the comparison table and the cards alike.
  launched = (p) =>
    p
      .getByText(/carriers quoted/)
      .first()
      .waitFor({ timeout: 10_000 }),
}: LaunchAndFillOptions): Promise<Set<string>> {
  const filled = new Set<string>();
  for (let round = 0; round < maxRounds; round += 1) {
    // The previous round's toast must be gone, or it would be read as this round's answer.
    await page.getByText('Invalid data!').first().waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('button', { name: 'Launch', exact: true }).click();
    const outcome = await Promise.race([
      page
        .getByText('Invalid data!')
        .first()
        .waitFor({ timeout: 10_000 })
        .then(() => 'invalid' as const),
      launched(page).then(() => 'launched' as const),
    ]);
    if (outcome === 'launched') return filled;
    if (round === 0 && invalidScreenshot) await portal.screenshot(page, invalidScreenshot, false);
    const flagged = page.locator('[data-field]:has(.mantine-InputWrapper-error)');
    const fields = await flagged.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-field') ?? ''));
    expect(fields.length, 'Invalid data! without a flagged field').toBeGreaterThan(0);
    // A field the example leaves empty may only be asked for until another answer hides it
    // (e.g. stairs to the front door, until the foundation is Slab).
    let filledThisRound = 0;
    for (const field of fields) {
      const cell = page.locator(`[data-field="${field}"]`);
      if ((await cell.count()) === 0 || example[field] === undefined) continue;
      expect(filled.has(field), `${field} is still flagged after it was filled`).toBe(false);
      filled.add(field);
      await fillCell(page, cell, field, example);
      filledThisRound += 1;
    }
    expect(filledThisRound, `no example value for the flagged fields ${fields.join(', ')}`).toBeGreaterThan(
      0,
    );
    await page.getByText('All changes saved').first().waitFor({ timeout: 10_000 });
  }
  throw new Error(
    `the form still did not launch after ${maxRounds} rounds; filled ${[...filled].join(', ')}`,
  );
}

/** Shows the quotes as cards (a desktop opens on the comparison table; journeys that read cards switch). */
export async function showQuoteCards(page: Page): Promise<void> {
  const cardsLayout = page.getByRole('radio', { name: 'Cards' });
  if ((await cardsLayout.count()) > 0 && !(await cardsLayout.isChecked()))
    await page.getByText('Cards', { exact: true }).click();
}

/** Waits (up to 60 s) until no quote on the page says a carrier is still waiting or pending. */
export async function everyCarrierAnswered(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .locator('[data-launch-progress]')
          .filter({ hasText: /waiting|pending/i })
          .count(),
      { timeout: 60_000 },
    )
    .toBe(0);
}
