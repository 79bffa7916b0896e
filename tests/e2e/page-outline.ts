/**
 * A page's structure as Chromium's accessibility tree has it (issue 46, WCAG 1.3.1 and 4.1.3): its
 * headings, and the announcer's live regions (portal/components/live-announcer.tsx). Read over the
 * DevTools protocol from the tree a screen reader gets, not from the markup: a heading hidden from
 * assistive technology does not count, a visually hidden one does. Two targeted queries of the
 * tree, cheap enough for the accessibility sweep to run on every page it visits.
 */
import type { CDPSession, Page } from 'playwright-core';

/** The announcer's two regions, by their `data-live-announcer` value. */
const ANNOUNCER_REGIONS = ['polite', 'assertive'] as const;

/** A page's outline and live regions. */
export interface PageOutline {
  /** The headings in document order, as `h<level> <name>`. */
  headings: string[];
  /** The announcer's regions the tree exposes as live, as `<data-live-announcer> <aria-live>`. */
  liveRegions: string[];
}

/** The AX node's property `name` (a level, a live politeness), or undefined. */
function property(node: { properties?: { name: string; value: { value?: unknown } }[] }, name: string) {
  return node.properties?.find((p) => p.name === name)?.value.value;
}

/** How the tree exposes the element `selector` selects: its live politeness, or null when absent or ignored. */
async function liveness(cdp: CDPSession, root: number, selector: string): Promise<string | null> {
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root, selector });
  if (!nodeId) return null;
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  const node = nodes[0];
  if (!node || node.ignored) return null;
  return String(property(node, 'live') ?? 'off');
}

/** Reads the shown page's PageOutline from Chromium's accessibility tree. */
export async function pageOutline(page: Page): Promise<PageOutline> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodes } = await cdp.send('Accessibility.queryAXTree', {
      backendNodeId: root.backendNodeId,
      role: 'heading',
    });
    const headings = nodes
      .filter((node) => !node.ignored)
      .map((node) => `h${property(node, 'level')} ${String(node.name?.value ?? '').trim()}`);
    const liveRegions: string[] = [];
    for (const region of ANNOUNCER_REGIONS) {
      const live = await liveness(cdp, root.nodeId, `[data-live-announcer="${region}"]`);
      if (live !== null) liveRegions.push(`${region} ${live}`);
    }
    return { headings, liveRegions };
  } finally {
    await cdp.detach();
  }
}

/**
 * What is wrong with an outline (WCAG 1.3.1, 2.4.6; issue 46): not exactly one h1, a heading before
 * it, a level skipped on the way down (h1 -> h3), or the announcer's regions not both live in the
 * tree. Empty when the page is right.
 */
export function outlineProblems({ headings, liveRegions }: PageOutline): string[] {
  const levels = headings.map((heading) => Number(heading.slice(1, 2)));
  const problems: string[] = [];
  if (levels.filter((level) => level === 1).length !== 1 || levels[0] !== 1)
    problems.push(`not one h1 first: ${headings.join(' | ') || 'no heading'}`);
  levels.forEach((level, i) => {
    if (i > 0 && level > (levels[i - 1] ?? 0) + 1)
      problems.push(`${headings[i - 1]} -> ${headings[i]} skips a level`);
  });
  const expected = ANNOUNCER_REGIONS.map((region) => `${region} ${region}`);
  if (liveRegions.join() !== expected.join())
    problems.push(`announcer regions ${liveRegions.join(', ') || 'missing'}, not ${expected.join(', ')}`);
  return problems;
}
