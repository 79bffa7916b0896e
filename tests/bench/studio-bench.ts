/**
 * Schema studio benchmark of `npm run bench` (issue 11: the preview updates within 100 ms of an
 * edit on the full schema set): in headless Chromium, the real SchemaEditor over the shipped set;
 * each keystroke typed into a field's Label recompiles the whole draft, diffs it against its base
 * and re-renders the preview, and is timed from keydown to the DOM mutation that shows the new label
 * in the preview (ms, p50 and p99). Baseline in the same page and run: keystrokes into the messages
 * search box, which re-render a table without touching the draft. Screenshot in
 * test-results/bench-studio.png.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/chromium.ts';
import { SCREENSHOT_DIR } from '../e2e/harness.ts';
import { buildPage } from './build-page.ts';
import { serve } from './form-bench.ts';
import { markdownTable, ratio } from './markdown-table.ts';
import { percentile } from './percentile.ts';

const KEYSTROKES = Number(process.env.BENCH_STUDIO_KEYSTROKES ?? 40);
const WARM_UP_KEYSTROKES = 5;
/** The goal of issue 42 (issue 11 asked 100), ms from an edit to the preview showing it, p99. */
const GOAL_MS = 60;

/** Types `text` one key at a time, waiting for each keystroke's sample; answers the samples. */
async function timedTyping(tab: Page, text: string): Promise<number[]> {
  await tab.evaluate(() => {
    window.studioBench.samples.length = 0;
  });
  for (const [index, key] of [...text].entries()) {
    await tab.keyboard.type(key);
    await tab.waitForFunction((count) => window.studioBench.samples.length >= count, index + 1, {
      timeout: 5000,
    });
  }
  return tab.evaluate(() => [...window.studioBench.samples]);
}

/** Builds and serves the page, times both kinds of keystroke; returns the report section. */
export async function studioBench(): Promise<string> {
  const page = await buildPage({ root: join(import.meta.dirname, 'studio-page') });
  const { url, server } = await serve(page.outDir);
  const browser = await launchChromium();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  try {
    const tab = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
    await tab.goto(url);
    const label = tab.getByRole('textbox', { name: 'Label', exact: true });
    await label.waitFor();
    await label.click();
    await tab.keyboard.press('End');
    // A keystroke counts once the preview's label of the edited field equals the Label input.
    await tab.evaluate(() => {
      const edited = [...document.querySelectorAll<HTMLInputElement>('input')].find(
        (candidate) => candidate.labels?.[0]?.textContent === 'Label',
      );
      const preview = document.querySelector('[aria-label="Preview"]');
      window.studioBench.check = () => Boolean(edited && preview?.textContent?.includes(edited.value));
    });
    await timedTyping(tab, 'x'.repeat(WARM_UP_KEYSTROKES));
    const edits = await timedTyping(tab, 'abcdefghijklmnopqrstuvwxyz'.repeat(4).slice(0, KEYSTROKES));
    await tab.screenshot({ path: join(SCREENSHOT_DIR, 'bench-studio.png') });

    await tab.getByRole('tab', { name: 'Messages' }).click();
    const search = tab.getByRole('textbox', { name: 'Search the messages' });
    await search.click();
    await tab.evaluate(() => {
      window.studioBench.check = () => true;
    });
    const searches = await timedTyping(tab, 'inv'.repeat(20).slice(0, Math.min(KEYSTROKES, 12)));

    const row = (name: string, samples: number[]) => [
      name,
      String(samples.length),
      percentile(samples, 50).toFixed(1),
      percentile(samples, 99).toFixed(1),
      ratio(percentile(samples, 50), percentile(searches, 50)),
      ratio(percentile(samples, 99), percentile(searches, 99)),
    ];
    const p99 = percentile(edits, 99);
    const notes = [
      `- the real SchemaEditor over the shipped schema set in headless Chromium (production build); ${KEYSTROKES} keystrokes into a field's Label (after ${WARM_UP_KEYSTROKES} not counted), each timed from keydown to the DOM mutation showing the new label in the preview`,
      `- goal (issue 42): p99 <= ${GOAL_MS} ms; measured ${p99.toFixed(1)} ms: ${p99 <= GOAL_MS ? 'met' : 'NOT met'}`,
    ];
    const table = markdownTable(
      ['keystroke', 'timed:', 'p50 (ms):', 'p99 (ms):', 'p50 / baseline:', 'p99 / baseline:'],
      [
        row('label edit: whole draft recompiled, preview re-rendered', edits),
        row('baseline: messages search, draft untouched', searches),
      ],
    );
    return `## Schema studio: edit to live preview\n\n${notes.join('\n')}\n\n${table}\n`;
  } finally {
    await browser.close();
    server.close();
    await rm(page.outDir, { recursive: true, force: true });
  }
}
