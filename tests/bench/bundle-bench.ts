/**
 * Bundle benchmark of `npm run bench`: the JS and CSS a browser loads before the login route
 * (/auth/login, imported eagerly by the route tree) renders, raw and gzip (level 6, what a
 * compressing proxy sends), against a Vite-built hello-world React page built in the same run.
 * Issue 5 Benchmarks.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BuiltPage, buildPage, initialAssets } from './build-page.ts';
import { markdownTable, ratio } from './markdown-table.ts';

interface Sizes {
  files: number;
  raw: number;
  gzip: number;
}

function sizes(outDir: string, files: string[]): Sizes {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(outDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 6 }).length;
  }
  return { files: files.length, raw, gzip };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Builds both pages, measures their initial assets; returns the report section (KiB). */
export async function bundleBench(): Promise<string> {
  const built: BuiltPage[] = [];
  try {
    const portal = await buildPage('portal');
    built.push(portal);
    const hello = await buildPage({ root: join(import.meta.dirname, 'hello-page') });
    built.push(hello);
    const portalAssets = initialAssets(portal.manifest);
    const helloAssets = initialAssets(hello.manifest);
    const kinds = { JS: ['js'], CSS: ['css'], 'JS + CSS': ['js', 'css'] } as const;
    const rows = Object.entries(kinds).map(([label, parts]) => {
      const p = sizes(
        portal.outDir,
        parts.flatMap((part) => portalAssets[part]),
      );
      const h = sizes(
        hello.outDir,
        parts.flatMap((part) => helloAssets[part]),
      );
      return [
        label,
        String(p.files),
        kb(p.raw),
        kb(p.gzip),
        `${h.files} / ${kb(h.gzip)}`,
        ratio(p.gzip, h.gzip),
      ];
    });
    const notes = [
      '- initial = the index.html entry chunk, its static imports (transitively) and their CSS, from the Vite manifest; lazy routes excluded',
      `- builds: portal ${(portal.buildMs / 1000).toFixed(1)} s, hello ${(hello.buildMs / 1000).toFixed(1)} s (vite build, minified)`,
    ];
    const table = markdownTable(
      [
        'asset',
        'login route files:',
        'raw (KiB):',
        'gzip (KiB):',
        'hello-world React files / gzip (KiB):',
        'login / hello (gzip):',
      ],
      rows,
    );
    return `## Bundle: initial JS and CSS of the login route\n\n${notes.join('\n')}\n\n${table}\n`;
  } finally {
    for (const page of built) rmSync(page.outDir, { recursive: true, force: true });
  }
}
