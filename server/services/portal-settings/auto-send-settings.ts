/**
 * A company's auto-send settings (issue 14, docs/decisions/252-auto-send-events-and-notes.md): the
 * e-mail and SMS templates sent on completion of the quoting and as a timed follow-up, read for
 * the auto-send job and checked on save against the company's templates.
 */
import { ApiError } from '../../http/api-error.ts';
import type { AutoSendSettings, SettingsChange, StoredSettings } from './stored-settings.ts';

/** Auto-send settings of a company that never saved any: nothing is sent. */
export const DEFAULT_AUTO_SEND: AutoSendSettings = {
  working_hours_only: true,
  complete: { email_template_id: null, sms_template_id: null },
  timeout: { email_template_id: null, sms_template_id: null, after_minutes: 60 },
};

/** The company's auto-send settings (defaults when never saved) from its settings jsonb. */
export function companyAutoSend(settings: Record<string, unknown> | null): AutoSendSettings {
  return ((settings ?? {}) as StoredSettings).auto_send ?? DEFAULT_AUTO_SEND;
}

/**
 * Auto-send update (issue 14): throws 422 naming the field when a template id is not one of the
 * company's e-mail (or SMS) templates.
 */
export function autoSendChange(current: StoredSettings, autoSend: AutoSendSettings): SettingsChange {
  const errors: Record<string, string> = {};
  for (const event of ['complete', 'timeout'] as const) {
    const { email_template_id: emailId, sms_template_id: smsId } = autoSend[event];
    if (emailId !== null && !(current.email_templates ?? []).some((t) => t.id === emailId)) {
      errors[`auto_send.${event}.email_template_id`] = 'Choose one of the email templates.';
    }
    if (smsId !== null && !(current.sms_templates ?? []).some((t) => t.id === smsId)) {
      errors[`auto_send.${event}.sms_template_id`] = 'Choose one of the SMS templates.';
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw new ApiError(422, first, errors);
  return { settings: { ...current, auto_send: autoSend } };
}
