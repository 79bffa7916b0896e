/**
 * What a quote document shows, gathered from the application, its quotes, the agency and the
 * agent (issue 13 Quote documents): pure, so the PDF builders can be tested on plain values.
 * Money is dollars. Carriers by the names the screen shows, cheapest first, times in the agency's
 * time zone (issue 40, docs/decisions/752-sending-follows-the-comparison.md). SPEC §2 Dialogs.
 */
import { formatCurrency } from '../../engine/index.ts';
import quoteTypes from '../../schemas/constants/quote-types.json' with { type: 'json' };
import type { DocumentAgency } from './pdf-writer.ts';

/** One carrier asked for the application, as a document row. */
export interface DocumentQuote {
  id: number;
  /** The quote's display name, as the quotes on screen show it (issue 40). */
  name: string;
  status: string;
  /** Annual premium in dollars, or null when the carrier gave none. */
  premium: number | null;
  coverages: Record<string, number | string>;
  benefits: string[];
  message: string | null;
  indicative: boolean;
}

/** Everything one document needs. */
export interface QuoteDocumentData {
  agency: DocumentAgency;
  /** RMGA reference of the application. */
  reference: string;
  client: { name: string; email: string; phone: string };
  address: string;
  /** SPEC §9 quote type label, e.g. "Residential Primary". */
  product: string;
  /** The coverages the agent asked for, as label/value pairs. */
  asked: [label: string, value: string][];
  /** Quotes with a premium cheapest first, then the others (quotesByPremium). */
  quotes: DocumentQuote[];
  generatedAt: Date;
  /** IANA zone the document prints its times in: the agency's (portal settings global.timezone). */
  timeZone: string;
}

/** Coverages every row shows in columns of their own; the rest are extras. */
export const MAIN_COVERAGES = ['building_limit', 'contents_limit', 'deductible'] as const;

/** Extra coverages that count things rather than dollars. */
const COUNT_KEYS = new Set(['buildings']);

/** "$250,000" for a number of dollars, "-" for none. */
export function money(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatCurrency(value) : '-';
}

/** "Loss of use: $50,000" lines for every coverage besides the main three (text values as given). */
export function extraCoverageLines(coverages: Record<string, number | string>): string[] {
  return Object.entries(coverages)
    .filter(([key]) => !(MAIN_COVERAGES as readonly string[]).includes(key))
    .map(([key, value]) => {
      const label = key.replace(/_/g, ' ');
      const shown = typeof value === 'number' && !COUNT_KEYS.has(key) ? money(value) : String(value);
      return `${label[0]?.toUpperCase()}${label.slice(1)}: ${shown}`;
    });
}

/** The SPEC §9 label of a carrier_quote_type value ("Primary" -> "Residential Primary"). */
export function productLabel(carrierQuoteType: string | undefined): string {
  const entry = quoteTypes.oneOf.find((type) => type.const === carrierQuoteType);
  return entry?.title ?? carrierQuoteType ?? '';
}

/**
 * `quotes` as a document lists them (issue 40): those with a premium cheapest first (ties by id),
 * then the others in the order given.
 */
export function quotesByPremium<Q extends { id: number; premium: number | null }>(quotes: Q[]): Q[] {
  const priced = quotes
    .filter((quote) => quote.premium !== null)
    .sort((a, b) => (a.premium as number) - (b.premium as number) || a.id - b.id);
  return [...priced, ...quotes.filter((quote) => quote.premium === null)];
}

/** The quotes with a premium, cheapest first. */
export function pricedQuotes(quotes: DocumentQuote[]): DocumentQuote[] {
  return quotes
    .filter((quote) => quote.status === 'quoted' && quote.premium !== null)
    .sort((a, b) => (a.premium as number) - (b.premium as number) || a.id - b.id);
}
