import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, decisionsIndex, readDecisionHeaders } from './decisions-index.ts';

describe('docs/decisions index', () => {
  const headers = readDecisionHeaders();

  it('is current with the records (npm run docs:decisions writes it)', () => {
    expect(readFileSync(join(DECISIONS_DIR, 'README.md'), 'utf8')).toBe(decisionsIndex(headers));
  });

  it('has one record per number, and every superseding or amending record exists', () => {
    const numbers = headers.map((header) => header.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const header of headers) {
      for (const named of header.status.match(/\d{3}/g) ?? []) {
        expect(numbers, `${header.file} names ${named}`).toContain(named);
      }
    }
  });

  it('refuses a record without a Status line', () => {
    expect(() =>
      readDecisionHeaders(join(import.meta.dirname, 'fixtures', 'decision-without-status')),
    ).toThrow('001-no-status.md: no "Status: accepted | superseded by NNN | amended by NNN" line.');
  });
});
