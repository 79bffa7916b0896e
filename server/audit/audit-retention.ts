/**
 * How long the audit trail is kept (issue 38; docs/decisions/720-records-retention-job.md): the
 * AUDIT_RETENTION_DAYS setting, default five years. The records-retention job deletes older events.
 */

/** Five years of days (365 x 5 + one leap day): the default retention of audit events. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 1826;

/**
 * Days an audit event is kept: AUDIT_RETENTION_DAYS (a whole number of days, at least 1), else
 * DEFAULT_AUDIT_RETENTION_DAYS. Throws naming the setting when it is set to anything else.
 */
export function auditRetentionDaysOf(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.AUDIT_RETENTION_DAYS;
  if (raw === undefined || raw === '') return DEFAULT_AUDIT_RETENTION_DAYS;
  if (!/^[1-9][0-9]{0,5}$/.test(raw))
    throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days, not "${raw}"`);
  return Number(raw);
}
