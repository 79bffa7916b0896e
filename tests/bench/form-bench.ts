/**
 * Form benchmark of `npm run bench`: keystroke-to-commit time (ms, p50 and p99) while typing into a
 * text field of the full commercial form in headless Chromium, the portal's SchemaForm against a
 * stock @rjsf/mantine form with liveValidate on the same JSON Schema, both in one page built with
 * Vite (tests/bench/form-page) in the same run. Warm-up keystrokes are typed first and not
 * counted. Screenshots of both forms land in test-results/bench-form-*.png. Issue 5 Benchmarks.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { launchChromium } from '../e2e/chromium.ts';
import { SCREENSHOT_DIR } from '../e2e/harness.ts';
import { buildPage } from './build-page.ts';
import { markdownTable, ratio } from './markdown-table.ts';
import { percentile } from './percentile.ts';

const KEYSTROKES = Number(process.env.BENCH_FORM_KEYSTROKES ?? 100);
const WARM_UP_KEYSTROKES = 10;
/** A text field of the commercial form, present in both forms. */
const FIELD = 'business_name';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** Serves `dir` on a free loopback port (GET only, no directory listing). */
export async function serve(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    const file = path || 'index.html';
    try {
      const body = await readFile(join(dir, file));
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

/** Builds and serves the page, types into each form; returns the report section. */
export async function formBench(): Promise<string> {
  const page = await buildPage({ root: join(import.meta.dirname, 'form-page') });
  const { url, server } = await serve(page.outDir);
  const browser = await launchChromium();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  try {
    const results: Record<'engine' | 'rjsf', { p50: number; p99: number; samples: number; fields: number }> =
      {} as never;
    for (const form of ['engine', 'rjsf'] as const) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const tab = await context.newPage();
      await tab.goto(`${url}/?form=${form}`);
      await tab.waitForFunction(() => window.formBench?.ready);
      const input =
        form === 'engine' ? tab.locator(`[data-field="${FIELD}"] input`) : tab.locator(`#root_${FIELD}`);
      await input.click();
      await tab.keyboard.press('End');
      await tab.keyboard.type('x'.repeat(WARM_UP_KEYSTROKES));
      await tab.evaluate(() => {
        window.formBench.samples.length = 0;
      });
      await tab.keyboard.type('The quick brown fox jumps over the lazy dog. '.repeat(3).slice(0, KEYSTROKES));
      const samples = await tab.evaluate(() => window.formBench.samples);
      const fields = await tab.locator('input, textarea, [role=radiogroup]').count();
      if (samples.length < KEYSTROKES * 0.9)
        throw new Error(`${form}: ${samples.length} commits timed for ${KEYSTROKES} keystrokes`);
      await tab.screenshot({ path: join(SCREENSHOT_DIR, `bench-form-${form}.png`) });
      results[form] = {
        p50: percentile(samples, 50),
        p99: percentile(samples, 99),
        samples: samples.length,
        fields,
      };
      await context.close();
    }
    const rows = (['engine', 'rjsf'] as const).map((form) => {
      const r = results[form];
      return [
        form === 'engine'
          ? 'SchemaForm (engine/react), rules and applicability per keystroke'
          : 'stock @rjsf/mantine, liveValidate',
        String(r.fields),
        String(r.samples),
        r.p50.toFixed(1),
        r.p99.toFixed(1),
        ratio(r.p50, results.rjsf.p50),
        ratio(r.p99, results.rjsf.p99),
      ];
    });
    const notes = [
      `- full commercial form over the complete commercial example; ${KEYSTROKES} keystrokes typed into \`${FIELD}\` by playwright (after ${WARM_UP_KEYSTROKES} not counted); headless Chromium, production build`,
      '- keystroke-to-commit: performance.now() from a capturing keydown listener to the layout effect of the component holding the document, after the commit of the new document',
    ];
    const table = markdownTable(
      ['form', 'inputs:', 'keystrokes timed:', 'p50 (ms):', 'p99 (ms):', 'p50 / stock:', 'p99 / stock:'],
      rows,
    );
    return `## Form: keystroke to commit, commercial form in Chromium\n\n${notes.join('\n')}\n\n${table}\n`;
  } finally {
    await browser.close();
    server.close();
    await rm(page.outDir, { recursive: true, force: true });
  }
}
