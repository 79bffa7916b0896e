/** Application, note, quote and listing-row shapes of docs/api.md, built from rows. */
import type { Doc } from '../../engine/index.ts';
import type { ApplicationRow, NoteRow } from '../db/schema.ts';
import { type AlertColor, alertColorOfNotes, noteColor } from '../notes/note-color.ts';
import { quoteDifferences } from '../quoting/quote-differences.ts';
import { quoteExpiry } from '../quoting/quote-expiry.ts';
import type { ListingRow } from '../repositories/applications-repository.ts';
import type { QuoteWithDocument } from '../repositories/quotes-repository.ts';
import { applicationReference } from './application-reference.ts';
import { isItWorkingHour } from './is-it-working-hour.ts';
import { visibleDocument } from './visible-document.ts';

/** Where a quote's document is served (routes/file-routes.ts); the browser's session cookie authenticates it (ADR 748). */
export function fileUrl(fileId: number): string {
  return `/api/files/${fileId}`;
}

/** Note as docs/api.md: `{id, application_id, payload, color, created_at}`. SPEC §3 Note. */
export function noteView(note: NoteRow) {
  return {
    id: note.id,
    application_id: note.application_id,
    payload: note.payload,
    color: noteColor(note.payload),
    created_at: note.created_at.toISOString(),
  };
}

/**
 * Quote as docs/api.md; premium in dollars (annual) or null; `carrier_reference` and `bind_url`
 * (https) of a live carrier's answer, else null (issue 19); `source` automatic|sov|manual and
 * `document` {name, url} of a manual quote's file, else null (issue 3); `bound` {id, policy_number,
 * effective_date, premium (dollars), business, paid} once the agency marked it as bound, else null (issue 12);
 * `differences`: where a quoted answer's coverages differ from what `asked` (the application's
 * document and product) asked for, [] for a quote without an answer (issue 17, docs/decisions/311);
 * `expires_at` (ISO 8601 or null) and `expired` at `now` by the company's quote expiry days
 * (issue 16, docs/decisions/400-quote-expiry.md).
 */
export function quoteView(quote: QuoteWithDocument, asked: { doc: Doc; product: string }, now: Date) {
  return {
    id: quote.id,
    carrier: quote.carrier,
    sub_carrier: quote.sub_carrier,
    display_name: quote.display_name,
    status: quote.status,
    premium: quote.premium === null ? null : Number(quote.premium),
    coverages: quote.coverages,
    differences: quote.status === 'quoted' ? quoteDifferences(quote.coverages, asked.doc, asked.product) : [],
    benefits: quote.benefits,
    message: quote.message,
    indicative: quote.indicative,
    carrier_reference: quote.carrier_reference,
    bind_url: quote.bind_url,
    requested_at: quote.requested_at.toISOString(),
    answered_at: quote.answered_at?.toISOString() ?? null,
    ...quoteExpiry(quote, now),
    source: quote.source,
    document:
      quote.document_id === null
        ? null
        : { name: quote.document_name ?? '', url: fileUrl(quote.document_id) },
    bound:
      quote.bound_id === null
        ? null
        : {
            id: quote.bound_id,
            policy_number: quote.bound_policy_number,
            effective_date: quote.bound_effective_date,
            premium: Number(quote.bound_premium_cents) / 100,
            business: quote.bound_business,
            paid: quote.bound_paid_at !== null,
          },
  };
}

/** Quote type as docs/api.md; see quoteView. */
export type QuoteView = ReturnType<typeof quoteView>;

/**
 * The quotes of application `row` as docs/api.md, differences computed against its document and
 * product, expiry at `now`.
 */
export function quoteViewsOf(
  row: ApplicationRow,
  quotes: QuoteWithDocument[],
  now: Date = new Date(),
): QuoteView[] {
  const asked = { doc: row.useable_details as Doc, product: row.carrier_quote_type[0] ?? 'Primary' };
  return quotes.map((quote) => quoteView(quote, asked, now));
}

/** Application as docs/api.md (get-application-by-id, create, launch, reset). SPEC §3 Application. */
export function applicationView(
  row: ApplicationRow,
  notes: NoteRow[],
  quotes: QuoteWithDocument[],
  now: Date = new Date(),
) {
  return {
    id: row.id,
    application_id: applicationReference(row.id),
    status: row.status,
    application_type: row.application_type,
    carrier_quote_type: row.carrier_quote_type,
    is_cross_sale: row.is_cross_sale,
    min_quote_amount: row.min_quote_amount === null ? null : Number(row.min_quote_amount),
    payload: { useable_details: visibleDocument(row) },
    notes: notes.map(noteView),
    quotes: quoteViewsOf(row, quotes, now),
    isItWorkingHour: isItWorkingHour(now),
    application_relaunch_count: row.application_relaunch_count,
    application_source: row.application_source,
    ads_data: row.ads_data,
    client_name_id: row.client_name_id,
    rocket_agent: row.rocket_agent,
    agent_id: row.agent_id,
    company_id: row.company_id,
    version: row.version,
    schema_version: row.schema_version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    launched_at: row.launched_at?.toISOString() ?? null,
  };
}

/** Listing row as docs/api.md; `alert_color` from the application's active alert notes. */
export function listingRowView(row: ListingRow, notes: NoteRow[]) {
  const alertColor: AlertColor | null = alertColorOfNotes(notes.map((n) => n.payload));
  return {
    id: row.id,
    application_id: applicationReference(row.id),
    status: row.status,
    carrier_quote_type: row.carrier_quote_type,
    application_type: row.application_type,
    searched_address: row.searched_address,
    client_name: row.client_name,
    min_quote_amount: row.min_quote_amount === null ? null : Number(row.min_quote_amount),
    application_source: row.application_source,
    client_name_id: row.client_name_id,
    alert_color: alertColor,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
