/**
 * reporting/get-report (docs/api.md, issue 12 Reporting, SPEC §1): one sorted page of the
 * applications created in a date range, with the totals of the whole range. Scoped as the listing
 * is (SPEC §6): an agent their own, an admin their company's, a super-admin any company.
 * docs/decisions/175-reporting-access-and-range.md.
 */
import type { Executor } from '../db/database.ts';
import type { ApplicationStatus } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import type { AlertColor } from '../notes/note-color.ts';
import type { ReportFilters } from '../repositories/report-filters.ts';
import { type ReportSortColumn, reportPage, reportTotals } from '../repositories/reporting-repository.ts';
import { type Actor, accessScope } from './actor.ts';
import { applicationReference } from './application-reference.ts';

/** Rows per report page when not asked. */
export const REPORT_PER_PAGE = 25;
/** The longest range a report covers, in days (about ten years). */
export const MAX_RANGE_DAYS = 3700;
const DAY_MS = 86_400_000;

/** The checked request body of reporting/get-report. */
export interface ReportInput {
  from: string;
  to: string;
  /** IANA zone the days are in (the user's time zone setting); 'UTC' when not sent. */
  time_zone?: string | null;
  page?: number;
  per_page?: number;
  sort?: { column: ReportSortColumn; direction: 'asc' | 'desc' };
  filters?: {
    company_id?: number | string | null;
    agent_id?: number | string | null;
    product?: string | null;
    status?: ApplicationStatus | null;
    state?: string | null;
    source?: string | null;
    carrier?: string | null;
    alert_colour?: AlertColor | null;
  };
}

/** Midnight UTC of a `YYYY-MM-DD` day; null when the day does not exist (2026-02-30). */
export function utcDay(text: string): Date | null {
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
}

/** True when `zone` is an IANA time zone name (Intl and PostgreSQL share the tz database). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The repository filters of a request: `from` and `to` are whole days in `time_zone` (UTC when
 * not sent), both included. Throws ApiError 400 for a day that does not exist, `to` before `from`,
 * a range over MAX_RANGE_DAYS, or an unknown time zone. docs/decisions/410-report-days-in-the-users-time-zone-and-alert-colour.md.
 */
export function toReportFilters(input: ReportInput): ReportFilters {
  const from = utcDay(input.from);
  const to = utcDay(input.to);
  if (!from) throw new ApiError(400, 'Invalid date.', { from: 'Not a day.' });
  if (!to) throw new ApiError(400, 'Invalid date.', { to: 'Not a day.' });
  if (to < from) throw new ApiError(400, 'Invalid date range.', { to: 'Before the start of the range.' });
  if ((to.getTime() - from.getTime()) / DAY_MS >= MAX_RANGE_DAYS) {
    throw new ApiError(400, 'Invalid date range.', {
      to: `The range is longer than ${MAX_RANGE_DAYS} days.`,
    });
  }
  const timeZone = input.time_zone || 'UTC';
  if (!isTimeZone(timeZone)) throw new ApiError(400, 'Invalid time zone.', { time_zone: 'Not a time zone.' });
  const f = input.filters ?? {};
  const filters: ReportFilters = { fromDay: input.from, toDay: input.to, timeZone };
  if (f.company_id != null) filters.companyId = Number(f.company_id);
  if (f.agent_id != null) filters.agentId = Number(f.agent_id);
  if (f.product) filters.product = f.product;
  if (f.status) filters.status = f.status;
  if (f.state) filters.state = f.state;
  if (f.source) filters.source = f.source;
  if (f.carrier) filters.carrier = f.carrier;
  if (f.alert_colour) filters.alertColour = f.alert_colour;
  return filters;
}

/**
 * `{rows, page, per_page, last_page, total, totals}`: rows carry the RMGA reference and ISO
 * times; money is in dollars. An agent's `agent_id` filter cannot widen their scope; an admin's
 * `company_id` of another company matches nothing.
 */
export async function getReport(db: Executor, actor: Actor, input: ReportInput) {
  const filters = toReportFilters(input);
  const scope = accessScope(actor);
  const page = input.page ?? 1;
  const perPage = input.per_page ?? REPORT_PER_PAGE;
  const sort = input.sort ?? { column: 'created_at', direction: 'desc' };
  const [rows, totals] = await Promise.all([
    reportPage(db, scope, filters, sort, { limit: perPage, offset: (page - 1) * perPage }),
    reportTotals(db, scope, filters),
  ]);
  // The totals count every matching application: the page's total.
  const total = totals.applications;
  return {
    rows: rows.map((row) => ({
      ...row,
      reference: applicationReference(row.id),
      created_at: row.created_at.toISOString(),
      launched_at: row.launched_at?.toISOString() ?? null,
    })),
    page,
    per_page: perPage,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    total,
    totals,
  };
}
