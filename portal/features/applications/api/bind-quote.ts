/**
 * commission/bind-quote and commission/unbind (issue 12): the agency marks a quoted carrier as bound
 * (policy number, effective date, premium in dollars, new business or renewal), or an admin removes
 * the mark. The caller reloads the application to show it.
 */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, type ApiBody, documentedCall } from '../../../lib/api-operations.ts';

/** What the bind dialog sends. */
export type BindInput = ApiBody<'commission/bind-quote'>;

/** Marks the quote as bound. */
export function bindQuote(input: BindInput): Promise<ApiEnvelope<ApiAnswer<'commission/bind-quote'>>> {
  return documentedCall('commission/bind-quote', { ...input });
}

/** Removes a bound mark (admins). */
export function unbindQuote(boundId: number): Promise<ApiEnvelope<ApiAnswer<'commission/unbind'>>> {
  return documentedCall('commission/unbind', { id: boundId });
}
