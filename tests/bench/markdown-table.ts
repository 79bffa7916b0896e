/**
 * A Markdown table for the benchmark report: `headers` (a trailing `:` right-aligns a column, e.g.
 * `'p50 (ms):'`) and rows of already-formatted cells. Returns the table's lines joined by newlines.
 */
export function markdownTable(headers: string[], rows: string[][]): string {
  const names = headers.map((h) => h.replace(/:$/, ''));
  const aligns = headers.map((h) => (h.endsWith(':') ? '---:' : '---'));
  return [names, aligns, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** `a / b` as a ratio cell, e.g. `3.2x`; `n/a` when either side is missing or zero. */
export function ratio(a: number | undefined, b: number | undefined): string {
  if (!a || !b || !Number.isFinite(a) || !Number.isFinite(b)) return 'n/a';
  const r = a / b;
  return `${r >= 10 ? r.toFixed(0) : r.toFixed(r >= 1 ? 1 : 2)}x`;
}
