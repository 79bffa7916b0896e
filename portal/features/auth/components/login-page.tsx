/** The sign-in page of the auth layout: Email, Password, "Sign in". SPEC §2 /auth/{page_type}. */
import { Alert, Anchor, Button, Center, Code, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AuthFormCard } from '../../../components/auth-form-card.tsx';
import { AuthPageLink } from '../../../components/auth-page-link.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import type { MfaStep } from '../../../lib/account-data.ts';
import { announce } from '../../../lib/announce.ts';
import { errorToastText } from '../../../lib/api-client.ts';
import { useSettingsForm } from '../../../lib/use-settings-form.ts';
import { login } from '../api/login.ts';

/**
 * The second factor's step (a TOTP code, a passkey, a recovery code, or enrolment with its QR code),
 * loaded when a sign-in asks for it: with it, the first page carried qrcode.react and
 * @simplewebauthn/browser, and the login route's initial JS + CSS grew past issue 18's 150 KiB gzip.
 */
const SecondFactorStep = lazy(() =>
  import('./second-factor-step.tsx').then((module) => ({ default: module.SecondFactorStep })),
);

/** Props: called after a successful sign-in (the route navigates). */
export interface LoginPageProps {
  onSignedIn: () => void;
}

/** Seeded demo accounts (server/db/seed-demo-data.ts; password unless DEMO_PASSWORD is set). */
const DEMO_ACCOUNTS = [
  { email: 'agent@demo.test', password: 'demo1234' },
  { email: 'admin@demo.test', password: 'demo1234' },
  { email: 'superadmin@demo.test', password: 'demo1234' },
  // Issue 4 seed: a company whose trial has ended, to see check-subscription send it to plans.
  { email: 'expired@demo.test', password: 'demo1234' },
];

/** Login form with field errors (read out, lib/announce.ts), a form-level error and the demo accounts hint. */
export function LoginPage({ onSignedIn }: LoginPageProps) {
  const [step, setStep] = useState<MfaStep | null>(null);
  const form = useSettingsForm({
    initial: () => ({ email: '', password: '' }),
    validate: ({ email, password }) => ({
      email: !email.trim()
        ? 'Email cannot be empty!'
        : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
          ? undefined
          : 'Invalid Email!',
      password: password ? undefined : 'Password cannot be empty!',
    }),
    send: ({ email, password }) => login(email.trim(), password),
    onSaved: (envelope) => {
      const data = envelope.data as MfaStep | { session_key: string };
      if ('mfa_required' in data) setStep(data);
      else onSignedIn();
    },
    refused: (envelope) => {
      const { title, body } = errorToastText(envelope);
      return {
        form: envelope.code === 0 && !envelope.message ? 'Internet issue or contact IT.' : body || title,
      };
    },
  });
  const { values, errors, set } = form;
  // A refused sign-in's field messages are read out (issue 46: an empty sign-in said nothing); the
  // form-level message is an alert of its own (FormAlert). Each submit sets new errors: read again.
  useEffect(() => {
    announce([errors.email, errors.password].filter(Boolean).join(' '), 'assertive');
  }, [errors]);
  if (step)
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label="Loading the second step" />
          </Center>
        }
      >
        <SecondFactorStep step={step} onSignedIn={onSignedIn} onRestart={() => setStep(null)} />
      </Suspense>
    );

  return (
    <AuthFormCard
      title="Sign in"
      subtitle="Agent portal for flood and home quotes"
      formError={errors.form}
      onSubmit={form.save}
    >
      <TextInput
        label="Email"
        type="email"
        autoComplete="username"
        value={values.email}
        onChange={(e) => set({ email: e.currentTarget.value })}
        error={errors.email}
        required
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={values.password}
        onChange={(password) => set({ password })}
        error={errors.password}
        toggleName="typed characters"
      />
      <Button type="submit" loading={form.busy} fullWidth>
        Sign in
      </Button>
      <Group justify="space-between">
        <AuthPageLink pageType="forgot-password">Forgot password?</AuthPageLink>
        <Anchor component={Link} to="/auth/saml-sso-login" size="sm">
          Sign in with SSO
        </Anchor>
      </Group>
      <Alert
        variant="light"
        color="blue"
        icon={<IconInfoCircle size={18} />}
        title="Demo accounts"
        role="note"
      >
        <Stack gap={4}>
          {DEMO_ACCOUNTS.map((account) => (
            <Text key={account.email} size="sm">
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => set({ email: account.email, password: account.password })}
              >
                {account.email}
              </Anchor>{' '}
              / <Code>{account.password}</Code>
            </Text>
          ))}
        </Stack>
      </Alert>
    </AuthFormCard>
  );
}
