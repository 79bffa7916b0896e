/**
 * Setting up an authenticator app (issue 38): the QR code of the otpauth URI (qrcode.react) with
 * the secret to type instead, a first code to turn it on, then the recovery codes, shown once
 * (recovery-codes.tsx).
 * Used at sign-in when the company requires a second factor (with the mfa_token) and on the
 * profile page (with the session).
 */
import { Button, Code, Loader, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { confirmTotp, enrolTotp } from '../lib/second-factor-api.ts';
import { useSettingsForm } from '../lib/use-settings-form.ts';
import { FormAlert } from './form-alert.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

/** Props: the sign-in's mfa_token (null: the signed-in user), and what follows the saved codes. */
export interface TotpEnrolmentProps {
  mfaToken: string | null;
  onDone: () => void;
}

/** The three steps: scan, confirm, keep the recovery codes. */
export function TotpEnrolment({ mfaToken, onDone }: TotpEnrolmentProps) {
  const [setup, setSetup] = useState<{ secret: string; otpauth_uri: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    void enrolTotp(mfaToken).then((envelope) => {
      if (!live) return;
      if (envelope.status === 'success' && envelope.data) setSetup(envelope.data);
      else setFailed(envelope.message || 'Could not start the set-up.');
    });
    return () => {
      live = false;
    };
  }, [mfaToken]);
  const form = useSettingsForm({
    initial: () => ({ code: '' }),
    validate: ({ code }) => ({
      code: /^\s*[0-9]{6}\s*$/.test(code) ? undefined : 'Enter the 6 digits your app shows.',
    }),
    send: ({ code }) => confirmTotp(code.trim(), mfaToken),
    onSaved: (envelope) => setCodes((envelope.data as { recovery_codes: string[] }).recovery_codes),
  });

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (failed) return <FormAlert message={failed} withIcon />;
  if (!setup) return <Loader aria-label="Preparing the set-up" />;
  return (
    <form onSubmit={form.save} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          1. Scan this code with an authenticator app (Google Authenticator, 1Password, Authy...).
        </Text>
        <div style={{ background: 'white', padding: 12, alignSelf: 'flex-start', borderRadius: 8 }}>
          <QRCodeSVG value={setup.otpauth_uri} size={176} title="QR code for your authenticator app" />
        </div>
        <Text size="sm">
          Or type this key: <Code data-testid="totp-secret">{setup.secret}</Code>
        </Text>
        <TextInput
          label="2. Enter the 6-digit code the app shows"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={form.values.code}
          onChange={(event) => form.set({ code: event.currentTarget.value })}
          error={form.errors.code}
        />
        <Button type="submit" loading={form.busy}>
          Turn on two-step sign-in
        </Button>
      </Stack>
    </form>
  );
}
