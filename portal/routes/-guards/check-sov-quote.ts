/** The browser-side validity checks of the sov-quote route. SPEC §2 sov-quote route. */
import { notFound } from '@tanstack/react-router';
import type { SovQuoteNotFoundReason } from '../../features/sov-quote/api/sov-quote-types.ts';
import { isApplicationId } from './check-application-id.ts';

/**
 * The shape of a quote manager id: the catalogue's name pattern (server/quoting/carriers.schema.json
 * `name`), at most the 100 characters sov/get-sov-quote takes. Whether it is an SOV carrier of the
 * catalogue in use is the server's answer (issue 43): a carrier published after the build is known.
 */
const QUOTE_MANAGER_ID_SHAPE = /^[a-z][a-z0-9_]{0,99}$/;

/**
 * The first reason the params are invalid before any call: 'Invalid Carrier' when `carrier_id` is
 * not shaped as a quote manager id, 'Invalid Application ID' when `application_id` is not all
 * digits; null when both pass. sov/get-sov-quote then answers 'Invalid Carrier' for a carrier that
 * is no SOV carrier of the catalogue in use, and checks that the application loads and is commercial.
 */
export function sovQuoteParamsProblem(params: {
  carrier_id: string;
  application_id: string;
}): SovQuoteNotFoundReason | null {
  if (!QUOTE_MANAGER_ID_SHAPE.test(params.carrier_id)) return 'Invalid Carrier';
  if (!isApplicationId(params.application_id)) return 'Invalid Application ID';
  return null;
}

/** beforeLoad of /sov-quote/{carrier_id}/{application_id}. Throws notFound({ data: { reason } }). */
export function checkSovQuote({ params }: { params: { carrier_id: string; application_id: string } }): void {
  const reason = sovQuoteParamsProblem(params);
  if (reason) throw notFound({ data: { reason } });
}
