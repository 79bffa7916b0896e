/**
 * The index of docs/decisions/ (`docs/decisions/README.md`), made from each record's own header:
 * `# NNN: Title`, then `Date: YYYY-MM-DD`, `Status: accepted | superseded by NNN | amended by NNN[, NNN]`
 * and `Area: ...` lines. Grouped by area (in the order of AREAS), numbered order within an area.
 * `npm run docs:decisions` writes it; tests/docs/decisions-index.test.ts keeps it current.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DECISIONS_DIR = join(import.meta.dirname, '..', '..', 'docs', 'decisions');

/** The areas a decision belongs to, in the index's order. */
export const AREAS = [
  'Schema set and engine',
  'Server, API and database',
  'Security and accounts',
  'Portal',
  'Accessibility',
  'Carriers and quoting',
  'Commercial, SOV and manual quotes',
  'Property data',
  'Messaging and webhooks',
  'Reporting, exports and commission',
  'Bulk upload',
  'Resources and documents',
  'Payments and partner API',
  'Testing',
  'Performance',
] as const;

/** One record's header: number (as written, e.g. "042"), file name, title, date, status, area. */
export interface DecisionHeader {
  number: string;
  file: string;
  title: string;
  date: string;
  status: string;
  area: string;
}

const STATUS = /^(accepted|superseded by \d{3}|amended by \d{3}(, \d{3})*)$/;

/**
 * Reads every `NNN-*.md` record's header. Throws an Error naming the file when its title, Date,
 * Status or Area line is missing or malformed, or its area is not one of AREAS.
 */
export function readDecisionHeaders(dir: string = DECISIONS_DIR): DecisionHeader[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const lines = readFileSync(join(dir, file), 'utf8').split('\n');
      const title = /^# \d{3}[.:]? (.+)$/.exec(lines[0] ?? '')?.[1];
      const field = (name: string) =>
        lines
          .slice(1, 8)
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const date = field('Date');
      const status = field('Status');
      const area = field('Area');
      if (!title) throw new Error(`${file}: the first line must be "# NNN: Title".`);
      if (!date || !/^\d{4}-\d\d-\d\d$/.test(date)) throw new Error(`${file}: no "Date: YYYY-MM-DD" line.`);
      if (!status || !STATUS.test(status)) {
        throw new Error(`${file}: no "Status: accepted | superseded by NNN | amended by NNN" line.`);
      }
      if (!area || !(AREAS as readonly string[]).includes(area)) {
        throw new Error(`${file}: "Area:" must be one of: ${AREAS.join('; ')}.`);
      }
      return { number: file.slice(0, 3), file, title, date, status, area };
    });
}

/** The index's Markdown text for the given headers. */
export function decisionsIndex(headers: DecisionHeader[]): string {
  const sections = AREAS.map((area) => {
    const rows = headers
      .filter((header) => header.area === area)
      .map(
        (h) => `| [${h.number}](${h.file}) | ${h.title.replaceAll('|', '\\|')} | ${h.status} | ${h.date} |`,
      );
    return `## ${area}\n\n| ADR | decision | status | date |\n|---|---|---|---|\n${rows.join('\n')}\n`;
  });
  return [
    '# Decisions',
    '',
    'Status: generated index of the records below (not a decision of its own)',
    '',
    'Architecture decision records, grouped by area. Each record starts with its `Date:`, `Status:`',
    '(`accepted`, `superseded by NNN` or `amended by NNN`) and `Area:` lines; a new record takes the next',
    'free number. This index is generated from those lines by `npm run docs:decisions`',
    '(tests/docs/decisions-index.ts); a test fails when it is not current.',
    '',
    'New to the project? [docs/architecture.md](../architecture.md) sums up, with their records, the',
    'twenty decisions that shape the code a newcomer touches first.',
    '',
    ...sections,
  ].join('\n');
}
