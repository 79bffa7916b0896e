/**
 * The card of the sign-in pages' forms (sign in, forgot password, reset or set password, single
 * sign-on; SPEC §2 /auth/{page_type}): heading and subtitle, the form-level alert, then the fields
 * and buttons. docs/decisions/441.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from './form-alert.tsx';

/** Props: heading, subtitle, the form-level message, submit, and the fields and buttons. */
export interface AuthFormCardProps {
  title: string;
  subtitle: string;
  formError?: string | null;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** The card around a sign-in page's content (a form, a confirmation or a state). */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
      {children}
    </Paper>
  );
}

/** The card with a form: heading (the page's h1, issue 46), subtitle, alert, fields. */
export function AuthFormCard({ title, subtitle, formError, onSubmit, children }: AuthFormCardProps) {
  return (
    <AuthCard>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h3">
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          </div>
          <FormAlert message={formError} withIcon />
          {children}
        </Stack>
      </form>
    </AuthCard>
  );
}
