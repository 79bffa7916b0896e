/**
 * /auth/reset-password?token=...: new password and confirmation, then back to sign in.
 * docs/api-accounts.md. With `&invite=1` (an invitation, issue 16) it asks the new user to set
 * their password; the call is the same.
 */
import { Button, Stack, Title } from '@mantine/core';
import { AuthCard, AuthFormCard } from '../../../components/auth-form-card.tsx';
import { AuthPageLink } from '../../../components/auth-page-link.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { NewPasswordFields } from '../../../components/password-field.tsx';
import { newPasswordErrors } from '../../../lib/new-password-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSettingsForm } from '../../../lib/use-settings-form.ts';
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
  const tokenValid = typeof token === 'string' && /^[0-9a-f]{64}$/i.test(token);
  const form = useSettingsForm({
    initial: () => ({ password: '', confirm: '' }),
    validate: (values) => newPasswordErrors(values.password, values.confirm),
    send: (values) => resetPassword(token ?? '', values.password),
    onSaved: (envelope) => {
      showToast('success', 'Password reset', envelope.message || 'Your password has been reset.');
      onReset();
    },
    refused: (envelope) => ({
      form:
        envelope.code === 0
          ? 'Internet issue or contact IT.'
          : envelope.message || INVALID_RESET_LINK_MESSAGE,
    }),
  });

  if (!tokenValid)
    return (
      <AuthCard>
        <Stack gap="md">
          <Title order={1} size="h3">
            {title}
          </Title>
          <FormAlert message={INVALID_RESET_LINK_MESSAGE} withIcon />
          <AuthPageLink pageType="forgot-password">Request a new link</AuthPageLink>
        </Stack>
      </AuthCard>
    );
  return (
    <AuthFormCard
      title={title}
      subtitle={
        invitation
          ? 'Welcome! Choose your password, at least 8 characters, to sign in.'
          : 'Choose a new password of at least 8 characters.'
      }
      formError={form.errors.form}
      onSubmit={form.save}
    >
      <NewPasswordFields values={form.values} errors={form.errors} onChange={form.set} />
      <Button type="submit" loading={form.busy} fullWidth>
        Set new password
      </Button>
      <AuthPageLink pageType="login">Back to sign in</AuthPageLink>
    </AuthFormCard>
  );
}
