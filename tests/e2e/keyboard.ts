/**
 * Driving the portal with the keyboard only (issue 17: "a keyboard-only journey that never needs a
 * mouse"): Tab and Shift+Tab to a control, Enter and Space to use it, arrows in radio groups and
 * option lists, typing into the focused field. The page is only read (what has focus, which cells
 * the form flags), never clicked or filled through the DOM.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type ExampleDocument, optionLabel } from './fill-application-form.ts';

/** What has focus: enough to decide the next key. */
export interface Focused {
  tag: string;
  /** `type` attribute (radio, checkbox, submit, ...), '' when none. */
  type: string;
  role: string;
  /** aria-label, else the text, else the label of an input. */
  name: string;
  /** The form cell's field key (`[data-field]`), '' outside the application form. */
  field: string;
  /** True when that form cell shows an error. */
  flagged: boolean;
  checked: boolean;
  /** True when nothing has focus (the browser fell back to <body>). */
  lost: boolean;
  /** True when the element draws a focus indicator (an outline or a ring), as :focus-visible asks. */
  indicated: boolean;
}

/** Reads the focused element. */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate((): Focused => {
    const element = document.activeElement as HTMLInputElement | null;
    const cell = element?.closest('[data-field]');
    const style = element ? getComputedStyle(element) : null;
    const outlined =
      style !== null && style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const ringed = style !== null && style.boxShadow !== 'none';
    return {
      tag: element?.tagName ?? '',
      type: element?.getAttribute('type') ?? '',
      role: element?.getAttribute('role') ?? '',
      name: (
        element?.getAttribute('aria-label') ||
        element?.labels?.[0]?.textContent ||
        element?.textContent ||
        ''
      )
        .replace(/\s+/g, ' ')
        .trim(),
      field: cell?.getAttribute('data-field') ?? '',
      flagged: cell?.querySelector('.mantine-InputWrapper-error') != null,
      checked: Boolean(element?.checked),
      lost: element === null || element === document.body,
      indicated: outlined || ringed,
    };
  });
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element matches `wanted`; fails after
 * `max` presses with the last element reached. Returns it.
 */
export async function tabTo(
  page: Page,
  wanted: (element: Focused) => boolean,
  { backwards = false, max = 150, what = 'the wanted control' } = {},
): Promise<Focused> {
  let last: Focused | null = null;
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    last = await focused(page);
    if (wanted(last)) return last;
  }
  throw new Error(
    `${what} was not reached in ${max} ${backwards ? 'Shift+Tab' : 'Tab'} presses; last: ${JSON.stringify(last)}`,
  );
}

/** Tabs to the control named `name` (exactly) and checks that it shows where focus is. */
export async function tabToNamed(
  page: Page,
  name: string | RegExp,
  options: { backwards?: boolean; max?: number } = {},
) {
  const matches = (element: Focused) =>
    typeof name === 'string' ? element.name === name : name.test(element.name);
  const reached = await tabTo(page, matches, { ...options, what: String(name) });
  expect(reached.indicated, `${reached.name} has focus but shows no focus indicator`).toBe(true);
  return reached;
}

/**
 * Gives the focused form field the example's value by keyboard: a radio group by arrows (Space
 * when the wanted option is the one focused), an option list by ArrowDown then Enter on the
 * wanted option, a text field by select-all and typing.
 */
export async function typeExampleValue(page: Page, field: string, example: ExampleDocument): Promise<void> {
  const keyboard = page.keyboard;
  const label = optionLabel(field, example[field]);
  const now = await focused(page);
  if (now.type === 'radio') {
    for (let step = 0; step < 20; step += 1) {
      const radio = await focused(page);
      if (radio.name === label) {
        if (!radio.checked) await keyboard.press('Space');
        return;
      }
      await keyboard.press('ArrowDown');
    }
    throw new Error(`no radio "${label}" in ${field}`);
  }
  if (now.role === 'combobox') {
    await keyboard.press('ArrowDown');
    for (let step = 0; step < 100; step += 1) {
      const option = await page.evaluate(
        () => document.querySelector('[data-combobox-selected]')?.textContent,
      );
      if (option === label) {
        await keyboard.press('Enter');
        return;
      }
      await keyboard.press('ArrowDown');
    }
    throw new Error(`no option "${label}" in ${field}`);
  }
  await keyboard.press('ControlOrMeta+A');
  await keyboard.type(String(example[field]));
}

/**
 * From the focused first flagged field (where a failed launch puts focus), walks the form with Tab
 * and types the example's value into every flagged field on the way; stops when focus leaves the
 * form. Returns the fields filled.
 */
export async function fillFlaggedFieldsByKeyboard(page: Page, example: ExampleDocument): Promise<string[]> {
  const filled: string[] = [];
  let at = await focused(page);
  expect(at.field, 'a failed launch puts focus on a form field').not.toBe('');
  for (let press = 0; press < 500 && at.field !== ''; press += 1) {
    if (at.flagged && example[at.field] !== undefined && !filled.includes(at.field)) {
      filled.push(at.field);
      await typeExampleValue(page, at.field, example);
    }
    await page.keyboard.press('Tab');
    at = await focused(page);
  }
  return filled;
}
