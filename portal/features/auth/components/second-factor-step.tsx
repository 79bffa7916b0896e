/**
 * The second sign-in step (issue 38): after a right password, a code from the authenticator app
 * or a recovery code (auth/mfa/verify; a passkey user's too, ADR 755), or "Use a passkey"
 * (auth/mfa/passkey-verify, ADR 754),
 * by the methods login named; or, when the company requires a second factor the user has not set
 * up, the authenticator set-up with the sign-in's mfa_token.
 */
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { AuthCard, AuthFormCard } from '../../../components/auth-form-card.tsx';
import { TotpEnrolment } from '../../../components/totp-enrolment.tsx';
import type { MfaStep } from '../../../lib/account-data.ts';
import { errorToastText } from '../../../lib/api-client.ts';
import { PASSKEY_UNSUPPORTED_MESSAGE, passkeysSupported } from '../../../lib/passkey-ceremony.ts';
import { signInWithPasskey, verifySecondFactor } from '../../../lib/second-factor-api.ts';
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
            <Title order={1} size="h3">
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
  const withTotp = step.methods.includes('totp');
  // A passkey user's recovery codes (ADR 755) go in the same field as the app's codes.
  const withCode = withTotp || step.methods.includes('recovery_code');
  const withPasskey = step.methods.includes('passkey') && passkeysSupported();
  // The passkey leads unless the app is there: a recovery code is the way out, not the way in.
  const passkeyFirst = withPasskey && !withTotp;
  const signInByPasskey = () => void form.run(() => signInWithPasskey(step.mfa_token));
  return (
    <AuthFormCard
      title="Two-step sign-in"
      subtitle={subtitleOf(withTotp, withCode, withPasskey)}
      formError={form.errors.form}
      onSubmit={withCode ? form.save : (event) => event.preventDefault()}
    >
      {withCode && (
        <>
          <TextInput
            label={withTotp ? 'Authentication code' : 'Recovery code'}
            autoComplete="one-time-code"
            autoFocus={!passkeyFirst}
            value={form.values.code}
            onChange={(event) => form.set({ code: event.currentTarget.value })}
            error={form.errors.code}
          />
          <Button type="submit" loading={form.busy} fullWidth>
            Verify
          </Button>
        </>
      )}
      {withPasskey && (
        <Button
          type="button"
          variant={passkeyFirst ? 'filled' : 'default'}
          leftSection={<IconFingerprint size={18} aria-hidden />}
          loading={form.busy}
          autoFocus={passkeyFirst}
          onClick={signInByPasskey}
          fullWidth
        >
          Use a passkey
        </Button>
      )}
      {!withCode && !withPasskey && <Text size="sm">{PASSKEY_UNSUPPORTED_MESSAGE}</Text>}
      <Anchor component="button" type="button" size="sm" onClick={onRestart}>
        Start again
      </Anchor>
    </AuthFormCard>
  );
}

/** What the step asks for, by the ways the user has. */
function subtitleOf(withTotp: boolean, withCode: boolean, withPasskey: boolean): string {
  if (withTotp && withPasskey)
    return 'Enter the code from your authenticator app or one of your recovery codes, or use your passkey.';
  if (withCode && withPasskey)
    return 'Use your passkey to finish signing in, or enter one of your recovery codes.';
  if (withPasskey) return 'Use your passkey to finish signing in.';
  if (withTotp) return 'Enter the code from your authenticator app, or one of your recovery codes.';
  return 'Enter one of your recovery codes.';
}
