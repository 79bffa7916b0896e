/**
 * The second sign-in step (issue 38): after a right password, a code from the authenticator app
 * or a recovery code (auth/mfa/verify); or, when the company requires a second factor the user
 * has not set up, the authenticator set-up with the sign-in's mfa_token.
 */
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { AuthCard, AuthFormCard } from '../../../components/auth-form-card.tsx';
import { TotpEnrolment } from '../../../components/totp-enrolment.tsx';
import type { MfaStep } from '../../../lib/account-data.ts';
import { errorToastText } from '../../../lib/api-client.ts';
import { verifySecondFactor } from '../../../lib/second-factor-api.ts';
import { useSettingsForm } from '../../../lib/use-settings-form.ts';

/** Props: the step login answered, what follows the sign-in, and going back to the password. */
export interface SecondFactorStepProps {
  step: MfaStep;
  onSignedIn: () => void;
  onRestart: () => void;
}

/** The code form, or the set-up when the user must enrol first. */
export function SecondFactorStep({ step, onSignedIn, onRestart }: SecondFactorStepProps) {
  const form = useSettingsForm({
    initial: () => ({ code: '' }),
    validate: ({ code }) => ({ code: code.trim() ? undefined : 'Enter a code.' }),
    send: ({ code }) => verifySecondFactor(step.mfa_token, code.trim()),
    onSaved: onSignedIn,
    refused: (envelope) => ({ form: errorToastText(envelope).body || envelope.message }),
  });
  if (step.enrolment_required) {
    return (
      <AuthCard>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3">
              Set up two-step sign-in
            </Title>
            <Text c="dimmed" size="sm">
              Your agency requires a second step at sign-in.
            </Text>
          </div>
          <TotpEnrolment mfaToken={step.mfa_token} onDone={onSignedIn} />
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthFormCard
      title="Two-step sign-in"
      subtitle="Enter the code from your authenticator app, or one of your recovery codes."
      formError={form.errors.form}
      onSubmit={form.save}
    >
      <TextInput
        label="Authentication code"
        autoComplete="one-time-code"
        autoFocus
        value={form.values.code}
        onChange={(event) => form.set({ code: event.currentTarget.value })}
        error={form.errors.code}
      />
      <Button type="submit" loading={form.busy} fullWidth>
        Verify
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={onRestart}>
        Start again
      </Anchor>
    </AuthFormCard>
  );
}
