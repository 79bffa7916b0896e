/**
 * server/quote-documents/document-time.ts (issue 40, ADR 752): a document's generated time in the
 * agency's zone, in characters the PDF's standard fonts draw; an unknown zone prints UTC.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentTime } from '../../../server/quote-documents/document-time.ts';

describe('documentTime', () => {
  it("prints the time in the agency's zone, with its abbreviation", () => {
    const at = new Date('2026-01-15T12:30:00Z');
    expect(documentTime(at, 'America/New_York')).toBe('Jan 15, 2026, 7:30 AM EST');
    expect(documentTime(at, 'America/Chicago')).toBe('Jan 15, 2026, 6:30 AM CST');
    expect(documentTime(new Date('2026-07-15T12:30:00Z'), 'America/New_York')).toBe(
      'Jul 15, 2026, 8:30 AM EDT',
    );
    expect(documentTime(at, 'Mars/Olympus')).toBe('Jan 15, 2026, 12:30 PM UTC');
  });

  it('property: only printable ASCII, whatever the zone and time', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom('America/New_York', 'America/Chicago', 'Pacific/Honolulu', 'Asia/Kolkata', 'UTC'),
        (at, zone) => {
          expect(documentTime(at, zone)).toMatch(/^[\x20-\x7e]+$/);
        },
      ),
    );
  });
});
