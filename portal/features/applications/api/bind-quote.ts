/**
 * commission/bind-quote and commission/unbind (issue 12): the agency marks a quoted carrier as bound
 * (policy number, effective date, premium in dollars, new business or renewal), or an admin removes
 * the mark. The caller reloads the application to show it.
 */
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';

/** What the bind dialog sends. */
export interface BindInput {
  application_id: number;
  quote_id: number;
  policy_number: string;
  effective_date: string;
  premium: number;
  business: 'new' | 'renewal';
}

/** Marks the quote as bound. */
export function bindQuote(input: BindInput): Promise<ApiEnvelope<unknown>> {
  return apiCall('commission/bind-quote', { ...input });
}

/** Removes a bound mark (admins). */
export function unbindQuote(boundId: number): Promise<ApiEnvelope<unknown>> {
  return apiCall('commission/unbind', { id: boundId });
}
