/**
 * The customer portal (issue 16, SPEC §1 roles, §2 "assign agent to customer"): a customer sees the
 * applications whose client they are, with their quotes read-only and the contact of the agent
 * working each one, and asks that agent to get in touch ("contact my agent" / "I want this
 * quote"): a note on the application, shown to the agent as an alert, and an e-mail when the
 * agent keeps e-mail notifications on. The agent working an application (or their admin) names its
 * client among the customers assigned to that agent. docs/decisions/270-customer-portal.md.
 */
import type { Executor } from '../db/database.ts';
import type { ApplicationRow, QuoteStatus } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { Mailer, SmtpSettings } from '../mail/mailer.ts';
import { quoteExpiry } from '../quoting/quote-expiry.ts';
import { updateApplication } from '../repositories/applications-repository.ts';
import {
  type AgentContactRow,
  agentContacts,
  assignedCustomers,
  clientApplications,
  findClientApplication,
  findCompanyCustomer,
} from '../repositories/customer-portal-repository.ts';
import { insertNote, notesOfApplications } from '../repositories/notes-repository.ts';
import { quotesOfApplication } from '../repositories/quotes-repository.ts';
import { findUserRecord } from '../repositories/users-repository.ts';
import { FORBIDDEN } from './account-access.ts';
import type { Actor } from './actor.ts';
import { applicationReference } from './application-reference.ts';
import { noteView } from './application-view.ts';
import { loadOwned } from './owned-application.ts';
import { refuseExpiredQuotes } from './refuse-expired-quotes.ts';
import { userSettingsOf } from './user-settings.ts';

/** Most applications the customer's dashboard lists (newest first). */
export const MAX_CLIENT_APPLICATIONS = 50;

/** `sent_by` of the notes a customer's request writes (purple alerts, schemas/constants/alert-colours.json). */
export const CUSTOMER_NOTE_SENDER = 'customer_portal';

export const CLIENT_APPLICATION_NOT_FOUND = 'Application not found.';
export const CLIENT_QUOTE_NOT_FOUND = 'Quote not found.';
export const QUOTE_NOT_OFFERED = 'Only a quoted premium can be chosen.';
export const CLIENT_NOT_ASSIGNABLE = "Choose a customer assigned to this application's agent.";

/** The agent a customer reaches: name, e-mail and phone (null when the agent has none). */
export interface AgentContact {
  name: string;
  email: string;
  phone: string | null;
}

/** A quote as its customer reads it: no document, commission or connector details. Premium in dollars a year. */
export interface ClientQuote {
  id: number;
  display_name: string;
  status: QuoteStatus;
  premium: number | null;
  benefits: string[];
  message: string | null;
  answered_at: string | null;
  /** When the premium stops being offered (ISO 8601), null without one; docs/decisions/400-quote-expiry.md. */
  expires_at: string | null;
  expired: boolean;
}

/**
 * A request the customer sent from the portal (a CUSTOMER_NOTE_SENDER note): `contact_requested`
 * or `quote_wanted`, the note's words, when (ISO 8601), and `open` until the agent marks the
 * note handled (its alert switched off). docs/decisions/401-customer-request-history.md.
 */
export interface ClientRequest {
  id: number;
  kind: 'contact_requested' | 'quote_wanted';
  message: string;
  created_at: string;
  open: boolean;
}

/** An application as its client reads it. */
export interface ClientApplication {
  id: number;
  application_id: string;
  status: ApplicationRow['status'];
  carrier_quote_type: string[];
  searched_address: string;
  min_quote_amount: number | null;
  created_at: string;
  agent: AgentContact | null;
  quotes: ClientQuote[];
  /** The customer's requests on it, oldest first. */
  requests: ClientRequest[];
}

/** Throws ApiError 403 'Forbidden.' unless the actor is a customer: the portal is theirs alone. */
function requireCustomer(actor: Actor): void {
  if (actor.role !== 'customer') throw new ApiError(403, FORBIDDEN);
}

