/**
 * The quote document calls of docs/api.md Quote documents (issue 13; SPEC §2 Dialogs:
 * market-breakdown and flood-rejection PDF downloads, send/download quote).
 */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, type ApiBody, documentedCall, documentedData } from '../../../lib/api-operations.ts';
import { postDownload } from '../../../lib/post-download.ts';

/** send-quote's body (without session_key). */
export type SendQuoteBody = ApiBody<'agent-portal/send-quote'>;

/** The two documents, as the calls name them. */
export type QuoteDocumentKind = SendQuoteBody['document'];

/** An e-mail template the send dialog starts from: the company's (id) or the standard one (id null). */
export type QuoteEmailTemplate = ApiAnswer<'agent-portal/get-quote-email-templates'>['templates'][number];

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
): Promise<ApiEnvelope<ApiAnswer<'agent-portal/get-quote-email-templates'>>> {
  return documentedCall(
    'agent-portal/get-quote-email-templates',
    { application_id: applicationId },
    { suppressToast: () => true },
  );
}

/**
 * send-quote: e-mails the document to the client and notes the send. Answers the envelope with the
 * updated application; errors are not toasted (the dialog shows them beside its fields).
 */
export function sendQuote(body: SendQuoteBody): Promise<ApiEnvelope<ApiAnswer<'agent-portal/send-quote'>>> {
  return documentedCall('agent-portal/send-quote', { ...body }, { suppressToast: () => true });
}

/** preview-quote-email's body (without session_key): the chosen quotes and the texts as typed. */
export type QuoteEmailPreviewBody = ApiBody<'agent-portal/preview-quote-email'>;

/** The subject and message the client would receive, short codes filled (issue 40). */
export type QuoteEmailPreview = ApiAnswer<'agent-portal/preview-quote-email'>;

/**
 * preview-quote-email: `body`'s subject and message rendered as send-quote renders them, nothing
 * sent. Throws ApiRequestError (422 with the template's problem); no toast, the dialog shows it.
 */
export function previewQuoteEmail(body: QuoteEmailPreviewBody): Promise<QuoteEmailPreview> {
  return documentedData('agent-portal/preview-quote-email', { ...body }, { suppressToast: () => true });
}
