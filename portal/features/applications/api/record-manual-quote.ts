/** record-manual-quote (admin or super-admin). docs/api.md (issue 3). */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiBody, documentedCall } from '../../../lib/api-operations.ts';
import type { Application } from './application-types.ts';

/** A document attached to a manual quote, its bytes as base64 (no data: prefix); PDF, PNG, JPEG or text. */
export type ManualQuoteDocumentUpload = NonNullable<ApiBody<'agent-portal/record-manual-quote'>['document']>;

/** What staff record for a pending manual quote. Money in dollars; premium is annual, null when declined. */
export interface ManualQuoteInput {
  quote_id: number;
  status: 'quoted' | 'declined';
  premium: number | null;
  coverages: { building_limit: number | null; contents_limit: number | null; deductible: number | null };
  message: string;
  document: ManualQuoteDocumentUpload | null;
}

/** Records the manual quote `input.quote_id` of application `applicationId`; returns the envelope. */
export function recordManualQuote(
  applicationId: number,
  input: ManualQuoteInput,
): Promise<ApiEnvelope<{ application: Application }>> {
  // A coverage left blank is not sent: the server takes amounts or text, not null.
  const coverages: Record<string, number> = {};
  for (const [coverage, amount] of Object.entries(input.coverages))
    if (amount !== null) coverages[coverage] = amount;
  return documentedCall('agent-portal/record-manual-quote', {
    application_id: applicationId,
    ...input,
    coverages,
  });
}
