import type { Doc } from '../../../../engine/index.ts';

/** Document values are scalars or lists of scalars (docs/api.md); undefined reads as null. */
export function sameValue(a: unknown, b: unknown): boolean {
  const left = a === undefined ? null : a;
  const right = b === undefined ? null : b;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => Object.is(item, right[index]));
  }
  return Object.is(left, right);
}

/**
 * The fields of `local` whose value differs from `base` (the document of the version the edits
 * started from), with local's values: the agent's unsaved changes. Fields only in `base` are not
 * reported (the form never drops a key). Applying the result onto `base` with mergeFieldChanges
 * gives back `local`; onto a newer server document, it keeps the server's other fields.
 * Issue 5 "Lost updates", docs/decisions/101.
 */
export function changedFields(base: Doc, local: Doc): Doc {
  const changed: Doc = {};
  for (const [field, value] of Object.entries(local)) {
    if (!sameValue(value, base[field])) changed[field] = value === undefined ? null : value;
  }
  return changed;
}
