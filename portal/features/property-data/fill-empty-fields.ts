/**
 * "Fill from property data" (issue 15): the provider values that go into the application
 * document, only where its field is empty as the required check sees it (engine isEmptyValue:
 * undefined, null, blank text, an empty list), so nothing the agent typed is ever overwritten.
 * Pure: no React, no fetch.
 */
import { isEmptyValue } from '../../../engine/is-empty-value.ts';

/** A value a lookup found, with where it came from and when (ISO). */
export interface FoundValue {
  value: string | number;
  source: string;
  fetched_at: string;
}

/** Where a filled field's value came from: the provider's label and the time it answered. */
export interface FilledFrom {
  source: string;
  fetched_at: string;
}

/**
 * `{doc, filled}`: `doc` with each `found` field set where `doc` had it empty (every other field
 * kept, the input not changed), and what was filled from where.
 */
export function fillEmptyFields(
  doc: Record<string, unknown>,
  found: Record<string, FoundValue>,
): { doc: Record<string, unknown>; filled: Record<string, FilledFrom> } {
  const next = { ...doc };
  const filled: Record<string, FilledFrom> = {};
  for (const [field, entry] of Object.entries(found)) {
    if (!isEmptyValue(doc[field])) continue;
    next[field] = entry.value;
    filled[field] = { source: entry.source, fetched_at: entry.fetched_at };
  }
  return { doc: next, filled };
}
