/** The listing's URL search params, parsed with a schema so any URL yields a valid state. */
import { ALERT_COLORS, type AlertColor, LISTING_FIRST_PAGE, QUOTE_TYPES } from '../../../lib/constants.ts';

/** Listing search: backend filters, the frontend alert filter and the page. SPEC §3 Listing state. */
export interface ListingSearch {
  page: number;
  address: string;
  application_id: string;
  client_name_id: string;
  application_source: string;
  carrier_quote_type: string;
  alert: AlertColor | '';
}

/** The backend filter keys, in the spec's order (agent_id comes from the session). SPEC §3. */
export const TEXT_FILTERS = ['address', 'application_id', 'client_name_id', 'application_source'] as const;

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * Parses raw search params into `ListingSearch`: page a positive integer (default 1), strings
 * trimmed to 200 characters, quote type and alert limited to their options, else empty.
 */
export function parseListingSearch(raw: Record<string, unknown>): ListingSearch {
  const page = Number(raw.page);
  const quoteType = text(raw.carrier_quote_type);
  const alert = text(raw.alert);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : LISTING_FIRST_PAGE,
    address: text(raw.address).slice(0, 200),
    application_id: text(raw.application_id).slice(0, 200),
    client_name_id: text(raw.client_name_id).slice(0, 200),
    application_source: text(raw.application_source).slice(0, 200),
    carrier_quote_type: QUOTE_TYPES.some((q) => q.value === quoteType) ? quoteType : '',
    alert: (ALERT_COLORS as readonly string[]).includes(alert) ? (alert as AlertColor) : '',
  };
}

/** Drops empty values and page 1 so URLs stay short. */
export function compactListingSearch(search: ListingSearch): Partial<ListingSearch> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(search)) {
    if (value === '' || (key === 'page' && value === LISTING_FIRST_PAGE)) continue;
    out[key] = value;
  }
  return out as Partial<ListingSearch>;
}
