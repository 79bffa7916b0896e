/**
 * How long the audit trail is kept (issue 38; docs/decisions/720-records-retention-job.md): the
 * AUDIT_RETENTION_DAYS setting, default five years (server/settings/setting-declarations.ts). The
 * records-retention job deletes older events.
 */
import { currentSettings, type Settings } from '../settings/settings.ts';

/** Days an audit event is kept: the AUDIT_RETENTION_DAYS setting (1826, five years, when unset). */
export function auditRetentionDaysOf(
  settings: Pick<Settings, 'AUDIT_RETENTION_DAYS'> = currentSettings(),
): number {
  return settings.AUDIT_RETENTION_DAYS;
}
