/**
 * The profile's sign-in security (issue 38): two-step sign-in (status, and setting up an
 * authenticator app with its QR code; passkeys are passkeys-card.tsx's) and the user's sessions with "Sign out" for each other one
 * and "Sign out everywhere else".
 */
import {
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TotpEnrolment } from '../../../components/totp-enrolment.tsx';
import { formatWhen } from '../../../lib/format-when.ts';
import { mfaStatusQueryOptions, useEndSessions, useMfaStatus, useSessions } from '../api/sign-in-security.ts';

const WHEN = 'MMM D, YYYY h:mm A';

/** Two-step sign-in: on by the app (with recovery codes left) or by a passkey, or off; the app's set-up. */
export function TwoStepCard() {
  const status = useMfaStatus();
  const queryClient = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  const data = status.data;
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Two-step sign-in
        </Title>
        {data && (
          <Badge color={data.totp_enabled || data.passkeys > 0 ? 'teal.9' : 'gray.7'} variant="filled">
            {data.totp_enabled || data.passkeys > 0 ? 'On' : 'Off'}
          </Badge>
        )}
      </Group>
      {!data ? (
        <Skeleton height={60} />
      ) : enrolling ? (
        <TotpEnrolment
          mfaToken={null}
          onDone={() => {
            setEnrolling(false);
            void queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey });
          }}
        />
      ) : data.totp_enabled ? (
        <Text size="sm">
          You sign in with a code from your authenticator app. Recovery codes left: {data.recovery_codes_left}
          .
        </Text>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {data.passkeys > 0
              ? `You sign in with a passkey. Recovery codes left: ${data.recovery_codes_left}. You can add an authenticator app as well.`
              : data.required_by_company
                ? 'Your agency requires a second step at sign-in.'
                : 'Add a code from an authenticator app or a passkey to your password.'}
          </Text>
          <Button variant="light" onClick={() => setEnrolling(true)}>
            Set up authenticator app
          </Button>
        </Stack>
      )}
    </Card>
  );
}

/** The user's open sessions, newest first. */
export function SessionsCard() {
  const sessions = useSessions();
  const endSessions = useEndSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Where you are signed in
        </Title>
        <Button variant="light" color="red" disabled={others.length === 0} onClick={() => void endSessions()}>
          Sign out everywhere else
        </Button>
      </Group>
      {sessions.isPending ? (
        <Skeleton height={80} />
      ) : (
        <Table aria-label="Sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Browser</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Signed in</Table.Th>
              <Table.Th>Last seen</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((session) => (
              <Table.Tr key={session.id}>
                <Table.Td>{session.browser ?? 'Unknown browser'}</Table.Td>
                <Table.Td>{session.client_address ?? 'Unknown'}</Table.Td>
                <Table.Td>{formatWhen(session.created_at, WHEN)}</Table.Td>
                <Table.Td>{formatWhen(session.last_seen_at, WHEN)}</Table.Td>
                <Table.Td>
                  {session.current ? (
                    <Badge variant="light">This browser</Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Sign out ${session.browser ?? 'session'} at ${session.client_address ?? 'unknown address'}`}
                      onClick={() => void endSessions(session.id)}
                    >
                      Sign out
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
