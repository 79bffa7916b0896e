/**
 * /dashboard/api-partner, the page open to anyone (SPEC §2 Guards; ADR 091): what the API offers
 * partners, how to get an API key and what its scopes open (issue 16), curl examples that a test
 * runs against the server (api/partner-examples.ts), the call contract, and the live list of
 * documented calls.
 */
import '../../../styles/all-styles.ts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconApi } from '@tabler/icons-react';
import { apiBase, apiUrl } from '../../../lib/api-base.ts';
import { useApiOperations } from '../api/get-openapi-document.ts';
import { PARTNER_EXAMPLES } from '../api/partner-examples.ts';

/** The shell set-up every example reads; API_BASE is this portal's own API. */
function setupCommands(origin: string): string {
  return [
    `export API_BASE="${origin}/api"`,
    'export API_KEY="sk_..."      # the secret shown once when the key was created',
    'export AGENT_ID=12           # the agent the applications belong to (ask the agency)',
  ].join('\n');
}

/** A shell snippet with a copy button. */
function Snippet({ code, label }: { code: string; label: string }) {
  return (
    <Stack gap={4}>
      <Group justify="flex-end">
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} aria-label={`Copy ${label}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block tabIndex={0} aria-label={label} style={{ maxHeight: 260, overflow: 'auto' }}>
        {code}
      </Code>
    </Stack>
  );
}

/** Static introduction plus the reference with loading, error and empty states. */
export function ApiPartnerPage() {
  const query = useApiOperations();
  const hasSummaries = (query.data ?? []).some((op) => op.summary);
  return (
    <Stack gap="lg" maw={1000} mx="auto" w="100%">
      <Group gap="sm">
        <IconApi size={32} aria-hidden />
        <div>
          <Title order={1} size="h2">
            API partners
          </Title>
          <Text c="dimmed" size="sm">
            Send quote applications to the agency from your own systems.
          </Text>
        </div>
      </Group>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            How it works
          </Title>
          <List size="sm" spacing={6}>
            <List.Item>
              Every call is <Code>POST {apiBase()}/&lt;path&gt;</Code> with a JSON body; every answer is the
              envelope <Code>{'{status, code, message, data, error_obj}'}</Code>.
            </List.Item>
            <List.Item>
              API keys are issued by your agency's admin under Portal settings → Messaging console → API
              credentials, each with the scopes it needs. The secret is shown once; keep it out of browsers.
              Send it as <Code>Authorization: Bearer &lt;secret&gt;</Code> instead of a session key.
            </List.Item>
            <List.Item>
              A key acts for its agency only: another agency's application answers 404. A call outside the
              key's scopes answers 403, a revoked or rotated secret 401, and more than 120 calls a minute with
              one key 429 (wait for <Code>retry-after</Code> seconds).
            </List.Item>
            <List.Item>
              A refused request answers with a message and, for invalid fields, <Code>error_obj</Code> naming
              the first problem of each field.
            </List.Item>
          </List>
          <Group>
            <Button component="a" href={apiUrl('openapi.json')} variant="light" size="xs">
              Download the OpenAPI document
            </Button>
            <Anchor href="/auth/login" size="sm">
              Agency staff: sign in
            </Anchor>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            Try it with curl
          </Title>
          <Text size="sm">Set these once in your shell, then run the calls in order.</Text>
          <Snippet code={setupCommands(window.location.origin)} label="Shell set-up" />
          {PARTNER_EXAMPLES.map((example, index) => (
            <Stack key={example.id} gap={6}>
              <Group gap="xs">
                <Title order={3} size="h5">
                  {index + 1}. {example.title}
                </Title>
                <Badge variant="outline" radius="sm" size="sm">
                  {example.scope}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {example.description}
              </Text>
              <Snippet code={example.command} label={`curl: ${example.title}`} />
            </Stack>
          ))}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding={0}>
        <Title order={2} size="h4" p="md">
          Reference
        </Title>
        {query.isError ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            m="md"
            title="Could not load the reference"
          >
            <Group justify="space-between">
              <Text size="sm">{query.error.message}</Text>
              <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : query.isPending ? (
          <Stack p="md" pt={0} gap="xs" role="status" aria-busy="true" aria-label="Loading reference">
            {['r1', 'r2', 'r3', 'r4'].map((key) => (
              <Skeleton key={key} height={22} />
            ))}
          </Stack>
        ) : query.data.length === 0 ? (
          <Text c="dimmed" size="sm" p="md" pt={0}>
            No calls are documented yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="API reference" verticalSpacing="xs" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Area</Table.Th>
                  <Table.Th>Call</Table.Th>
                  {/* No column of dashes while the server documents no summaries. */}
                  {hasSummaries ? <Table.Th>Summary</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((op) => (
                  <Table.Tr key={`${op.method} ${op.path}`}>
                    <Table.Td>
                      <Badge variant="light" radius="sm">
                        {op.tag}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Code>
                        {op.method} {op.path}
                      </Code>
                    </Table.Td>
                    {hasSummaries ? (
                      <Table.Td>
                        <Text size="sm">{op.summary ?? '—'}</Text>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
