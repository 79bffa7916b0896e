/**
 * Commission (issue 12, SPEC §1 and §2 /dashboard/commission; rates "not shown" in SPEC §8, decided
 * in docs/decisions/177-commission.md): rates per company, carrier (sub-carrier) and product, new
 * business and renewal; a quoted carrier marked as bound with policy number, effective date and
 * premium; statements per agent and period computed in SQL, payable or paid; CSV export.
 * Who: an agent sees and binds their own, an admin their company's (rates, paid, unbind), a
 * super-admin every company (a company is named for rates). Money in and out in dollars, stored in cents.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Executor } from '../db/database.ts';
import type { BoundPolicyRow } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import {
  deleteBoundPolicy,
  findBoundPolicy,
  insertBoundPolicy,
  ratesOfCompany,
  type StatementFilters,
  type StatementLineRow,
  setLinesPaid,
  statementLines,
  statementLinesInBatches,
  statementTotals,
  upsertRate,
} from '../repositories/commission-repository.ts';
import { findCompanyWithExtras } from '../repositories/companies-repository.ts';
import { isUniqueViolation } from '../repositories/is-unique-violation.ts';
import { insertNote } from '../repositories/notes-repository.ts';
import { quotesOfApplication } from '../repositories/quotes-repository.ts';
import { COMPANY_NOT_FOUND } from './account-access.ts';
import { type Actor, accessScope } from './actor.ts';
import { applicationReference } from './application-reference.ts';
import { csvSafeCell } from './csv-safe-cell.ts';
import { FORBIDDEN_MESSAGE, loadOwned } from './owned-application.ts';
import { refuseExpiredQuotes } from './refuse-expired-quotes.ts';
import { utcDay } from './reporting-service.ts';

/** Lines a statement answers at most (the CSV export has them all). */
export const STATEMENT_LINE_LIMIT = 1000;
/** A quote that is not quoted (no premium) cannot be bound. */
export const NOT_QUOTED_MESSAGE = 'Only a quoted carrier can be marked as bound.';
/** The quote is bound already. */
export const ALREADY_BOUND_MESSAGE = 'This quote is already marked as bound.';
/** No such bound policy for the caller. */
export const BOUND_POLICY_NOT_FOUND_MESSAGE = 'No such bound policy.';

/** Dollars (up to cents) to integer cents. */
const toCents = (dollars: number): number => Math.round(dollars * 100);
const toDollars = (cents: number): number => cents / 100;

/** The company whose rates a call reads or writes: an admin's own, the one a super-admin names. */
function rateCompanyOf(actor: Actor, requested: number | undefined, write: boolean): number {
  if (actor.role === 'super-admin') {
    if (requested === undefined) throw new ApiError(400, 'Choose a company.', { company_id: 'Required.' });
    return requested;
  }
  if (actor.companyId === null || (write && actor.role !== 'admin'))
    throw new ApiError(403, FORBIDDEN_MESSAGE);
  if (requested !== undefined && requested !== actor.companyId) throw new ApiError(403, FORBIDDEN_MESSAGE);
  return actor.companyId;
}

/** `{company_id, rates}`: the company's rates in percent. Agents read their company's. */
export async function listRates(db: Executor, actor: Actor, companyId?: number) {
  const company = rateCompanyOf(actor, companyId, false);
  const rates = await ratesOfCompany(db, company);
  return {
    company_id: company,
    rates: rates.map((rate) => ({
      carrier: rate.carrier,
      sub_carrier: rate.sub_carrier,
      product: rate.product,
      new_business_percent: Number(rate.new_business_percent),
      renewal_percent: Number(rate.renewal_percent),
      updated_at: rate.updated_at.toISOString(),
    })),
  };
}

/** Writes one rate (admin of the company, or super-admin naming it; 404 COMPANY_NOT_FOUND for a company not stored). */
export async function setRate(
  db: Executor,
  actor: Actor,
  input: {
    company_id?: number;
    carrier: string;
    sub_carrier?: string;
    product: string;
    new_business_percent: number;
    renewal_percent: number;
  },
) {
  const company = rateCompanyOf(actor, input.company_id, true);
  if (!(await findCompanyWithExtras(db, company))) throw new ApiError(404, COMPANY_NOT_FOUND);
  const row = await upsertRate(db, {
    companyId: company,
    carrier: input.carrier,
    subCarrier: input.sub_carrier ?? '',
    product: input.product,
    newBusinessPercent: input.new_business_percent,
    renewalPercent: input.renewal_percent,
    userId: actor.userId,
  });
  return { rate: { carrier: row.carrier, sub_carrier: row.sub_carrier, product: row.product } };
}

