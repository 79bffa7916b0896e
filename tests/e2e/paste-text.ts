/**
 * Pasting a text into a field, as a person does with a JSON part copied from elsewhere: the text
 * goes to the clipboard, the field is focused, its text selected and replaced with Ctrl+V.
 * Playwright's `fill` inserts a textarea's text through Chromium's editing, which for the schema
 * studio's 2,800-line cases part took 18-23 s of native time (a CDP profile; a paste: 0.7 s) and,
 * in a loaded full run, pushed the studio journey past its limit on both tries.
 */
import type { Locator } from 'playwright-core';

/** Replaces the text of `field` (an input or textarea) with `text` through the clipboard. */
export async function pasteInto(field: Locator, text: string): Promise<void> {
  const page = field.page();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(page.url()).origin,
  });
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}
