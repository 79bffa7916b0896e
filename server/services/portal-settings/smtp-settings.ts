/**
 * A company's SMTP server for the outbox's e-mail (docs/api-accounts.md SMTP): read with its
 * password for the mailer, written with the password write-only (omitted keeps it).
 */
import type { CompanyRow } from '../../db/schema.ts';
import type { SmtpSettings } from '../../mail/mailer.ts';
import { type SettingsChange, type StoredSettings, storedSettings } from './stored-settings.ts';

/** The company's SMTP settings (with password) for the mailer, or null. */
export function companySmtp(company: CompanyRow | null): SmtpSettings | null {
  return company ? (storedSettings(company).smtp ?? null) : null;
}

/**
 * SMTP update: `password` omitted keeps the stored one, null clears it; null settings remove SMTP.
 */
export function smtpChange(
  current: StoredSettings,
  smtp: (SmtpSettings & { password?: string | null }) | null,
): SettingsChange {
  if (smtp === null) return { settings: { ...current, smtp: null } };
  const password = smtp.password === undefined ? (current.smtp?.password ?? null) : smtp.password;
  return { settings: { ...current, smtp: { ...smtp, password } } };
}
