/** reset-application. SPEC §7 (application reloads), docs/api.md. */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { documentedCall } from '../../../lib/api-operations.ts';
import type { Application } from './application-types.ts';

/** Resets application `applicationId` to status new (quotes cleared); returns the envelope. */
export function resetApplication(applicationId: number): Promise<ApiEnvelope<{ application: Application }>> {
  return documentedCall('agent-portal/reset-application', {
    application_id: applicationId,
  });
}
