/**
 * Moves keyboard focus to field `field` of the SchemaForm rendered with `idPrefix`, scrolled to
 * the middle of the window (clear of the sticky Launch bar): the field's own input, else the first
 * input inside its element (a radio group), else its first radio. Returns false when the field is
 * not on the page (then nothing moves). Issue 17 (launch messages).
 */
export function focusFormField(idPrefix: string, field: string): boolean {
  const element = document.getElementById(`${idPrefix}_${field}`);
  const focusable = 'input:not([type="hidden"]), select, textarea, button';
  const target =
    (element?.matches(focusable) ? element : element?.querySelector<HTMLElement>(focusable)) ??
    document.getElementById(`${idPrefix}_${field}-0`);
  if (!target) return false;
  target.scrollIntoView({ block: 'center', behavior: 'smooth' });
  target.focus({ preventScroll: true });
  return true;
}
