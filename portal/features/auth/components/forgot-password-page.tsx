/** /auth/forgot-password: one e-mail field and always the same confirmation. SPEC §2, docs/api-accounts.md. */
import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { AuthCard, AuthFormCard } from '../../../components/auth-form-card.tsx';
import { AuthPageLink } from '../../../components/auth-page-link.tsx';
import { FORGOT_PASSWORD_CONFIRMATION } from '../../../lib/constants.ts';
import { emailError } from '../../../lib/email-error.ts';
import { requestPasswordReset } from '../api/forgot-password.ts';

/**
 * Form -> confirmation. The confirmation does not depend on whether the address has an account;
 * only a failure to reach the server or the rate limit (429) is shown as an error.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const error = emailError(email);
    setFieldError(error);
    if (error) return;
    setSubmitting(true);
    setFormError(null);
    const envelope = await requestPasswordReset(email.trim());
    setSubmitting(false);
    if (envelope.code === 0 || envelope.code === 429) {
      setFormError(
        envelope.message && envelope.code === 429 ? envelope.message : 'Internet issue or contact IT.',
      );
      return;
    }
    setSent(true);
  }

  if (sent)
    return (
      <AuthCard>
        <Stack gap="md">
          <Title order={1} size="h3">
            Check your e-mail
          </Title>
          <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
            {FORGOT_PASSWORD_CONFIRMATION}
          </Alert>
          <AuthPageLink pageType="login">Back to sign in</AuthPageLink>
        </Stack>
      </AuthCard>
    );
  return (
    <AuthFormCard
      title="Forgot password"
      subtitle="Enter your e-mail and we will send you a link to set a new password."
      formError={formError}
      onSubmit={submit}
    >
      <TextInput
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={fieldError}
        required
      />
      <Button type="submit" loading={submitting} fullWidth>
        Send reset link
      </Button>
      <AuthPageLink pageType="login">Back to sign in</AuthPageLink>
    </AuthFormCard>
  );
}
