/** sov/submit-statement-of-values. docs/api.md (issue 3). */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall } from '../../../lib/api-operations.ts';
import type { SovSubmittedBuilding } from './sov-quote-types.ts';

/**
 * Sends the statement of values of application `applicationId` to SOV carrier `carrierId` (quote
 * manager id); the server stores it, asks the carrier's quote manager and updates that carrier's
 * `sov` quote. Returns the envelope (`data.application`, with the quotes); errors already toasted.
 */
export function submitStatementOfValues(
  carrierId: string,
  applicationId: number,
  buildings: SovSubmittedBuilding[],
): Promise<ApiEnvelope<ApiAnswer<'sov/submit-statement-of-values'>>> {
  return documentedCall('sov/submit-statement-of-values', {
    carrier_id: carrierId,
    application_id: applicationId,
    buildings,
  });
}
