/**
 * Quote documents and sending them (SPEC §2 Dialogs: market-breakdown and flood-rejection PDF
 * downloads, send/download quote; issue 13). The caller may work the application exactly as for
 * get-application-by-id (another company's or, for an agent, a colleague's answers 404). A send
 * e-mails the PDF to the client through the mailer password reset uses (the company's SMTP, else
 * the local sink) and leaves a note on the application; a mail that fails leaves no note, only its
 * failed outbox row (issue 43). The send dialog previews the e-mail as the send renders it
 * (previewQuoteEmail). Documents name the carriers as the screen does, cheapest first, and print
 * times in the agency's time zone (issue 40).
 * docs/decisions/240-quote-documents-as-pdf.md, 242-send-quote.md, 752-sending-follows-the-comparison.md.
 */

import type { Executor } from '../db/database.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { type Mailer, NoSmtpServerError } from '../mail/mailer.ts';
import { renderTemplate, TemplateRenderError } from '../messaging/render-template.ts';
import { shortCodeValues } from '../messaging/short-code-values.ts';
import { checkShortCodeTemplate } from '../messaging/short-codes.ts';
import { floodRejectionPdf } from '../quote-documents/flood-rejection-pdf.ts';
import { marketBreakdownPdf } from '../quote-documents/market-breakdown-pdf.ts';
import {
  type DocumentQuote,
  money,
  productLabel,
  type QuoteDocumentData,
  quotesByPremium,
} from '../quote-documents/quote-document-data.ts';
import { type Account, findAccountByUserId, findAgent } from '../repositories/accounts-repository.ts';
import { findCompanyWithExtras, findLogo } from '../repositories/companies-repository.ts';
import { insertNote } from '../repositories/notes-repository.ts';
import { type QuoteWithDocument, quotesOfApplication } from '../repositories/quotes-repository.ts';
import type { Actor } from './actor.ts';
import { applicationReference } from './application-reference.ts';
import { viewOf } from './applications-service.ts';
import { clientName } from './client-name.ts';
import { newOutboxEntry, sendErrorText } from './outbox-entry.ts';
import { loadOwned } from './owned-application.ts';
import { companyTimezone } from './portal-settings/global-settings.ts';
import { companySmtp } from './portal-settings/smtp-settings.ts';
import { quoteLink } from './quote-view-service.ts';
import { refuseExpiredQuotes } from './refuse-expired-quotes.ts';

/** The two documents, by the name their calls and file names use. */
export const QUOTE_DOCUMENT_KINDS = ['market-breakdown', 'flood-rejection'] as const;
export type QuoteDocumentKind = (typeof QUOTE_DOCUMENT_KINDS)[number];

const BUILDERS: Record<QuoteDocumentKind, (data: QuoteDocumentData) => Promise<Uint8Array>> = {
  'market-breakdown': marketBreakdownPdf,
  'flood-rejection': floodRejectionPdf,
};

/** How a note and a mail name each document. */
export const DOCUMENT_NAMES: Record<QuoteDocumentKind, string> = {
  'market-breakdown': 'Market breakdown',
  'flood-rejection': 'Flood coverage rejection',
};

export const UNKNOWN_QUOTE_MESSAGE = "A chosen quote is not one of this application's.";
export const MAIL_FAILED_MESSAGE = 'The e-mail could not be sent. Check the SMTP settings and try again.';
export const NO_SMTP_MESSAGE =
  'No e-mail server is set up: an admin adds the SMTP settings in the portal settings.';

/** The note a send leaves: `sent_by` names the job, as the other notes do (alert-colours.json). */
export const QUOTE_SENT_NOTE = { sent_by: 'quote_email', status: 'sent' } as const;

