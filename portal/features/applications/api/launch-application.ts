/** launch-application. SPEC §7 (code 200 then reload), §8, docs/api.md. */
import type { Doc } from '../../../../engine/index.ts';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, type ApiBody, documentedCall } from '../../../lib/api-operations.ts';

/** Answer data of a launch: the launched application and the warnings accepted by launching. */
export type LaunchData = ApiAnswer<'agent-portal/launch-application'>;

/** Launches application `applicationId` with its document; returns the envelope (code 200 = launched). */
export function launchApplication(
  applicationId: number,
  addressDetails: Doc,
): Promise<ApiEnvelope<LaunchData>> {
  return documentedCall('agent-portal/launch-application', {
    application_id: applicationId,
    // The engine's document holds field values only; the launch's body schema refuses anything else.
    address_details: addressDetails as ApiBody<'agent-portal/launch-application'>['address_details'],
  });
}
