/**
 * The audit trail's calls for the admin page (issue 38; docs/decisions/719-append-only-audit-trail.md):
 * `audit/list` one page of events and `audit/export-csv` the same filters as a CSV file. The page's
 * days are whole days in the user's time zone (their setting, the company's, else the browser's),
 * sent as the UTC instants that bound them: `from` the first day's midnight (inclusive), `to` the
 * midnight after the last day (exclusive).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { type ApiAnswer, type ApiBody, documentedData } from '../../../lib/api-operations.ts';
import { saveFile } from '../../../lib/post-download.ts';
import { reportTimeZone } from '../../reporting/api/report-time-zone.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** An action the trail records, as the server stores and filters it (`auth.login`, ...). */
export type AuditAction = NonNullable<ApiBody<'audit/list'>['action']>;

/**
 * Each recorded action in words, in the server's order; typed against the OpenAPI document, so an
 * action the server adds or drops is a compile error here.
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Sign-in refused',
  'auth.mfa_verified': 'Second factor verified',
  'auth.switch_user': 'Switched to another user',
  'user.role_changed': 'Role changed',
  'user.mfa_reset': 'Two-step sign-in reset',
  'settings.changed': 'Settings changed',
  'plan.changed': 'Plan changed',
  'schema.published': 'Schema version published',
  'export.downloaded': 'Export downloaded',
  'application.deleted': 'Application deleted',
  'person.exported': "Person's records exported",
  'person.erased': "Person's records erased",
  'message.resent': 'Message resent',
};

/** The words of `action`; an action this portal does not know yet is shown as its code. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** One event as audit/list answers it (times ISO, UTC). */
export type AuditEvent = ApiAnswer<'audit/list'>['events'][number];

/**
 * The page's filters: an action ('' = every one), whole days `YYYY-MM-DD` (both included) and, for
 * a super-admin, one agency's id ('' = every agency; an admin's trail is their agency's anyway).
 */
export interface AuditFilters {
  action: AuditAction | '';
  from: string;
  to: string;
  company_id: string;
}

/** The filters as the calls take them: the days turned into UTC instants of `zone`'s midnights. */
export function auditFilterBody(
  filters: AuditFilters,
  zone: string = reportTimeZone(),
): Pick<ApiBody<'audit/list'>, 'action' | 'from' | 'to' | 'company_id'> {
  return {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.company_id ? { company_id: Number(filters.company_id) } : {}),
    from: dayjs.tz(filters.from, zone).toISOString(),
    // The day after, counted on the calendar: a day of a DST change has 23 or 25 hours.
    to: dayjs.tz(dayjs(filters.to).add(1, 'day').format('YYYY-MM-DD'), zone).toISOString(),
  };
}

/** Query options of one page of `filters`' events, `perPage` to a page (a user setting: 10 to 100). */
export function auditEventsQueryOptions(filters: AuditFilters, page: number, perPage: number) {
  const body = { ...auditFilterBody(filters), page, per_page: perPage };
  return queryOptions({
    queryKey: ['admin', 'audit', body],
    queryFn: () => documentedData('audit/list', body),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** One page of the trail: `{events, page, per_page, total}`. */
export function useAuditEvents(filters: AuditFilters, page: number, perPage: number) {
  return useQuery(auditEventsQueryOptions(filters, page, perPage));
}

/**
 * Downloads `filters`' events as the server's CSV (newest first, at most 50,000 rows; the export is
 * itself audited); resolves with the file's name and row count. Throws `ApiRequestError`.
 */
export async function exportAuditCsv(filters: AuditFilters): Promise<{ file_name: string; rows: number }> {
  const { file_name, rows, csv } = await documentedData('audit/export-csv', auditFilterBody(filters));
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), file_name);
  return { file_name, rows };
}
