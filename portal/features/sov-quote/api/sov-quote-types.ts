/** Shapes of the sov/* calls of docs/api.md (issue 3), as the sov-quote page reads them. */

/** One building row of a statement of values. Money in dollars; year 4 digits; stories 1 to 100. */
export interface SovBuilding {
  location: string;
  building_value: number | null;
  contents_value: number | null;
  business_income: number | null;
  construction: string;
  occupancy: string;
  year_built: number | null;
  stories: number | null;
}

/** The SOV carrier of the answer (carriers.json quote manager). */
export interface SovQuoteCarrier {
  quote_manager_id: string;
  display_name?: string;
  displayName?: string;
  carrier?: string;
  sub_carrier?: string | null;
}

/** The application as the sov-quote page needs it (a subset of get-application-by-id's answer). */
export interface SovQuoteApplication {
  id: number;
  application_id: string;
  status: string;
  carrier_quote_type: string[];
  payload: { useable_details: Record<string, unknown> };
  /** The application's quotes, when the answer carries them; premium in dollars per year. */
  quotes?: {
    carrier: string;
    sub_carrier: string | null;
    status: string;
    premium: number | null;
    source?: string;
  }[];
}

/** `data` of sov/get-sov-quote. */
export interface SovQuoteData {
  carrier: SovQuoteCarrier;
  application: SovQuoteApplication;
  statement_of_values: { buildings: SovBuilding[] } | SovBuilding[] | null;
}

/** The three 404 texts of the sov-quote route. SPEC §2 sov-quote route, §8. */
export const SOV_QUOTE_NOT_FOUND_REASONS = [
  'Invalid Carrier',
  'Invalid Application ID',
  'Invalid Application Type',
] as const;

/** One of the three 404 texts. */
export type SovQuoteNotFoundReason = (typeof SOV_QUOTE_NOT_FOUND_REASONS)[number];

/** True when `message` is exactly one of the three 404 texts. */
export function isSovQuoteNotFoundReason(message: unknown): message is SovQuoteNotFoundReason {
  return (SOV_QUOTE_NOT_FOUND_REASONS as readonly unknown[]).includes(message);
}
