/** reactivate-carrier. SPEC §2 Dialogs (reactivate carrier), docs/api.md (issue 3). */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { documentedCall } from '../../../lib/api-operations.ts';
import type { Application } from './application-types.ts';

/**
 * Puts quote `quoteId` (declined, error or timeout) of application `applicationId` back to pending;
 * the server re-queues automatic ones. Returns the envelope (errors already toasted).
 */
export function reactivateCarrier(
  applicationId: number,
  quoteId: number,
): Promise<ApiEnvelope<{ application: Application }>> {
  return documentedCall('agent-portal/reactivate-carrier', {
    application_id: applicationId,
    quote_id: quoteId,
  });
}
