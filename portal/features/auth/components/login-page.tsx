/** The sign-in page of the auth layout: Email, Password, "Sign in". SPEC §2 /auth/{page_type}. */
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { AuthPageLink } from '../../../components/auth-page-link.tsx';
import { errorToastText } from '../../../lib/api-client.ts';
import { login } from '../api/login.ts';

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

/** Login form with field errors, a form-level error and the demo accounts hint. */
export function LoginPage({ onSignedIn }: LoginPageProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = 'Email cannot be empty!';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) next.email = 'Invalid Email!';
    if (!password) next.password = 'Password cannot be empty!';
    setErrors(next);
    if (next.email || next.password) return;
    setSubmitting(true);
    const envelope = await login(email.trim(), password);
    setSubmitting(false);
    if (envelope.status === 'success') {
      onSignedIn();
      return;
    }
    const fieldErrors = envelope.error_obj ?? {};
    const { title, body } = errorToastText(envelope);
    setErrors({
      email: fieldErrors.email,
      password: fieldErrors.password,
      form: envelope.code === 0 && !envelope.message ? 'Internet issue or contact IT.' : body || title,
    });
  }

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3">
              Sign in
            </Title>
            <Text c="dimmed" size="sm">
              Agent portal for flood and home quotes
            </Text>
          </div>
          {errors.form && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {errors.form}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            required
            // Mantine's default toggle name contains "password", which makes label look-ups ambiguous.
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the typed characters' }}
          />
          <Button type="submit" loading={submitting} fullWidth>
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
                    onClick={() => {
                      setEmail(account.email);
                      setPassword(account.password);
                    }}
                  >
                    {account.email}
                  </Anchor>{' '}
                  / <Code>{account.password}</Code>
                </Text>
              ))}
            </Stack>
          </Alert>
        </Stack>
      </form>
    </Paper>
  );
}
