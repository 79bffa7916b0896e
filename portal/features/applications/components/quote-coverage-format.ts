/**
 * How the quotes view (cards and comparison table) names and shows a quote's coverages, status and
 * differences. Coverage keys are the carrier's (docs/api.md Quote); money is dollars.
 */
import { formatCurrency } from '../../../../engine/index.ts';
import type { Quote, QuoteDifference } from '../api/application-types.ts';

/** Badge colour per quote status. */
export const QUOTE_STATUS_COLORS: Record<string, string> = {
  pending: 'blue',
  quoted: 'green',
  declined: 'red',
  error: 'orange',
  timeout: 'gray',
};

/** The coverages every quote shows first, with their labels, in this order. */
export const BASE_COVERAGES: Record<string, string> = {
  building_limit: 'Building',
  contents_limit: 'Contents',
  deductible: 'Deductible',
};

/** Extra coverages that are counts, not dollars (the SOV quote's number of buildings). */
const COUNT_KEYS = new Set(['buildings']);

/** A dollar amount as "$250,000", or "—" when it is not a number. */
export function money(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatCurrency(value) : '—';
}

/** A coverage value as shown: dollars, a count, a text, or "—" when absent. */
export function coverageValue(key: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value !== 'number') return String(value);
  return COUNT_KEYS.has(key) ? String(value) : money(value);
}

/** A coverage key as a label: the base label, else "loss_of_use" -> "Loss of use". */
export function coverageLabel(key: string): string {
  const base = BASE_COVERAGES[key];
  if (base) return base;
  const text = key.replace(/_/g, ' ');
  return text[0]?.toUpperCase() + text.slice(1);
}

/** Extra coverage keys of `quotes` (and of their differences), first seen first, without the base ones. */
export function extraCoverageKeys(quotes: Quote[]): string[] {
  const keys = new Set<string>();
  for (const quote of quotes) {
    for (const [key, value] of Object.entries(quote.coverages ?? {})) {
      if (typeof value === 'number' || typeof value === 'string') keys.add(key);
    }
    for (const difference of quote.differences) keys.add(difference.coverage);
  }
  return [...keys].filter((key) => !(key in BASE_COVERAGES));
}

/** The difference of `quote` for `coverage`, if the server flagged one. */
export function differenceOf(quote: Quote, coverage: string): QuoteDifference | undefined {
  return quote.differences.find((difference) => difference.coverage === coverage);
}

/** The flag's text: what was asked, for the tooltip and the accessible name ("Asked $5,000"). */
export function differenceText(difference: QuoteDifference): string {
  const asked = coverageValue(difference.coverage, difference.asked);
  if (difference.kind === 'not_included') return `Asked ${asked}; not included in this quote`;
  if (difference.kind === 'not_asked') return `Not asked (asked ${asked}); included in this quote`;
  return `Asked ${asked}`;
}
