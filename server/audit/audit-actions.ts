/**
 * The actions the audit trail records (issue 38; docs/decisions/719-append-only-audit-trail.md),
 * as `audit_events.action` stores them and `audit/list {action}` filters by them.
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.login_failed',
  'auth.mfa_verified',
  'auth.switch_user',
  'user.role_changed',
  'user.mfa_reset',
  'settings.changed',
  'plan.changed',
  'schema.published',
  'export.downloaded',
  'application.deleted',
  'person.exported',
  'person.erased',
  'message.resent',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
