/** record-manual-quote (admin or super-admin). docs/api.md (issue 3). */
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';
import type { Application } from './application-types.ts';

/** A document attached to a manual quote, its bytes as base64 (no data: prefix). */
export interface ManualQuoteDocumentUpload {
  name: string;
  content_base64: string;
  content_type: string;
}

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
  return apiCall<{ application: Application }>('agent-portal/record-manual-quote', {
    application_id: applicationId,
    ...input,
  });
}
