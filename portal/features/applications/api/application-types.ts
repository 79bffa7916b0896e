/**
 * Application, note, quote and listing shapes (SPEC §3, docs/api.md), as the server's OpenAPI
 * document declares them (server/routes/application-response-schemas.ts, generated into
 * portal/lib/api-schema.generated.ts; issue 21). Only names live here: the shapes are the server's.
 */
import type { ApiAnswer } from '../../../lib/api-operations.ts';

/** Application answer of get-application-by-id, create, update, launch and reset. */
export type Application = ApiAnswer<'agent-portal/get-application-by-id'>['application'];

/** Application status. SPEC §3, §4. */
export type ApplicationStatus = Application['status'];

/** Note of SPEC §3 with its alert colour. */
export type Note = Application['notes'][number];

/** One carrier's quote; premium in dollars per year, limits in dollars. */
export type Quote = Application['quotes'][number];

/** Quote status of docs/api.md. */
export type QuoteStatus = Quote['status'];

/** Where a quote comes from: a connector, a managed-program quote manager, or staff (issue 3). */
export type QuoteSource = NonNullable<Quote['source']>;

/** A manual quote's document, served from `/api/files/<id>` (issue 3). */
export type QuoteDocument = NonNullable<Quote['document']>;

/** Where a quoted answer differs from what the application asked (issue 17). */
export type QuoteDifference = NonNullable<Quote['differences']>[number];

/** A bound mark of a quote: the policy the carrier issued, premium in dollars (issue 12). */
export type BoundPolicy = NonNullable<Quote['bound']>;

/** `data` of get-agent-applications-list. */
export type ApplicationsListData = ApiAnswer<'agent-portal/get-agent-applications-list'>;

/** One row of the listing. */
export type ApplicationRow = ApplicationsListData['applications']['data'][number];

/** Pagination object of the listing. SPEC §3 Listing state. */
export type Pagination = Omit<ApplicationsListData['applications'], 'data'>;
