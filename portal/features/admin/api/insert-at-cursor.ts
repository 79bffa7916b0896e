/** Short code insertion into a template field at the caret (SPEC §2 short codes, email/SMS templates). */

/**
 * `text` with `insert` placed over the selection `[start, end)` (clamped to the text), and the
 * caret position just after the insert. Without a selection the code goes at the end.
 */
export function insertAtCursor(
  text: string,
  insert: string,
  start: number | null = null,
  end: number | null = start,
): { text: string; caret: number } {
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}