function contactOf(row: AgentContactRow | undefined): AgentContact | null {
  return row ? { name: row.name, email: row.email, phone: row.phone } : null;
}

/**
 * The actor's applications as their client, newest first (at most MAX_CLIENT_APPLICATIONS), each
 * with its quotes (expiry at `now`), its agent's contact and the customer's requests. Throws ApiError 403 for any role but customer.
 */
export async function listClientApplications(
  db: Executor,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ applications: ClientApplication[] }> {
  requireCustomer(actor);
  const rows = await clientApplications(db, actor.userId, MAX_CLIENT_APPLICATIONS);
  const contacts = await agentContacts(db, [...new Set(rows.map((row) => row.agent_id))]);
  const requests = (
    await notesOfApplications(
      db,
      rows.map((row) => row.id),
    )
  ).filter((note) => note.payload.sent_by === CUSTOMER_NOTE_SENDER);
  const applications = await Promise.all(
    rows.map((row) =>
      clientApplicationView(
        db,
        row,
        contacts.find((contact) => contact.agent_id === row.agent_id),
        requests
          .filter((note) => note.application_id === row.id)
          .map((note) => ({
            id: note.id,
            kind: note.payload.status === 'quote_wanted' ? 'quote_wanted' : 'contact_requested',
            message: note.payload.message,
            created_at: note.created_at.toISOString(),
            open: note.payload.is_alert,
          })),
        now,
      ),
    ),
  );
  return { applications };
}

/**
 * Application `row` as its client reads it: its quotes (expiry at `now`), the contact of the agent
 * working it (`contact`, the agents_contacts row of row.agent_id) and the client's `requests`.
 * Also the read-only quote view of a signed quote link (docs/decisions/440).
 */
export async function clientApplicationView(
  db: Executor,
  row: ApplicationRow,
  contact: AgentContactRow | undefined,
  requests: ClientRequest[],
  now: Date,
): Promise<ClientApplication> {
  const quotes = await quotesOfApplication(db, row.id);
  return {
    id: row.id,
    application_id: applicationReference(row.id),
    status: row.status,
    carrier_quote_type: row.carrier_quote_type,
    searched_address: row.searched_address,
    min_quote_amount: row.min_quote_amount === null ? null : Number(row.min_quote_amount),
    created_at: row.created_at.toISOString(),
    agent: contactOf(contact),
    quotes: quotes.map((quote) => ({
      id: quote.id,
      display_name: quote.display_name,
      status: quote.status,
      premium: quote.premium === null ? null : Number(quote.premium),
      benefits: quote.benefits,
      message: quote.message,
      answered_at: quote.answered_at?.toISOString() ?? null,
      ...quoteExpiry(quote, now),
    })),
    requests,
  };
}

/** What a customer asks: an application, optionally the quote they want, and a few words of their own. */
export interface ContactAgentInput {
  applicationId: number;
  quoteId: number | null;
  message: string | null;
}

/** Where the e-mail to the agent goes and what the mail link opens. */
export interface ContactAgentMail {
  mailer: Mailer;
  companySmtp: SmtpSettings | null;
  publicBaseUrl: string;
}

