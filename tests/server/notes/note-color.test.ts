import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NotePayload } from '../../../server/db/schema.ts';
import { alertColorOfNotes, noteColor } from '../../../server/notes/note-color.ts';

const note = (sent_by: string, status: string, extra: Partial<NotePayload> = {}): NotePayload => ({
  is_alert: true,
  is_active: true,
  sent_by,
  status,
  message: '',
  ...extra,
});

describe('note alert colours (SPEC §3 Note)', () => {
  it('follows the four colour rules of the spec', () => {
    expect(noteColor(note('auto_launch', 'failed'))).toBe('red');
    expect(noteColor(note('multiple_auto_launch', 'failed'))).toBe('red');
    expect(noteColor(note('status_changed_complete_job_email', 'sent'))).toBe('orange');
    expect(noteColor(note('auto_sent_quote_timeout', 'sent'))).toBe('orange');
    expect(noteColor(note('auto_sent_quote_complete', 'sent'))).toBe('orange');
    expect(noteColor(note('timeout_job_email', 'failed'))).toBe('orange');
    expect(noteColor(note('timeout_job_sms', 'sent'))).toBe('yellow');
    expect(noteColor(note('auto_quote_timeout', 'sent'))).toBe('yellow');
    expect(noteColor(note('auto_launch', 'sent'))).toBe('purple');
    expect(noteColor(note('agent', 'note'))).toBe('purple');
  });

  it('a row shows the most urgent colour of its active alerts, whatever the order (property)', () => {
    const rank = ['red', 'orange', 'yellow', 'purple'];
    const arbitraryNote = fc
      .record({
        sent_by: fc.constantFrom('auto_launch', 'timeout_job_sms', 'auto_sent_quote_complete', 'agent'),
        status: fc.constantFrom('failed', 'sent'),
        is_alert: fc.boolean(),
        is_active: fc.boolean(),
      })
      .map((n) => note(n.sent_by, n.status, n));
    fc.assert(
      fc.property(fc.array(arbitraryNote, { maxLength: 6 }), (notes) => {
        const active = notes.filter((n) => n.is_alert && n.is_active).map((n) => noteColor(n) as string);
        const expected = active.length ? active.sort((a, b) => rank.indexOf(a) - rank.indexOf(b))[0] : null;
        expect(alertColorOfNotes(notes)).toBe(expected);
        expect(alertColorOfNotes([...notes].reverse())).toBe(expected);
      }),
    );
  });
});
