/**
 * axe-core in a real page (STACK-NOTES: the portal's CSP blocks an injected inline script, so the
 * page's context must be opened with `bypassCSP: true`): the serious and critical violations of
 * WCAG 2.x A/AA rules and best practices on what the page shows now, one line each.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; html: string }[];
  }[];
}

/** `<rule id> (<impact>): <help> at <first targets> <first element's html>` per serious or critical violation. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(options: object): Promise<unknown> } }).axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
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
