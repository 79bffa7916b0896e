/**
 * The profile's passkeys (issue 38, ADR 754): the user's passkeys with "Remove" for each, and
 * "Add a passkey" under a name the user gives (the browser then asks for the fingerprint, face or
 * device PIN). A passkey turns two-step sign-in on; a first one (no authenticator app, no codes
 * left) comes with recovery codes, shown here once (ADR 755). Loading, empty, error and
 * unsupported-browser states; refusals (cancelled, not recognised, expired) in the form's alert.
 */
import {
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { RecoveryCodes } from '../../../components/recovery-codes.tsx';
import { announce } from '../../../lib/announce.ts';
import { type ApiEnvelope, errorToastText } from '../../../lib/api-client.ts';
import { formatWhen } from '../../../lib/format-when.ts';
import { PASSKEY_UNSUPPORTED_MESSAGE, passkeysSupported } from '../../../lib/passkey-ceremony.ts';
import { useSettingsForm } from '../../../lib/use-settings-form.ts';
import { usePasskeyChanges, usePasskeys } from '../api/passkeys.ts';

const ADDED = 'MMM D, YYYY';

/** The words of a refused change: the call's message, or the browser's refusal. */
const errorText = (envelope: ApiEnvelope<unknown>) => errorToastText(envelope).body || envelope.message;

/** The list (or its loading, empty and error states) with a remove button per passkey. */
function PasskeyList({ remove }: { remove: (id: number, name: string) => Promise<void> }) {
  const passkeys = usePasskeys();
  if (passkeys.isPending) return <Skeleton height={60} aria-label="Loading your passkeys" />;
  if (passkeys.isError) {
    return (
      <LoadError
        title="Could not load your passkeys"
        error={passkeys.error}
        onRetry={() => passkeys.refetch()}
      />
    );
  }
  const list = passkeys.data.passkeys;
  if (list.length === 0) return <Text size="sm">No passkeys yet.</Text>;
  return (
    <Table aria-label="Passkeys">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Added</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.map((passkey) => (
          <Table.Tr key={passkey.id}>
            <Table.Td>{passkey.name}</Table.Td>
            <Table.Td>{formatWhen(passkey.created_at, ADDED)}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Remove passkey ${passkey.name}`}
                onClick={() => void remove(passkey.id, passkey.name)}
              >
                Remove
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Passkeys: the list and the "Add a passkey" form. */
export function PasskeysCard() {
  const changes = usePasskeyChanges();
  const [done, setDone] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useSettingsForm({
    initial: () => ({ name: '' }),
    validate: ({ name }) => ({ name: name.trim() ? undefined : 'Name the passkey, e.g. "Work laptop".' }),
    send: ({ name }) => {
      setDone(null);
      return changes.add(name.trim());
    },
    onSaved: (envelope) => {
      const added = envelope.data as { passkey: { name: string }; recovery_codes?: string[] };
      const words = `Passkey "${added.passkey.name}" added. Two-step sign-in is on.`;
      setDone(words);
      announce(words);
      setCodes(added.recovery_codes ?? null);
      form.reset();
    },
    refused: (envelope) => ({ form: errorText(envelope) }),
  });
  const [removeError, setRemoveError] = useState<string | null>(null);
  const remove = async (id: number, name: string) => {
    setDone(null);
    setRemoveError(null);
    const envelope = await changes.remove(id);
    if (envelope.status === 'success') announce(`Passkey "${name}" removed.`);
    else setRemoveError(errorText(envelope));
  };

  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="xs">
        Passkeys
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A passkey lets you finish signing in with your fingerprint, face or device PIN instead of a code.
        </Text>
        <FormAlert message={form.errors.form ?? removeError} withIcon />
        <PasskeyList remove={remove} />
        {done && <Text size="sm">{done}</Text>}
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : passkeysSupported() ? (
          <form onSubmit={form.save} noValidate>
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Passkey name"
                placeholder="Work laptop"
                maxLength={60}
                value={form.values.name}
                onChange={(event) => form.set({ name: event.currentTarget.value })}
                error={form.errors.name}
              />
              <Button type="submit" variant="light" loading={form.busy}>
                Add a passkey
              </Button>
            </Group>
          </form>
        ) : (
          <Text size="sm">{PASSKEY_UNSUPPORTED_MESSAGE}</Text>
        )}
      </Stack>
    </Card>
  );
}