/** A bound policy as the quotes view shows it (dollars). */
export function boundPolicyView(row: BoundPolicyRow) {
  return {
    id: row.id,
    quote_id: row.quote_id,
    policy_number: row.policy_number,
    effective_date: row.effective_date,
    premium: toDollars(Number(row.premium_cents)),
    business: row.business,
    bound_at: row.bound_at.toISOString(),
    paid: row.paid_at !== null,
  };
}

/**
 * Marks a quoted carrier of an application the caller may see as bound (agent of the application,
 * its company's admin, a super-admin), in one transaction with a note on the application. 404 when
 * the application or quote is not theirs, 409 when the quote has no premium, has expired (the
 * company's quote expiry days at `now`, docs/decisions/400-quote-expiry.md) or is bound already.
 */
export async function bindQuote(
  db: Executor,
  actor: Actor,
  input: {
    application_id: number;
    quote_id: number;
    policy_number: string;
    effective_date: string;
    premium: number;
    business: 'new' | 'renewal';
  },
  now: Date = new Date(),
) {
  if (!utcDay(input.effective_date))
    throw new ApiError(400, 'Invalid date.', { effective_date: 'Not a day.' });
  return db.transaction(async (tx) => {
    const application = await loadOwned(tx, actor, input.application_id, true);
    const quote = (await quotesOfApplication(tx, application.id)).find(
      (candidate) => candidate.id === input.quote_id,
    );
    if (!quote) throw new ApiError(404, 'No such quote on this application.');
    if (quote.premium === null) throw new ApiError(409, NOT_QUOTED_MESSAGE);
    refuseExpiredQuotes([quote], now);
    let row: BoundPolicyRow;
    try {
      row = await insertBoundPolicy(tx, {
        company_id: application.company_id,
        agent_id: application.agent_id,
        application_id: application.id,
        quote_id: quote.id,
        reference: applicationReference(application.id),
        client_name: application.client_name ?? '',
        carrier: quote.carrier,
        sub_carrier: quote.sub_carrier ?? '',
        carrier_name: quote.display_name,
        product: application.carrier_quote_type[0] ?? '',
        business: input.business,
        policy_number: input.policy_number.trim(),
        effective_date: input.effective_date,
        premium_cents: toCents(input.premium),
        bound_by: actor.userId,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, ALREADY_BOUND_MESSAGE);
      throw error;
    }
    await insertNote(tx, application.id, {
      is_alert: false,
      is_active: true,
      sent_by: 'bind_quote',
      status: 'bound',
      message: `Bound with ${quote.display_name}: policy ${row.policy_number}, effective ${row.effective_date}, premium $${(
        Number(row.premium_cents) / 100
      ).toFixed(2)} (${row.business === 'new' ? 'new business' : 'renewal'}).`,
    });
    return { bound_policy: boundPolicyView(row) };
  });
}

/** Removes a bound mark (admin of its company or super-admin); 404 when not theirs, 409 once paid. */
export async function unbindPolicy(db: Executor, actor: Actor, id: number) {
  if (actor.role !== 'admin' && actor.role !== 'super-admin') throw new ApiError(403, FORBIDDEN_MESSAGE);
  return db.transaction(async (tx) => {
    const row = await findBoundPolicy(tx, id, accessScope(actor));
    if (!row) throw new ApiError(404, BOUND_POLICY_NOT_FOUND_MESSAGE);
    if (row.paid_at !== null)
      throw new ApiError(409, 'A paid line cannot be unbound; mark it payable first.');
    await deleteBoundPolicy(tx, id);
    if (row.application_id !== null) {
      await insertNote(tx, row.application_id, {
        is_alert: false,
        is_active: true,
        sent_by: 'bind_quote',
        status: 'unbound',
        message: `Bound mark of ${row.carrier_name} policy ${row.policy_number} removed.`,
      });
    }
    return { id };
  });
}

/** A statement request: effective dates `from`..`to` (YYYY-MM-DD), narrowed by company, agent and paid state. */
export interface StatementInput {
  from: string;
  to: string;
  company_id?: number | null;
  agent_id?: number | null;
  paid?: 'payable' | 'paid' | null;
}

function toStatementFilters(input: StatementInput): StatementFilters {
  const from = utcDay(input.from);
  const to = utcDay(input.to);
  if (!from) throw new ApiError(400, 'Invalid date.', { from: 'Not a day.' });
  if (!to) throw new ApiError(400, 'Invalid date.', { to: 'Not a day.' });
  if (to < from) throw new ApiError(400, 'Invalid date range.', { to: 'Before the start of the range.' });
  const filters: StatementFilters = { from: input.from, to: input.to };
  if (input.company_id != null) filters.companyId = input.company_id;
  if (input.agent_id != null) filters.agentId = input.agent_id;
  if (input.paid) filters.paid = input.paid;
  return filters;
}

function lineView(line: StatementLineRow) {
  return {
    id: line.id,
    agent_id: line.agent_id,
    company_id: line.company_id,
    application_id: line.application_id,
    reference: line.reference,
    client_name: line.client_name,
    carrier: line.carrier_name,
    product: line.product,
    business: line.business,
    policy_number: line.policy_number,
    effective_date: line.effective_date,
    premium: toDollars(line.premium_cents),
    rate_percent: line.rate_percent,
    commission: toDollars(line.commission_cents),
    paid: line.paid_at !== null,
    paid_at: line.paid_at?.toISOString() ?? null,
  };
}

/**
 * `{lines, truncated, totals}` of a statement: lines by effective date (at most
 * STATEMENT_LINE_LIMIT), totals over the whole filter (premium, commission, paid, payable, lines
 * without a rate), dollars.
 */
export async function getStatement(db: Executor, actor: Actor, input: StatementInput) {
  const filters = toStatementFilters(input);
  const scope = accessScope(actor);
  const [lines, totals] = await Promise.all([
    statementLines(db, scope, filters, STATEMENT_LINE_LIMIT + 1),
    statementTotals(db, scope, filters),
  ]);
  return {
    lines: lines.slice(0, STATEMENT_LINE_LIMIT).map(lineView),
    truncated: lines.length > STATEMENT_LINE_LIMIT,
    totals: {
      lines: totals.lines,
      premium: toDollars(totals.premium_cents),
      commission: toDollars(totals.commission_cents),
      paid: toDollars(totals.paid_cents),
      payable: toDollars(totals.payable_cents),
      without_rate: totals.without_rate,
    },
  };
}

/** Marks lines paid or payable (admin of their company, super-admin); answers the ids changed. */
export async function setPaid(db: Executor, actor: Actor, ids: number[], paid: boolean) {
  if (actor.role !== 'admin' && actor.role !== 'super-admin') throw new ApiError(403, FORBIDDEN_MESSAGE);
  return { changed: await setLinesPaid(db, accessScope(actor), ids, paid, actor.userId) };
}

/** The CSV columns of a statement export, in order. */
export const STATEMENT_CSV_COLUMNS = [
  'reference',
  'client_name',
  'carrier',
  'product',
  'business',
  'policy_number',
  'effective_date',
  'premium',
  'rate_percent',
  'commission',
  'paid',
] as const;

/**
 * The statement as a CSV stream of every line (keyset batches through csv-stringify, so memory
 * stays flat; cells safe from formula injection). Throws ApiError 400 like getStatement before
 * anything is streamed.
 */
export function statementCsvStream(db: Executor, actor: Actor, input: StatementInput): Readable {
  const filters = toStatementFilters(input);
  const scope = accessScope(actor);
  async function* lines() {
    for await (const batch of statementLinesInBatches(db, scope, filters)) {
      for (const line of batch) {
        const view = lineView(line);
        const cells: Record<(typeof STATEMENT_CSV_COLUMNS)[number], string | number | null> = {
          ...view,
          premium: view.premium.toFixed(2),
          commission: view.commission.toFixed(2),
          paid: view.paid ? 'paid' : 'payable',
        };
        yield STATEMENT_CSV_COLUMNS.map((column) => csvSafeCell(cells[column]));
      }
    }
  }
  return Readable.from(lines()).pipe(stringify({ header: true, columns: [...STATEMENT_CSV_COLUMNS] }));
}
