/** launch-application-sov-carriers. SPEC §7, docs/api.md (issue 3). */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiBody, documentedCall } from '../../../lib/api-operations.ts';
import type { Application } from './application-types.ts';

/**
 * Launches application `applicationId` (numeric id) to the managed-program carriers whose quote
 * manager ids are `quoteManagerIds` (e.g. "tmh"); the server adds one pending `sov` quote per carrier
 * not already quoted. Returns the envelope (errors already toasted: 422 not Commercial, 409 not
 * launched yet).
 */
export function launchApplicationSovCarriers(
  applicationId: number,
  quoteManagerIds: string[],
): Promise<ApiEnvelope<{ application: Application }>> {
  return documentedCall('agent-portal/launch-application-sov-carriers', {
    application_id: applicationId,
    // Ids picked from the carrier catalogue's list; the server refuses any other with 400.
    sov_carrier_names_list:
      quoteManagerIds as ApiBody<'agent-portal/launch-application-sov-carriers'>['sov_carrier_names_list'],
  });
}
