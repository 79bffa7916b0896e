/**
 * The quote document calls of docs/api.md Quote documents (issue 13; SPEC §2 Dialogs:
 * market-breakdown and flood-rejection PDF downloads, send/download quote).
 */
import { type ApiEnvelope, apiCall } from '../../../lib/api-client.ts';
import { postDownload } from '../../../lib/post-download.ts';
import type { Application } from './application-types.ts';

/** The two documents, as the calls name them. */
export type QuoteDocumentKind = 'market-breakdown' | 'flood-rejection';

/** An e-mail template the send dialog starts from: the company's (id) or the standard one (id null). */
export interface QuoteEmailTemplate {
  id: number | null;
  name: string;
  subject: string;
  body: string;
}

/**
 * Downloads the `kind` PDF of application `applicationId` with the quotes `quoteIds`; resolves with
 * the file name. Throws `ApiRequestError` for an error envelope, the fetch error on a broken connection.
 */
export function downloadQuoteDocument(
  kind: QuoteDocumentKind,
  applicationId: number,
  quoteIds: number[],
): Promise<string> {
  return postDownload(
    `agent-portal/download-${kind}-pdf`,
    { application_id: applicationId, quote_ids: quoteIds },
    `${kind}.pdf`,
  );
}

/** get-quote-email-templates: the company's e-mail templates, then the standard one. No toast on error. */
export function getQuoteEmailTemplates(
  applicationId: number,
): Promise<ApiEnvelope<{ templates: QuoteEmailTemplate[] }>> {
  return apiCall<{ templates: QuoteEmailTemplate[] }>(
    'agent-portal/get-quote-email-templates',
    { application_id: applicationId },
    { suppressToast: () => true },
  );
}

/** send-quote's body (without session_key). */
export interface SendQuoteBody {
  application_id: number;
  document: QuoteDocumentKind;
  quote_ids: number[];
  email: string;
  subject: string;
  message: string;
}

/**
 * send-quote: e-mails the document to the client and notes the send. Answers the envelope with the
 * updated application; errors are not toasted (the dialog shows them beside its fields).
 */
export function sendQuote(
  body: SendQuoteBody,
): Promise<ApiEnvelope<{ note_id: number; application: Application }>> {
  return apiCall<{ note_id: number; application: Application }>(
    'agent-portal/send-quote',
    { ...body },
    { suppressToast: () => true },
  );
}
