/** The browser-side validity checks of the sov-quote route. SPEC §2 sov-quote route. */
import { notFound } from '@tanstack/react-router';
import type { SovQuoteNotFoundReason } from '../../features/sov-quote/api/sov-quote-types.ts';
import { findSovQuoteManager } from '../../lib/carrier-catalog.ts';
import { isApplicationId } from './check-application-id.ts';

/**
 * The first reason the params are invalid before any call: 'Invalid Carrier' when `carrier_id` is
 * not a carriers.json SOV quote manager id, 'Invalid Application ID' when `application_id` is not all
 * digits; null when both pass (the server then checks that the application loads and is commercial).
 */
export function sovQuoteParamsProblem(params: {
  carrier_id: string;
  application_id: string;
}): SovQuoteNotFoundReason | null {
  if (!findSovQuoteManager(params.carrier_id)) return 'Invalid Carrier';
  if (!isApplicationId(params.application_id)) return 'Invalid Application ID';
  return null;
}

/** beforeLoad of /sov-quote/{carrier_id}/{application_id}. Throws notFound({ data: { reason } }). */
export function checkSovQuote({ params }: { params: { carrier_id: string; application_id: string } }): void {
  const reason = sovQuoteParamsProblem(params);
  if (reason) throw notFound({ data: { reason } });
}
