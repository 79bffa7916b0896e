/**
 * The SMTP dialog of SPEC §2 Dialogs (portal-settings/update-smtp). The password is write-only:
 * the server answers only whether one is set, an empty field keeps it, and "Replace" sends a new one.
 */
import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SmtpSettings } from '../api/admin-types.ts';
import { fieldErrors } from '../api/field-errors.ts';
import { updatePortalSettings, useApplySettings } from '../api/portal-settings-api.ts';
import { SettingsDialogActions } from './settings-dialog-actions.tsx';

/** Props: open state, the current SMTP settings (null = none), the company, close. */
export interface SmtpDialogProps {
  opened: boolean;
  value: SmtpSettings | null;
  companyId: number | null;
  onClose: () => void;
}

/** The form's values; `password` empty means "keep the stored one". */
export interface SmtpForm {
  host: string;
  port: number | '';
  username: string;
  password: string;
  from_email: string;
  from_name: string;
  secure: boolean;
}

/** The form's checks: host, port 1..65535, a valid sender e-mail, a sender name. */
export function validateSmtp(form: SmtpForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.host.trim()) errors.host = 'Host cannot be empty!';
  if (form.port === '' || !Number.isInteger(form.port) || form.port < 1 || form.port > 65535)
    errors.port = 'Port must be 1 to 65535.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.from_email.trim())) errors.from_email = 'Invalid Email!';
  if (!form.from_name.trim()) errors.from_name = 'From name cannot be empty!';
  return errors;
}

/**
 * The `smtp` body of update-smtp: the password only when one was typed (omitted keeps the
 * stored one, per the contract), never an empty string.
 */
export function smtpBody(form: SmtpForm): Record<string, unknown> {
  const body: Record<string, unknown> = {
    host: form.host.trim(),
    port: Number(form.port),
    username: form.username.trim(),
    from_email: form.from_email.trim(),
    from_name: form.from_name.trim(),
    secure: form.secure,
  };
  if (form.password) body.password = form.password;
  return body;
}

function initial(value: SmtpSettings | null): SmtpForm {
  return {
    host: value?.host ?? '',
    port: value?.port ?? 587,
    username: value?.username ?? '',
    password: '',
    from_email: value?.from_email ?? '',
    from_name: value?.from_name ?? '',
    secure: value?.secure ?? true,
  };
}

/** Modal form; shows "Password set" instead of the password. */
export function SmtpDialog({ opened, value, companyId, onClose }: SmtpDialogProps) {
  const apply = useApplySettings(companyId);
  const [form, setForm] = useState<SmtpForm>(() => initial(value));
  const [replacing, setReplacing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const hasPassword = value?.has_password ?? false;

  useEffect(() => {
    if (opened) {
      setForm(initial(value));
      setReplacing(false);
      setErrors({});
    }
  }, [opened, value]);

  const set = (patch: Partial<SmtpForm>) => setForm((prev) => ({ ...prev, ...patch }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next = validateSmtp(form);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const envelope = await apply(updatePortalSettings(companyId, 'update-smtp', { smtp: smtpBody(form) }));
    setBusy(false);
    if (envelope.status === 'success') onClose();
    else setErrors(fieldErrors(envelope));
  }

  async function remove() {
    setBusy(true);
    const envelope = await apply(updatePortalSettings(companyId, 'update-smtp', { smtp: null }));
    setBusy(false);
    if (envelope.status === 'success') onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="SMTP" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput
              label="Host"
              required
              value={form.host}
              onChange={(e) => set({ host: e.currentTarget.value })}
              error={errors.host}
            />
            <NumberInput
              label="Port"
              required
              min={1}
              max={65535}
              allowDecimal={false}
              value={form.port}
              onChange={(port) => set({ port: typeof port === 'number' ? port : '' })}
              error={errors.port}
            />
          </Group>
          <TextInput
            label="Username"
            value={form.username}
            onChange={(e) => set({ username: e.currentTarget.value })}
            error={errors.username}
          />
          {hasPassword && !replacing ? (
            <Group justify="space-between">
              <div>
                <Text size="sm" fw={500}>
                  Password
                </Text>
                <Badge color="green" variant="light" radius="sm">
                  Password set
                </Badge>
              </div>
              <Button variant="subtle" size="xs" onClick={() => setReplacing(true)}>
                Replace password
              </Button>
            </Group>
          ) : (
            <PasswordInput
              label="Password"
              description={hasPassword ? 'Leave empty to keep the current password.' : 'Not set.'}
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set({ password: e.currentTarget.value })}
              error={errors.password}
            />
          )}
          <TextInput
            label="From email"
            required
            value={form.from_email}
            onChange={(e) => set({ from_email: e.currentTarget.value })}
            error={errors.from_email}
          />
          <TextInput
            label="From name"
            required
            value={form.from_name}
            onChange={(e) => set({ from_name: e.currentTarget.value })}
            error={errors.from_name}
          />
          <Switch
            label="Secure connection (TLS)"
            checked={form.secure}
            onChange={(e) => set({ secure: e.currentTarget.checked })}
          />
          <SettingsDialogActions
            remove={value ? { label: 'Remove SMTP', onRemove: remove } : null}
            saveLabel="Save SMTP"
            busy={busy}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
