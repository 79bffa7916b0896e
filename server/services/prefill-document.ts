/**
 * Which fields of an application document the pre-fill may write (issue 40): a field that is
 * empty (engine isEmptyValue), or that still holds the value an earlier pre-fill put there (its
 * mark), so a re-run after an address change replaces its own values and never one the agent
 * typed or changed. Every written field gets a mark: its value, where it came from and when.
 * Pure: no database. docs/decisions/758-prefill-in-the-background-and-estimates.md.
 */
import { isEmptyValue } from '../../engine/is-empty-value.ts';

/** Where a pre-filled value came from: the provider's label (or "Estimate") and when (ISO). */
export interface FieldMark {
  value: string | number;
  source: string;
  fetched_at: string;
  /** True for a value the pre-fill estimated (the agent confirms it), false for a looked-up one. */
  estimate: boolean;
}

/** A document being pre-filled and the marks of the values the pre-fill put in it. */
export interface PrefillState {
  doc: Record<string, unknown>;
  marks: Record<string, FieldMark>;
}

/** True when `field` of `state.doc` is empty or still holds the value its mark records. */
export function ownedByPrefill(state: PrefillState, field: string): boolean {
  const value = state.doc[field];
  if (isEmptyValue(value)) return true;
  return Object.hasOwn(state.marks, field) && state.marks[field].value === value;
}

/** The marks of `marks` whose field still holds the marked value in `doc` (the others were edited). */
export function standingMarks(
  doc: Record<string, unknown>,
  marks: Record<string, FieldMark>,
): Record<string, FieldMark> {
  return Object.fromEntries(Object.entries(marks).filter(([field, mark]) => doc[field] === mark.value));
}

/**
 * `{doc, marks, filled, kept}`: `state` with each proposed value written where the pre-fill owns
 * the field and `accepts(field, value, doc)` (the schema set takes it there); `filled` names the
 * fields written, `kept` the proposed ones left as the agent had them (a field already holding
 * the proposed value is neither: it only gets the mark). The input is not changed.
 */
export function fillOwnedFields(
  state: PrefillState,
  proposals: Record<string, FieldMark>,
  accepts: (field: string, value: string | number, doc: Record<string, unknown>) => boolean,
): PrefillState & { filled: string[]; kept: string[] } {
  const doc = { ...state.doc };
  const marks = { ...state.marks };
  const filled: string[] = [];
  const kept: string[] = [];
  for (const [field, mark] of Object.entries(proposals)) {
    // Already holding the proposed value (the New application dialog's verified county and point):
    // nothing to write, only its source to record.
    if (doc[field] === mark.value) {
      marks[field] = mark;
      continue;
    }
    if (!ownedByPrefill({ doc, marks }, field)) {
      kept.push(field);
      continue;
    }
    if (!accepts(field, mark.value, doc)) continue;
    doc[field] = mark.value;
    marks[field] = mark;
    filled.push(field);
  }
  return { doc, marks, filled, kept };
}
