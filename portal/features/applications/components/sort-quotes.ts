/**
 * The order quotes are listed in where no column sort applies (the cards, the send dialog; issue
 * 40: sending follows the comparison's premium order).
 */
import type { Quote } from '../api/application-types.ts';

/** Quotes with a premium first, cheapest first; the rest after, pending before the others. */
export function sortQuotes(quotes: Quote[]): Quote[] {
  const rank = (q: Quote) => (q.premium !== null ? 0 : q.status === 'pending' ? 1 : 2);
  return [...quotes].sort((a, b) => rank(a) - rank(b) || (a.premium ?? 0) - (b.premium ?? 0) || a.id - b.id);
}
