/**
 * The error page of SPEC §2: 404 is "Page Not Found", 403 "Access denied" (a page the role may not
 * open, issue 16: never a bare 403 or "Internal Server Error"), any other status "Internal Server Error".
 */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconError404, IconLock, IconServerOff } from '@tabler/icons-react';

/** Props: HTTP-like status and the error's own message, if any. */
export interface ErrorPageProps {
  status: number;
  message?: string | null;
  /** Where the home button leads (default /dashboard). */
  homeHref?: string;
}

/** The text of the Access denied page (the same words as the administration pages' gate). */
export const ACCESS_DENIED_TEXT = 'You do not have access to this page.';

/** Title and text of the error page for a status. SPEC §2 Error page. */
export function errorPageText(status: number, message?: string | null): { title: string; text: string } {
  if (status === 404)
    return { title: 'Page Not Found', text: 'The page you are looking for does not exist.' };
  if (status === 403) return { title: 'Access denied', text: ACCESS_DENIED_TEXT };
  return {
    title: 'Internal Server Error',
    text: message?.trim() || 'Something went wrong. Please try again.',
  };
}

/** Full-height status page with a way back. */
export function ErrorPage({ status, message, homeHref = '/dashboard' }: ErrorPageProps) {
  const { title, text } = errorPageText(status, message);
  const Icon = status === 404 ? IconError404 : status === 403 ? IconLock : IconServerOff;
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Icon size={64} stroke={1.3} color="var(--mantine-color-dimmed)" aria-hidden />
        {/* A refusal is said in words: the status number means nothing to a customer. */}
        {status !== 403 && (
          <Text c="dimmed" fw={700} size="sm">
            {status}
          </Text>
        )}
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button component="a" href={homeHref} variant="light" mt="sm">
          Back to dashboard
        </Button>
      </Stack>
    </Center>
  );
}
