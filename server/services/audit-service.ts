/**
 * Reading the audit trail (issue 38; docs/decisions/719-append-only-audit-trail.md): `audit/list`
 * pages and `audit/export-csv` the same filtered events. A super-admin reads every agency's trail
 * (or one, by company_id); an admin only their own agency's (another company_id is 404, so ids
 * leak nothing); agents and customers 403.
 */
import { stringify } from 'csv-stringify/sync';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { type AuditEventRow, users } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { type AuditEventFilter, listAuditEvents } from '../repositories/audit-events-repository.ts';
import { COMPANY_NOT_FOUND, requireRole } from './account-access.ts';
import type { Actor } from './actor.ts';
import { csvSafeCell } from './csv-safe-cell.ts';

/** Most rows one CSV export holds (newest first); a wider range is narrowed by from/to. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** The filters of audit/list and audit/export-csv as the route schema checked them. */
export interface AuditQuery {
  company_id?: number;
  action?: string;
  /** ISO 8601 date or date-time, inclusive. */
  from?: string;
  /** ISO 8601 date or date-time, exclusive. */
  to?: string;
}

/** One event as answered: ids, the names of the person and of whom they acted as. */
export interface AuditEventView {
  id: number;
  occurred_at: string;
  action: string;
  actor_user_id: number | null;
  actor_name: string | null;
  acting_as_user_id: number | null;
  acting_as_name: string | null;
  company_id: number | null;
  target_type: string | null;
  target_id: string | null;
  client_address: string | null;
  details: Record<string, unknown>;
}

/** The repository filter of `query` for `actor`; 403 / 404 as the module says. */
function filterFor(actor: Actor, query: AuditQuery): AuditEventFilter {
  requireRole(actor, ['super-admin', 'admin']);
  let companyId: number | null = query.company_id ?? null;
  if (actor.role === 'admin') {
    if (actor.companyId === null || (companyId !== null && companyId !== actor.companyId))
      throw new ApiError(404, COMPANY_NOT_FOUND);
    companyId = actor.companyId;
  }
  return { companyId, action: query.action, from: dateOf(query, 'from'), to: dateOf(query, 'to') };
}

/** The message of a from/to that is no calendar date or time. */
export const AUDIT_DATE_MESSAGE = 'Enter a valid date.';

/** `query[field]` as a Date (undefined when absent); 422 naming the field when it is no real date. */
function dateOf(query: AuditQuery, field: 'from' | 'to'): Date | undefined {
  const text = query[field];
  if (text === undefined) return undefined;
  const date = new Date(text);
  // Date parses 2026-02-30 as March 2nd: the date must read back as written.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text.slice(0, 10))
    throw new ApiError(422, AUDIT_DATE_MESSAGE, { [field]: AUDIT_DATE_MESSAGE });
  return date;
}

/** `rows` with the names of their users (a deleted user's name is null). */
async function viewsOf(db: Executor, rows: AuditEventRow[]): Promise<AuditEventView[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.actor_user_id, r.acting_as_user_id]))].filter(
    (id): id is number => id !== null,
  );
  const named = ids.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))
    : [];
  const nameOf = new Map(named.map((u) => [u.id, u.name]));
  return rows.map((row) => ({
    id: row.id,
    occurred_at: row.occurred_at.toISOString(),
    action: row.action,
    actor_user_id: row.actor_user_id,
    actor_name: row.actor_user_id === null ? null : (nameOf.get(row.actor_user_id) ?? null),
    acting_as_user_id: row.acting_as_user_id,
    acting_as_name: row.acting_as_user_id === null ? null : (nameOf.get(row.acting_as_user_id) ?? null),
    company_id: row.company_id,
    target_type: row.target_type,
    target_id: row.target_id,
    client_address: row.client_address,
    details: row.details,
  }));
}

/** One page of the caller's trail, newest first: `{events, page, per_page, total}`. */
export async function listAudit(
  db: Executor,
  actor: Actor,
  query: AuditQuery,
  page: number,
  perPage: number,
) {
  const { rows, total } = await listAuditEvents(db, filterFor(actor, query), page, perPage);
  return { events: await viewsOf(db, rows), page, per_page: perPage, total };
}

/** The CSV columns of an export, in order. */
const CSV_COLUMNS: (keyof AuditEventView)[] = [
  'occurred_at',
  'action',
  'actor_user_id',
  'actor_name',
  'acting_as_user_id',
  'acting_as_name',
  'company_id',
  'target_type',
  'target_id',
  'client_address',
  'details',
];

/**
 * The caller's filtered trail as CSV text (header row, then up to AUDIT_EXPORT_MAX_ROWS events
 * newest first; cells safe from spreadsheet formulas) and how many rows it holds.
 */
export async function exportAuditCsv(db: Executor, actor: Actor, query: AuditQuery) {
  const { rows } = await listAuditEvents(db, filterFor(actor, query), 1, AUDIT_EXPORT_MAX_ROWS);
  const views = await viewsOf(db, rows);
  const lines = views.map((view) =>
    CSV_COLUMNS.map((column) => {
      const value = view[column];
      return csvSafeCell(column === 'details' ? JSON.stringify(value) : (value as string | number | null));
    }),
  );
  return { csv: stringify([CSV_COLUMNS, ...lines]), rows: views.length };
}
