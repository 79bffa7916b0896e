/**
 * axe-core in a real page: the serious and critical violations of WCAG 2.x A/AA rules and best
 * practices on what the page shows now, one line each. axe is evaluated through the DevTools
 * protocol, which the portal's CSP does not govern (an injected inline script would be blocked,
 * STACK-NOTES), so a journey keeps its CSP on while it checks.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { transitionsSettled } from './transitions-settled.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; html: string }[];
  }[];
}

/**
 * The axe rules whose outcome depends on colours: all a check in the second colour mode needs to
 * run. The portal's markup is the same in both modes (only the colour mode switch reads the mode,
 * portal/components/color-mode-switch.tsx; every colour is a CSS variable of
 * `data-mantine-color-scheme`), so every other rule answers the same as in the first mode's full
 * run. `color-contrast` (WCAG 1.4.3) and `link-in-text-block` (1.4.1, a link told from its text by
 * colour contrast) are the serious ones of the tags run here.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** Which rules a check runs: every rule of the tags, or only the colour rules (the second mode). */
export type AxeRules = 'all' | 'colour';

/**
 * `<rule id> (<impact>): <help> at <first targets> <first element's html>` per serious or critical
 * violation, in the whole page or only within the elements `within` selects; `rules` 'colour'
 * runs only COLOUR_RULES. Running transitions end first (transitionsSettled).
 */
export async function seriousAxeViolations(
  page: Page,
  within?: string,
  rules: AxeRules = 'all',
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  await transitionsSettled(page);
  // Every rule asked for runs on every element; `resultTypes` only spares axe building a selector for
  // each node that passed (or was incomplete), which nothing here reads, and only the violations
  // come back over the DevTools protocol.
  const result = (await page.evaluate(
    ([context, runOnly]) =>
      (window as unknown as { axe: { run(context: unknown, options: object): Promise<AxeResult> } }).axe
        .run(context ?? document, { runOnly, resultTypes: ['violations'] })
        .then(({ violations }) => ({ violations })),
    [
      within ?? null,
      rules === 'all'
        ? { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }
        : { type: 'rule', values: [...COLOUR_RULES] },
    ] as const,
  )) as AxeResult;
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => JSON.stringify(node.target))
          .join(', ')} ${violation.nodes[0]?.html.slice(0, 160) ?? ''}`,
    );
}

/**
 * The open dialog's seriousAxeViolations in the light scheme and its colour rules' in the dark
 * scheme, each line prefixed `light:` or `dark:`. Only the dialog is checked: the page behind it is dimmed by the overlay and
 * out of reach until it closes (its own check is the route sweep's). The scheme is switched in
 * place through Mantine's `data-mantine-color-scheme` attribute (every colour is a CSS variable of
 * it), so the dialog stays open; the page's scheme is restored.
 */
export async function dialogAxeViolationsInBothSchemes(page: Page): Promise<string[]> {
  const setScheme = (scheme: string | null) =>
    page.evaluate((value) => {
      if (value) document.documentElement.setAttribute('data-mantine-color-scheme', value);
    }, scheme);
  const original = await page.evaluate(() =>
    document.documentElement.getAttribute('data-mantine-color-scheme'),
  );
  const found: string[] = [];
  try {
    for (const scheme of ['light', 'dark'] as const) {
      await setScheme(scheme);
      const rules = scheme === 'light' ? 'all' : 'colour';
      for (const violation of await seriousAxeViolations(page, '[role="dialog"]', rules))
        found.push(`${scheme}: ${violation}`);
    }
  } finally {
    await setScheme(original);
  }
  return found;
}
