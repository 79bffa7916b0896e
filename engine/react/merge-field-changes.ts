import type { Doc } from '../types.ts';

/**
 * Applies the values RJSF reports for `fields` onto the caller's document: only fields whose value
 * differs (Object.is) are copied, a cleared (undefined) value becomes null so it survives JSON,
 * and every other key of `current` (fields hidden by applicability, fields of other forms) is kept.
 * Returns `current` itself and no changed fields when nothing differs.
 */
export function mergeFieldChanges(
  current: Doc,
  reported: Doc,
  fields: readonly string[],
): { doc: Doc; changed: string[] } {
  const changed = fields.filter((field) => {
    const next = reported[field];
    if (next === undefined) return current[field] !== undefined && current[field] !== null;
    return !Object.is(next, current[field]);
  });
  if (changed.length === 0) return { doc: current, changed };
  const doc: Doc = { ...current };
  for (const field of changed) doc[field] = reported[field] === undefined ? null : reported[field];
  return { doc, changed };
}
