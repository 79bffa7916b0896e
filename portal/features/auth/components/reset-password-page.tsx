/**
 * /auth/reset-password?token=...: new password and confirmation, then back to sign in.
 * docs/api-accounts.md. With `&invite=1` (an invitation, issue 16) it asks the new user to set
 * their password; the call is the same.
 */
import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { AuthPageLink } from '../../../components/auth-page-link.tsx';
import { newPasswordErrors } from '../../../lib/new-password-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { resetPassword } from '../api/reset-password.ts';

/** Message of a missing, invalid or expired link (the server's 422 text). */
export const INVALID_RESET_LINK_MESSAGE = 'This password reset link is invalid or has expired.';

/** Props: the link's token (absent or malformed shows the invalid-link message) and what follows success. */
export interface ResetPasswordPageProps {
  token: string | undefined;
  /** The link of an invitation: "Set your password" instead of "Reset password". */
  invitation?: boolean;
  onReset: () => void;
}

/** Reset form with field checks, the server's refusal, and the invalid-link state. */
export function ResetPasswordPage({ token, invitation = false, onReset }: ResetPasswordPageProps) {
  const title = invitation ? 'Set your password' : 'Reset password';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const tokenValid = typeof token === 'string' && /^[0-9a-f]{64}$/i.test(token);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    const next = newPasswordErrors(password, confirm);
    setErrors(next);
    if (next.password || next.confirm) return;
    setSubmitting(true);
    const envelope = await resetPassword(token, password);
    setSubmitting(false);
    if (envelope.status === 'success') {
      showToast('success', 'Password reset', envelope.message || 'Your password has been reset.');
      onReset();
      return;
    }
    setErrors({
      password: envelope.error_obj?.password,
      form:
        envelope.code === 0
          ? 'Internet issue or contact IT.'
          : envelope.message || INVALID_RESET_LINK_MESSAGE,
    });
  }

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
      {!tokenValid ? (
        <Stack gap="md">
          <Title order={2} size="h3">
            {title}
          </Title>
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {INVALID_RESET_LINK_MESSAGE}
          </Alert>
          <AuthPageLink pageType="forgot-password">Request a new link</AuthPageLink>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={2} size="h3">
                {title}
              </Title>
              <Text c="dimmed" size="sm">
                {invitation
                  ? 'Welcome! Choose your password, at least 8 characters, to sign in.'
                  : 'Choose a new password of at least 8 characters.'}
              </Text>
            </div>
            {errors.form && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                {errors.form}
              </Alert>
            )}
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
            <Button type="submit" loading={submitting} fullWidth>
              Set new password
            </Button>
            <AuthPageLink pageType="login">Back to sign in</AuthPageLink>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
