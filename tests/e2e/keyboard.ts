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

/** Where the focused control is on screen and how its focus ring looks (issue 46). */
export interface FocusView {
  /** As Focused.name, with the tag for a nameless element. */
  name: string;
  /** Points of a 5x3 grid over the control, inside the window. */
  points: number;
  /** Of those, the ones where the control (or a part of it) is the topmost element: not under a bar. */
  shown: number;
  /** The outline's width in px (0 without one). */
  outlineWidth: number;
  /** Contrast ratio of the outline's colour against the first opaque background behind the control. */
  ringContrast: number;
  /** True while focus is inside the element `within` selects. */
  inside: boolean;
  /** The ARIA role, explicit or implied by the tag ('' for an element with none, such as a span). */
  role: string;
  /** True when the control is aria-invalid. */
  invalid: boolean;
  /** Its top and bottom edges in the window (px), and the window's height: for the messages. */
  top: number;
  bottom: number;
  height: number;
}

/**
 * Reads the focused control's FocusView: hit-tests a grid of points over it (a sticky bar over a
 * point answers the bar, WCAG 2.4.11) and measures its outline against what is behind it (WCAG
 * 2.4.13: at least 2 px at 3:1). `within` is a selector of the area walked (focus outside it ends a walk).
 */
export function focusView(page: Page, within: string): Promise<FocusView> {
  return page.evaluate((area): FocusView => {
    const element = document.activeElement as HTMLInputElement | null;
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const linear = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
    };
    const empty = {
      name: '',
      points: 0,
      shown: 0,
      outlineWidth: 0,
      ringContrast: 0,
      inside: false,
      role: '',
      invalid: false,
      top: 0,
      bottom: 0,
      height: innerHeight,
    };
    if (!element || element === document.body) return empty;
    // A control drawn beside a hidden input (a switch, a segmented control) shows as its label.
    const own = element.getBoundingClientRect();
    const drawn = own.width * own.height > 1 ? element : (element.labels?.[0] ?? element);
    const rect = drawn.getBoundingClientRect();
    let points = 0;
    let shown = 0;
    for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9])
      for (const fy of [0.2, 0.5, 0.8]) {
        const x = rect.left + rect.width * fx;
        const y = rect.top + rect.height * fy;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        points += 1;
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === element || drawn.contains(hit))) shown += 1;
      }
    const style = getComputedStyle(element);
    const outlineWidth = style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth);
    let behind = element.parentElement;
    let background = [255, 255, 255];
    while (behind) {
      const colour = rgb(getComputedStyle(behind).backgroundColor);
      if (colour.length >= 3 && (colour[3] ?? 1) >= 1) {
        background = colour;
        break;
      }
      behind = behind.parentElement;
    }
    if (!behind) background = rgb(getComputedStyle(document.body).backgroundColor);
    const [lighter, darker] = [luminance(rgb(style.outlineColor)), luminance(background)].sort(
      (a, b) => b - a,
    );
    return {
      name: (
        element.getAttribute('aria-label') ||
        element.labels?.[0]?.textContent ||
        element.textContent ||
        element.tagName
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60),
      points,
      shown,
      outlineWidth,
      ringContrast: ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05),
      inside: element.closest(area) !== null,
      role:
        element.getAttribute('role') ||
        (element.tagName === 'INPUT'
          ? ['checkbox', 'radio'].includes(element.type)
            ? element.type
            : element.type === 'button' || element.type === 'submit'
              ? 'button'
              : 'textbox'
          : (
              {
                A: element.hasAttribute('href') ? 'link' : '',
                BUTTON: 'button',
                SELECT: 'combobox',
                TEXTAREA: 'textbox',
                SUMMARY: 'button',
              } as Record<string, string>
            )[element.tagName] || ''),
      invalid: element.getAttribute('aria-invalid') === 'true',
      top: Math.round(rect.top),
      bottom: Math.round(rect.bottom),
      height: innerHeight,
    };
  }, within);
}

/** Presses `key` and reads the FocusView of where focus went, after the browser scrolled to it (two frames). */
export async function pressAndView(page: Page, key: string, within: string): Promise<FocusView> {
  await page.keyboard.press(key);
  await page.evaluate(
    () => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))),
  );
  return focusView(page, within);
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until focus leaves the element `within` selects, reading
 * each stop's FocusView (pressAndView). Returns the stops, in order.
 */
export async function walkStops(
  page: Page,
  within: string,
  { backwards = false, max = 400 } = {},
): Promise<FocusView[]> {
  const stops: FocusView[] = [];
  for (let press = 0; press < max; press += 1) {
    const stop = await pressAndView(page, backwards ? 'Shift+Tab' : 'Tab', within);
    if (!stop.inside) return stops;
    stops.push(stop);
  }
  throw new Error(`focus stayed in ${within} for ${max} presses`);
}

/**
 * What is wrong with the stops (issue 46): a control the window does not show (every point of it
 * under a bar or outside the window, WCAG 2.4.11), a Tab stop with no role (it does nothing, 2.1.1),
 * an outline under 2 px or under 3:1 (2.4.13). One line a problem, `#<index> <name>: <problem>`.
 */
export function focusProblems(stops: FocusView[]): string[] {
  return stops.flatMap((stop, i) => [
    ...(stop.shown === 0
      ? [
          `#${i} ${stop.name}: hidden (${stop.points} points in the window; ${stop.top}-${stop.bottom} of ${stop.height} px)`,
        ]
      : []),
    ...(stop.role === '' ? [`#${i} ${stop.name}: a Tab stop with no role`] : []),
    ...(stop.outlineWidth < 2 ? [`#${i} ${stop.name}: outline ${stop.outlineWidth}px`] : []),
    ...(stop.ringContrast < 3 ? [`#${i} ${stop.name}: ring at ${stop.ringContrast.toFixed(2)}:1`] : []),
  ]);
}

/** A keyboard step of a journey: the presses it took and every stop on the way, the last the one wanted. */
export interface KeyedStep {
  presses: number;
  stops: FocusView[];
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused control's name (FocusView.name) is
 * `name`, or matches it; fails after `max` presses with the last stops reached. `within` is the
 * area the journey stays in (a dialog): focus outside it fails the step. Returns the KeyedStep, for
 * the caller to count the presses and check the stops (focusProblems).
 */
export async function keyTo(
  page: Page,
  name: string | RegExp,
  { backwards = false, max = 150, within = 'body' } = {},
): Promise<KeyedStep> {
  const stops: FocusView[] = [];
  const matches = (stop: FocusView) => (typeof name === 'string' ? stop.name === name : name.test(stop.name));
  for (let press = 1; press <= max; press += 1) {
    const stop = await pressAndView(page, backwards ? 'Shift+Tab' : 'Tab', within);
    if (!stop.inside)
      throw new Error(`focus left ${within} on the way to ${name}: at ${stop.name || 'nothing'}`);
    stops.push(stop);
    if (matches(stop)) return { presses: press, stops };
  }
  throw new Error(
    `${name} was not reached in ${max} ${backwards ? 'Shift+Tab' : 'Tab'} presses; last: ${stops
      .slice(-3)
      .map((stop) => stop.name)
      .join(' | ')}`,
  );
}
