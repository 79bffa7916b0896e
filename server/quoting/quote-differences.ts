import type { QuoteCoverageMap } from '../../carrier-catalog/carriers-file-types.ts';
import type { Doc } from '../../engine/index.ts';
import { currentCarriers } from './current-carriers.ts';
import { documentNumber } from './document-number.ts';

/**
 * One place where a quote's coverage is not what the application asked for:
 * - `changed`: both sides have a value and they differ (a lower limit, a higher deductible);
 * - `not_included`: the document asks for it, the quote leaves it out (absent or a none value);
 * - `not_asked`: the quote includes it, the document does not ask for it.
 * `asked` is the document's value of `field` (null when empty), `quoted` the quote's (null when absent).
 * Money is in dollars, as both sides store it.
 */
export interface QuoteDifference {
  coverage: string;
  field: string;
  kind: 'changed' | 'not_included' | 'not_asked';
  asked: number | string | null;
  quoted: number | string | null;
}

function present(raw: unknown): number | string | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string') return raw.trim() === '' ? null : raw;
  return null;
}

function isNone(value: number | string | null, noneValues: (number | string)[]): boolean {
  if (value === null) return true;
  const number = documentNumber(value);
  return noneValues.some((none) =>
    typeof none === 'number'
      ? number === none
      : typeof value === 'string' && value.trim().toLowerCase() === none.toLowerCase(),
  );
}

/** Same coverage on both sides: equal amounts, equal texts, or an amount against a text such as "Yes". */
function sameValue(asked: number | string, quoted: number | string): boolean {
  const a = documentNumber(asked);
  const q = documentNumber(quoted);
  if (a !== null && q !== null) return a === q;
  if (a !== null || q !== null) return true;
  return String(asked).trim().toLowerCase() === String(quoted).trim().toLowerCase();
}

/**
 * The differences between a quote's `coverages` and the document it was asked for, one per
 * compared coverage of `map` that differs, in the map's order. Generic: which coverage is read
 * from which field, and which values mean "none", is data (carriers.json `quote_coverages`).
 * An amount quoted against a yes/no ask ("Yes" vs $5,000) counts as the same coverage included.
 * Pure; never throws. Issue 17 (comparison), docs/decisions/311.
 */
export function quoteDifferences(
  coverages: Record<string, unknown>,
  doc: Doc,
  product: string,
  map: QuoteCoverageMap = currentCarriers().quote_coverages,
): QuoteDifference[] {
  const differences: QuoteDifference[] = [];
  for (const entry of map.compared) {
    const field = entry.asked_by_product?.[product] ?? entry.asked;
    const asked = present(doc[field]);
    const quoted = present(coverages[entry.coverage]);
    const askedNone = isNone(asked, map.none_values);
    const quotedNone = isNone(quoted, map.none_values);
    let kind: QuoteDifference['kind'] | null = null;
    if (!askedNone && quotedNone) kind = 'not_included';
    else if (askedNone && !quotedNone) kind = 'not_asked';
    else if (!askedNone && !quotedNone && asked !== null && quoted !== null && !sameValue(asked, quoted))
      kind = 'changed';
    if (kind) differences.push({ coverage: entry.coverage, field, kind, asked, quoted });
  }
  return differences;
}
