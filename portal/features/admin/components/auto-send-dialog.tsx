/**
 * The automatic messages dialog of the messaging console (issue 14, docs/api-accounts.md
 * update-auto-send): which e-mail and SMS template goes to the client when the quoting completes
 * and as a follow-up when a launch is still not complete after some minutes, and whether they wait
 * for working hours.
 */
import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fieldErrors } from '../../../lib/field-errors.ts';
import type {
  AutoSendEvent,
  AutoSendSettings,
  EmailTemplate,
  SmsTemplate,
} from '../api/portal-settings-api.ts';
import { updatePortalSettings, useApplySettings } from '../api/portal-settings-api.ts';

/** Props: open state, the current settings, the templates to choose from, the company, close. */
export interface AutoSendDialogProps {
  opened: boolean;
  value: AutoSendSettings;
  emailTemplates: EmailTemplate[];
  smsTemplates: SmsTemplate[];
  companyId: number | null;
  onClose: () => void;
}

/** Follow-up delay bounds in minutes (the server's schema). */
export const MIN_FOLLOW_UP_MINUTES = 5;
export const MAX_FOLLOW_UP_MINUTES = 10_080;

const NONE = 'none';
const options = (templates: { id: number; name: string }[]) => [
  { value: NONE, label: 'Send nothing' },
  ...templates.map((t) => ({ value: String(t.id), label: t.name })),
];
const idOf = (value: string | null) => (value === null || value === NONE ? null : Number(value));

/** Two template pickers of one event. */
function EventPickers({
  title,
  value,
  emailTemplates,
  smsTemplates,
  onChange,
}: {
  title: string;
  value: AutoSendEvent;
  emailTemplates: EmailTemplate[];
  smsTemplates: SmsTemplate[];
  onChange: (value: AutoSendEvent) => void;
}) {
  return (
    <>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Group grow>
        <Select
          label={`${title}: email template`}
          data={options(emailTemplates)}
          value={value.email_template_id === null ? NONE : String(value.email_template_id)}
          onChange={(next) => onChange({ ...value, email_template_id: idOf(next) })}
          allowDeselect={false}
        />
        <Select
          label={`${title}: SMS template`}
          data={options(smsTemplates)}
          value={value.sms_template_id === null ? NONE : String(value.sms_template_id)}
          onChange={(next) => onChange({ ...value, sms_template_id: idOf(next) })}
          allowDeselect={false}
        />
      </Group>
    </>
  );
}

/** The form; saves the whole auto_send object. */
export function AutoSendDialog({
  opened,
  value,
  emailTemplates,
  smsTemplates,
  companyId,
  onClose,
}: AutoSendDialogProps) {
  const apply = useApplySettings(companyId);
  const [draft, setDraft] = useState(value);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setDraft(value);
      setErrors({});
    }
  }, [opened, value]);

  async function save() {
    const minutes = draft.timeout.after_minutes;
    if (!Number.isInteger(minutes) || minutes < MIN_FOLLOW_UP_MINUTES || minutes > MAX_FOLLOW_UP_MINUTES) {
      setErrors({ after_minutes: `Enter ${MIN_FOLLOW_UP_MINUTES} to ${MAX_FOLLOW_UP_MINUTES} minutes.` });
      return;
    }
    setBusy(true);
    const envelope = await apply(updatePortalSettings(companyId, 'update-auto-send', { auto_send: draft }));
    setBusy(false);
    if (envelope.status === 'success') onClose();
    else setErrors({ form: envelope.message, ...fieldErrors(envelope) });
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Automatic messages"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close automatic messages' }}
    >
      <Stack gap="md">
        <EventPickers
          title="When quoting completes"
          value={draft.complete}
          emailTemplates={emailTemplates}
          smsTemplates={smsTemplates}
          onChange={(complete) => setDraft((prev) => ({ ...prev, complete }))}
        />
        <EventPickers
          title="Follow-up"
          value={draft.timeout}
          emailTemplates={emailTemplates}
          smsTemplates={smsTemplates}
          onChange={(timeout) => setDraft((prev) => ({ ...prev, timeout: { ...prev.timeout, ...timeout } }))}
        />
        <NumberInput
          label="Follow up after (minutes)"
          description="Sent when a launch is still not complete this long after it started; half as long while quote rush is on."
          min={MIN_FOLLOW_UP_MINUTES}
          max={MAX_FOLLOW_UP_MINUTES}
          allowDecimal={false}
          value={draft.timeout.after_minutes}
          onChange={(next) =>
            setDraft((prev) => ({ ...prev, timeout: { ...prev.timeout, after_minutes: Number(next) } }))
          }
          error={errors.after_minutes}
        />
        <Switch
          label="Only during working hours"
          description="Outside the agency's working hours, messages wait for the next opening."
          checked={draft.working_hours_only}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setDraft((prev) => ({ ...prev, working_hours_only: checked }));
          }}
        />
        {errors.form ? (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy}>
            Save automatic messages
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
