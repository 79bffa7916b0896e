/** Names of the sov/* calls' shapes (docs/api.md, issue 3), from the OpenAPI document. */
import type { ApiAnswer, ApiBody } from '../../../lib/api-operations.ts';

/** `data` of sov/get-sov-quote: the SOV carrier, the application and its statement of values. */
export type SovQuoteData = ApiAnswer<'sov/get-sov-quote'>;

/** The SOV carrier of the answer: the catalogue in use's, with its quote manager id (issue 43). */
export type SovQuoteCarrier = SovQuoteData['carrier'];

/** The application as get-application-by-id answers it; premiums in dollars per year. */
export type SovQuoteApplication = SovQuoteData['application'];

/** One building as submit-statement-of-values takes it. Money in dollars; year 4 digits; stories 1 to 100. */
export type SovSubmittedBuilding = ApiBody<'sov/submit-statement-of-values'>['buildings'][number];

/** A building row as the editor holds it: its numbers are null until typed. */
export type SovBuilding = {
  [Field in keyof SovSubmittedBuilding]: SovSubmittedBuilding[Field] extends number
    ? number | null
    : SovSubmittedBuilding[Field];
};

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