/** A generated document. */
export interface QuoteDocumentFile {
  fileName: string;
  bytes: Uint8Array;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The quotes named by `quoteIds` (all when undefined), those with a premium cheapest first, then
 * the rest in launch order (quotesByPremium); 422 for an id not of the application.
 */
function chosenQuotes(quotes: QuoteWithDocument[], quoteIds: number[] | undefined): QuoteWithDocument[] {
  const known = new Set(quotes.map((quote) => quote.id));
  if (quoteIds?.some((id) => !known.has(id))) {
    throw new ApiError(422, UNKNOWN_QUOTE_MESSAGE, { 'body.quote_ids': UNKNOWN_QUOTE_MESSAGE });
  }
  const chosen = quoteIds === undefined ? quotes : quotes.filter((quote) => quoteIds.includes(quote.id));
  return quotesByPremium(chosen);
}

/** The coverages asked on the document, as label/value pairs (empty values left out). */
function askedCoverages(doc: Record<string, unknown>, product: string | undefined): [string, string][] {
  const excess = product === 'Excess';
  const fields: [string, string][] = [
    ['Building limit', excess ? 'excess_building_limit' : 'building_limit'],
    ['Contents limit', excess ? 'excess_contents_limit' : 'contents_limit'],
    ['Deductible', 'deductible'],
  ];
  return fields
    .filter(([, field]) => typeof doc[field] === 'number')
    .map(([label, field]) => [label, money(doc[field])]);
}

/**
 * Everything a document of application `row` shows, for the quotes `quoteIds` (all when
 * undefined): the agency of the application's agent (name, logo, the agent's contact, its time
 * zone), the client and property of the document; with the agent's account and the chosen quotes,
 * cheapest first. Throws ApiError 422 UNKNOWN_QUOTE_MESSAGE.
 */
async function documentData(
  db: Executor,
  row: ApplicationRow,
  quoteIds: number[] | undefined,
  now: Date,
): Promise<{ data: QuoteDocumentData; agentAccount: Account | null; quotes: QuoteWithDocument[] }> {
  const agent = await findAgent(db, row.agent_id);
  const account = agent ? await findAccountByUserId(db, agent.user_id) : null;
  const logo = await findLogo(db, row.company_id);
  const quotes = chosenQuotes(await quotesOfApplication(db, row.id), quoteIds);
  const doc = row.useable_details;
  const product = row.carrier_quote_type[0];
  const contact = account
    ? [`Agent: ${account.user.name}`, [account.user.email, account.user.phone].filter(Boolean).join(' - ')]
    : [];
  const data: QuoteDocumentData = {
    agency: {
      name: account?.company?.name ?? 'Agency',
      contact,
      logo: logo
        ? { content_type: logo.content_type, bytes: Buffer.from(logo.content_base64, 'base64') }
        : null,
    },
    reference: applicationReference(row.id),
    client: { name: clientName(doc) ?? '', email: text(doc.email), phone: text(doc.phone) },
    address: row.searched_address,
    product: productLabel(product),
    asked: askedCoverages(doc, product),
    quotes: quotes.map(
      (quote): DocumentQuote => ({
        id: quote.id,
        name: quote.display_name,
        status: quote.status,
        premium: quote.premium === null ? null : Number(quote.premium),
        coverages: quote.coverages,
        benefits: quote.benefits,
        message: quote.message,
        indicative: quote.indicative,
      }),
    ),
    generatedAt: now,
    timeZone: companyTimezone(account?.company?.settings ?? null),
  };
  return { data, agentAccount: account, quotes };
}

/** "market-breakdown-RMGA0000042.pdf". */
export function documentFileName(kind: QuoteDocumentKind, applicationId: number): string {
  return `${kind}-${applicationReference(applicationId)}.pdf`;
}

/**
 * The `kind` PDF of application `applicationId` with the quotes `quoteIds` (every quote when
 * undefined). Throws ApiError 404 when the actor may not work the application, 422
 * UNKNOWN_QUOTE_MESSAGE for a quote id not of the application.
 */
export async function quoteDocument(
  db: Executor,
  actor: Actor,
  kind: QuoteDocumentKind,
  applicationId: number,
  quoteIds?: number[],
  now: Date = new Date(),
): Promise<QuoteDocumentFile> {
  const row = await loadOwned(db, actor, applicationId);
  const { data } = await documentData(db, row, quoteIds, now);
  const bytes = await BUILDERS[kind](data);
  return { fileName: documentFileName(kind, row.id), bytes };
}

/** An e-mail template as the send dialog offers it: a company's (with its id) or the standard one (id null). */
export interface QuoteEmailTemplate {
  id: number | null;
  name: string;
  subject: string;
  body: string;
}

/** The template offered when the company has none, in the short codes' syntax. */
export const STANDARD_QUOTE_EMAIL: QuoteEmailTemplate = {
  id: null,
  name: 'Standard quote e-mail',
  subject: 'Your flood insurance quotes for {{address}}',
  body: [
    'Hello {{first_name}},',
    '',
    'Attached are the flood insurance quotes we gathered for {{address}}. The lowest annual premium is {{min_quote_amount}}.',
    'Reply to this e-mail or call us with any question; we are glad to help you choose.',
    '',
    '{{agent_name}}',
    '{{company_name}}',
  ].join('\n'),
};

/**
 * The e-mail templates the send dialog offers for application `applicationId`: the company's
 * e-mail templates (portal settings), then STANDARD_QUOTE_EMAIL. Throws ApiError 404 as
 * quoteDocument.
 */
export async function quoteEmailTemplates(
  db: Executor,
  actor: Actor,
  applicationId: number,
): Promise<{ templates: QuoteEmailTemplate[] }> {
  const row = await loadOwned(db, actor, applicationId);
  const settings = ((await findCompanyWithExtras(db, row.company_id))?.company.settings ?? {}) as {
    email_templates?: QuoteEmailTemplate[];
  };
  const own = (settings.email_templates ?? []).map(({ id, name, subject, body }) => ({
    id,
    name,
    subject,
    body,
  }));
  return { templates: [...own, STANDARD_QUOTE_EMAIL] };
}

/** send-quote's checked body. */
export interface SendQuoteInput {
  application_id: number;
  document: QuoteDocumentKind;
  quote_ids: number[];
  email: string;
  subject: string;
  message: string;
}

/** The mailer, and where the portal is served for the {{quote_link}} short code. */
export interface SendQuoteDeps {
  mailer: Mailer;
  publicBaseUrl: string;
}

/** What preview-quote-email renders: the chosen quotes, and the subject and message as typed. */
export type QuoteEmailInput = Pick<SendQuoteInput, 'application_id' | 'quote_ids' | 'subject' | 'message'>;

/**
 * The e-mail of application `row` with the quotes of `input`, as the client receives it: subject
 * (one line) and message rendered with the application's short codes (the company templates'
 * syntax; renderTemplate), with the document data it is sent with; `{{min_quote_amount}}` is the
 * lowest premium of the chosen quotes. Throws ApiError 422 for an unknown quote or a subject or
 * message that is not a valid template or uses a code that is none (checkShortCodeTemplate).
 */
async function renderQuoteEmail(
  db: Executor,
  publicBaseUrl: string,
  row: ApplicationRow,
  input: QuoteEmailInput,
  now: Date,
) {
  const { data, agentAccount, quotes } = await documentData(db, row, input.quote_ids, now);
  const values = shortCodeValues(
    row,
    {
      agentName: agentAccount?.user.name ?? null,
      agentPhone: agentAccount?.user.phone ?? null,
      companyName: data.agency.name,
    },
    await quoteLink(db, row, publicBaseUrl, now),
    // The chosen quotes with a premium, cheapest first, as the document lists them.
    quotes
      .filter((quote) => quote.status === 'quoted' && quote.premium !== null)
      .map((quote) => ({ display_name: quote.display_name, premium: Number(quote.premium) })),
  );
  try {
    // Checked as a saved template is: an unknown code is refused, not sent blanked (ADR 759).
    checkShortCodeTemplate(input.subject);
    checkShortCodeTemplate(input.message);
    return {
      subject: renderTemplate(input.subject, values)
        .replace(/[\r\n]+/g, ' ')
        .trim(),
      message: renderTemplate(input.message, values),
      data,
      agentAccount,
      quotes,
    };
  } catch (error) {
    if (error instanceof TemplateRenderError) throw new ApiError(422, error.message);
    throw error;
  }
}

/**
 * preview-quote-email (issue 40): the subject and message the send dialog would e-mail for
 * `input`, rendered exactly as sendQuote renders them, with nothing sent or noted. Throws ApiError
 * 404 as quoteDocument, 422 as renderQuoteEmail.
 */
export async function previewQuoteEmail(
  db: Executor,
  publicBaseUrl: string,
  actor: Actor,
  input: QuoteEmailInput,
  now: Date = new Date(),
): Promise<{ subject: string; message: string }> {
  const row = await loadOwned(db, actor, input.application_id);
  const { subject, message } = await renderQuoteEmail(db, publicBaseUrl, row, input, now);
  return { subject, message };
}

/**
 * E-mails the chosen document to `input.email`: subject and message are rendered with the
 * application's short codes (renderQuoteEmail), the PDF attached; then a note (QUOTE_SENT_NOTE)
 * names the document, the address and the carriers. Answers the note and the application view.
 * Throws ApiError 404 / 422 as quoteDocument, 422 for a subject or message that is not a valid
 * template, 422 NO_SMTP_MESSAGE when no mail server is configured, 502 MAIL_FAILED_MESSAGE when
 * the mail server refuses (no note in either case). Every mail tried is kept in the outbox with
 * its outcome, in the transaction of the note (issue 43): a failed one, PDF included, is committed
 * before the refusal is thrown, for an admin to resend.
 */
export async function sendQuote(
  db: Executor,
  deps: SendQuoteDeps,
  actor: Actor,
  input: SendQuoteInput,
  now: Date = new Date(),
) {
  const done = await db.transaction(async (tx) => {
    // The lock keeps a reset or delete from running between the document and its note.
    const row = await loadOwned(tx, actor, input.application_id, true);
    const { subject, message, data, agentAccount, quotes } = await renderQuoteEmail(
      tx,
      deps.publicBaseUrl,
      row,
      input,
      now,
    );
    refuseExpiredQuotes(quotes, now);
    const sender = await findAccountByUserId(tx, actor.userId);
    const attachment = {
      name: documentFileName(input.document, row.id),
      type: 'application/pdf',
      content: await BUILDERS[input.document](data),
    };
    const outbox = newOutboxEntry({
      company_id: row.company_id,
      application_id: row.id,
      channel: 'email',
      template_key: QUOTE_SENT_NOTE.sent_by,
      recipient: input.email,
      subject,
      body: message,
      attachment,
      triggered_by: actor.userId,
    });
    try {
      await deps.mailer.send(
        {
          to: input.email,
          subject,
          text: message,
          attachments: [
            { filename: attachment.name, contentType: attachment.type, content: attachment.content },
          ],
        },
        // The application's agency sends, whoever of its staff (or a super-admin) asked.
        companySmtp(agentAccount?.company ?? null),
      );
    } catch (error) {
      // Nowhere to send is the agency's setting to fix (422); a server that refuses is a 502. The
      // failed message stays in the outbox (committed, no note) for an admin to resend (issue 43).
      const refusal =
        error instanceof NoSmtpServerError
          ? new ApiError(422, NO_SMTP_MESSAGE)
          : new ApiError(502, MAIL_FAILED_MESSAGE);
      await outbox(tx, { status: 'failed', error: sendErrorText(error) });
      return { refusal };
    }
    await outbox(tx, { status: 'sent', error: null });
    const carriers = data.quotes.map((quote) => quote.name).join(', ');
    const note = await insertNote(tx, row.id, {
      is_alert: false,
      is_active: true,
      ...QUOTE_SENT_NOTE,
      message: `${DOCUMENT_NAMES[input.document]} e-mailed to ${input.email} by ${sender?.user.name ?? 'the agent'} ("${subject}"): ${carriers}.`,
    });
    return { answer: { note_id: note.id, application: await viewOf(tx, row) } };
  });
  if ('refusal' in done) throw done.refusal;
  return done.answer;
}
