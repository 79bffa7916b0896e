/** The change password dialog of SPEC §2 Dialogs: current password, new password and confirmation. */
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { newPasswordErrors } from '../../../lib/new-password-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';

/** Props: open state and close. */
export interface ChangePasswordDialogProps {
  opened: boolean;
  onClose: () => void;
}

type Errors = { current?: string; password?: string; confirm?: string; form?: string };

/** Modal form; a wrong current password shows on its field (422 error_obj.current_password). */
export function ChangePasswordDialog({ opened, onClose }: ChangePasswordDialogProps) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useChangePassword();

  useEffect(() => {
    if (opened) {
      setCurrent('');
      setPassword('');
      setConfirm('');
      setErrors({});
    }
  }, [opened]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = { ...newPasswordErrors(password, confirm) };
    if (!current) next.current = 'Current password cannot be empty!';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      const message = await mutation.mutateAsync({ currentPassword: current, password });
      showToast('success', 'Password', message);
      onClose();
    } catch (error) {
      const envelope = error instanceof ApiRequestError ? error.envelope : null;
      const fields = envelope?.error_obj ?? {};
      const currentError = fields.current_password ?? fields['body.current_password'];
      const passwordError = fields.password ?? fields['body.password'];
      setErrors({
        current: currentError,
        password: passwordError,
        form:
          currentError || passwordError ? undefined : envelope?.message || 'Internet issue or contact IT.',
      });
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Change password" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.current}
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the current value' }}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the new value' }}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={errors.confirm}
            required
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the confirmation' }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
