/**
 * /auth/saml-sso-login: company id or work e-mail -> the server's SAML sign-in; on the way back
 * the one-time `?code=` is spent for the session (auth/saml-sso-complete, ADR 748), `?error=` is
 * shown. SPEC §2, docs/api-accounts.md.
 */
import { Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AuthCard, AuthFormCard } from '../../../components/auth-form-card.tsx';
import { AuthPageLink } from '../../../components/auth-page-link.tsx';
import { serverUrl } from '../../../lib/api-base.ts';
import { completeSamlLogin, samlIdentifierOf, startSamlLogin } from '../api/saml-sso-login.ts';

/** Props: the return's search, where the browser goes to sign in, and what follows a stored session. */
export interface SamlSsoLoginPageProps {
  /** The one-time code of the SAML return. */
  code?: string;
  error?: string;
  /** Full-page navigation to the identity provider (default `window.location.assign`). */
  goTo?: (url: string) => void;
  onSignedIn: () => void;
}

/** SAML entry form, the "signing you in" state of a return, and the server's messages. */
export function SamlSsoLoginPage({
  code,
  error,
  goTo = (url) => window.location.assign(url),
  onSignedIn,
}: SamlSsoLoginPageProps) {
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(error ?? null);
  const [busy, setBusy] = useState(false);
  const [completing, setCompleting] = useState(Boolean(code));
  const completedCode = useRef<string | null>(null);

  useEffect(() => {
    // Strict mode runs effects twice; the code is single-use, so it is spent once.
    if (!code || completedCode.current === code) return;
    completedCode.current = code;
    setCompleting(true);
    void completeSamlLogin(code).then((envelope) => {
      if (envelope.status === 'success') {
        onSignedIn();
        return;
      }
      setCompleting(false);
      // A spent or expired code says so; anything else is the generic failure.
      setFormError(
        envelope.code === 0 && !envelope.message
          ? 'Internet issue or contact IT.'
          : envelope.code === 401
            ? envelope.message
            : 'SAML sign-in failed.',
      );
    });
  }, [code, onSignedIn]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const identifier = samlIdentifierOf(value);
    if (!identifier) {
      setFieldError(
        value.trim()
          ? 'Enter your company ID or your work e-mail address.'
          : 'Company ID or work e-mail cannot be empty!',
      );
      return;
    }
    setFieldError(null);
    setFormError(null);
    setBusy(true);
    const envelope = await startSamlLogin(identifier);
    if (envelope.status === 'success' && envelope.data?.redirect_url) {
      goTo(serverUrl(envelope.data.redirect_url));
      return;
    }
    setBusy(false);
    setFormError(
      envelope.code === 0 && !envelope.message ? 'Internet issue or contact IT.' : envelope.message,
    );
  }

  if (completing)
    return (
      <AuthCard>
        <Stack align="center" gap="sm" py="lg" role="status">
          <Loader />
          <Text>Signing you in…</Text>
        </Stack>
      </AuthCard>
    );
  return (
    <AuthFormCard
      title="Single sign-on"
      subtitle="Sign in with your company's identity provider."
      formError={formError}
      onSubmit={submit}
    >
      <TextInput
        label="Company ID or work e-mail"
        placeholder="42 or you@agency.com"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        error={fieldError}
        required
      />
      <Button type="submit" loading={busy} fullWidth>
        Continue
      </Button>
      <AuthPageLink pageType="login">Sign in with a password</AuthPageLink>
    </AuthFormCard>
  );
}