function dollars(amount: number): string {
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/**
 * The customer's request: one transaction that locks their application and writes an active
 * alert note (`sent_by` CUSTOMER_NOTE_SENDER, status `quote_wanted` with a quote, else
 * `contact_requested`); then, when the agent keeps `email_notifications` on (their user
 * settings), e-mails them. Returns the note and whether the agent was e-mailed (a mail failure
 * leaves the note, which the agent sees in the portal, and answers `emailed: false`).
 * Throws ApiError 403 for any role but customer, 404 when the application is not theirs or the
 * quote not the application's, 422 when the chosen quote has no premium, 409 when it has expired at
 * `now` (docs/decisions/400-quote-expiry.md).
 */
export async function contactAgent(
  db: Executor,
  actor: Actor,
  input: ContactAgentInput,
  mail: ContactAgentMail,
  onMailError: (error: unknown) => void,
  now: Date = new Date(),
) {
  requireCustomer(actor);
  const { note, row } = await db.transaction(async (tx) => {
    const row = await findClientApplication(tx, input.applicationId, actor.userId, true);
    if (!row) throw new ApiError(404, CLIENT_APPLICATION_NOT_FOUND);
    const quote =
      input.quoteId === null
        ? null
        : ((await quotesOfApplication(tx, row.id)).find((candidate) => candidate.id === input.quoteId) ??
          null);
    if (input.quoteId !== null && !quote) throw new ApiError(404, CLIENT_QUOTE_NOT_FOUND);
    if (quote && (quote.status !== 'quoted' || quote.premium === null))
      throw new ApiError(422, QUOTE_NOT_OFFERED);
    if (quote) refuseExpiredQuotes([quote], now);
    const customer = (await findUserRecord(tx, actor.userId))?.user.name ?? 'Your customer';
    const ask = quote
      ? `${customer} wants the ${quote.display_name} quote (${dollars(Number(quote.premium))} a year).`
      : `${customer} asks you to get in touch.`;
    const words = input.message?.trim();
    const note = await insertNote(tx, row.id, {
      is_alert: true,
      is_active: true,
      sent_by: CUSTOMER_NOTE_SENDER,
      status: quote ? 'quote_wanted' : 'contact_requested',
      message: words ? `${ask} "${words}"` : ask,
    });
    return { note, row };
  });
  const [agent] = await agentContacts(db, [row.agent_id]);
  let emailed = false;
  if (agent && userSettingsOf(agent.settings).email_notifications) {
    const link = `${mail.publicBaseUrl.replace(/\/+$/, '')}/agent-portal/application-details/${row.id}`;
    try {
      await mail.mailer.send(
        {
          to: agent.email,
          subject: `${applicationReference(row.id)}: your customer wrote from the portal`,
          text: [`Hello ${agent.name},`, '', note.payload.message, '', `Open the application: ${link}`].join(
            '\n',
          ),
        },
        mail.companySmtp,
      );
      emailed = true;
    } catch (error) {
      onMailError(error);
    }
  }
  return { note: noteView(note), emailed };
}

/**
 * Names (or with null clears) the client of an application the actor works (SPEC §6 scope: an
 * agent their own, an admin their company's, a super-admin any): a customer of the application's
 * company assigned to the application's agent (SPEC §2 assign agent to customer). Returns the
 * application id and client. Throws ApiError 404 for an application out of scope, 422
 * CLIENT_NOT_ASSIGNABLE for any other user.
 */
export async function setApplicationClient(
  db: Executor,
  actor: Actor,
  applicationId: number,
  clientUserId: number | null,
): Promise<{ application_id: number; client_user_id: number | null }> {
  return db.transaction(async (tx) => {
    const row = await loadOwned(tx, actor, applicationId, true);
    if (clientUserId !== null) {
      const customer = await findCompanyCustomer(tx, clientUserId, row.company_id);
      if (!customer || customer.assigned_agent_id !== row.agent_id)
        throw new ApiError(422, CLIENT_NOT_ASSIGNABLE);
    }
    await updateApplication(tx, row.id, { client_user_id: clientUserId });
    return { application_id: row.id, client_user_id: clientUserId };
  });
}

/**
 * The client of an application the actor works and the customers they may name instead (those
 * assigned to its agent, of its company). Throws ApiError 404 for an application out of scope.
 */
export async function applicationClients(db: Executor, actor: Actor, applicationId: number) {
  const row = await loadOwned(db, actor, applicationId);
  const customers = await assignedCustomers(db, row.agent_id);
  return { application_id: row.id, client_user_id: row.client_user_id, customers };
}
