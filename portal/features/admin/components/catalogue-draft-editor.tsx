/**
 * The carrier page's draft (issue 43, ADR 772): the latest version's document as JSON to edit, its
 * check (the problems listed by path), a connection test of each connection the draft adds or
 * changes with a chosen agency's stored credentials, and Publish, offered once the text as it is
 * passed its check and every changed connection passed a test (the server refuses otherwise too).
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { useReportCompanies } from '../../reporting/api/report-companies.ts';
import {
  CARRIER_CATALOGUE_KEY,
  type CarrierCatalogue,
  checkDraft,
  type DraftCheck,
  type DraftProblem,
  parseDraft,
  publishDraft,
  testDraftConnection,
} from '../api/carrier-catalogue-api.ts';
import type { CarrierConnectionTest } from '../api/carrier-connections-api.ts';
import { CarrierConnectionTestResult } from './carrier-connection-test-result.tsx';

/** A connection test run from this draft: the envelope's message, the test and whether it passed. */
interface DraftTest {
  message: string;
  test: CarrierConnectionTest;
  passed: boolean;
}

/** The problems of a refused publish (`error_obj`, path to message) as a list. */
function problemsOf(errors: Record<string, string> | null, message: string): DraftProblem[] {
  const entries = Object.entries(errors ?? {});
  return entries.length > 0
    ? entries.map(([path, text]) => ({ path, message: text }))
    : [{ path: '(document)', message }];
}

function ProblemList({ problems }: { problems: DraftProblem[] }) {
  return (
    <Alert
      color="red"
      variant="light"
      title={`The draft has ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`}
    >
      <List size="sm" spacing={4} aria-label="Problems of the draft">
        {problems.map((problem) => (
          <List.Item key={`${problem.path} ${problem.message}`}>
            <Text span size="sm" ff="monospace">
              {problem.path}
            </Text>
            : {problem.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Props: the latest version, which the draft starts from and names as `based_on`. */
export function CatalogueDraftEditor({ catalogue }: { catalogue: CarrierCatalogue }) {
  const queryClient = useQueryClient();
  const companies = useReportCompanies(true);
  const [text, setText] = useState(() => JSON.stringify(catalogue.catalogue, null, 2));
  const [note, setNote] = useState('');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ text: string; result: DraftCheck } | null>(null);
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const [tests, setTests] = useState<Record<string, DraftTest>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const current = checked?.text === text ? checked.result : null;
  const untested = (current?.changed_connections ?? []).filter(
    (connection) => !connection.tested && !tests[connection.id]?.passed,
  );
  const publishable = current !== null && current.problems.length === 0 && untested.length === 0;

  const edit = (value: string) => {
    setText(value);
    setProblems([]);
  };

  const check = async () => {
    const parsed = parseDraft(text);
    if ('problem' in parsed) {
      setProblems([parsed.problem]);
      setChecked(null);
      return;
    }
    setBusy('check');
    try {
      const result = await checkDraft(parsed.catalogue);
      setChecked({ text, result });
      setProblems(result.problems);
    } finally {
      setBusy(null);
    }
  };

  const test = async (connectionId: string) => {
    const parsed = parseDraft(text);
    if ('problem' in parsed || !companyId) return;
    setBusy(`test:${connectionId}`);
    try {
      const answer = await testDraftConnection(parsed.catalogue, connectionId, Number(companyId));
      if (answer.status === 'success' && answer.data) {
        const { test: tried, passed } = answer.data;
        setTests((all) => ({ ...all, [connectionId]: { message: answer.message, test: tried, passed } }));
      }
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    const parsed = parseDraft(text);
    if ('problem' in parsed) return;
    setBusy('publish');
    try {
      const answer = await publishDraft(parsed.catalogue, note.trim(), catalogue.version);
      if (answer.status === 'success' && answer.data) {
        showToast('success', 'Published', answer.message);
        await queryClient.invalidateQueries({ queryKey: CARRIER_CATALOGUE_KEY });
      } else if (answer.code === 422) {
        setProblems(problemsOf(answer.error_obj, answer.message));
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Draft from version {catalogue.version}
        </Title>
        <Text size="sm" c="dimmed">
          Edit the carriers document, check it, test each connection it adds or changes, then publish.
        </Text>
        <Textarea
          label="Carriers document (JSON)"
          value={text}
          onChange={(event) => edit(event.currentTarget.value)}
          rows={24}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
        {problems.length > 0 ? <ProblemList problems={problems} /> : null}
        {current && current.problems.length === 0 ? (
          <Alert color="teal" variant="light" title="The draft passes its checks">
            {current.changed_connections.length === 0
              ? 'It changes no connection.'
              : 'Test each connection it adds or changes before publishing.'}
          </Alert>
        ) : null}
        {current && current.changed_connections.length > 0 ? (
          <Stack gap="xs">
            <Select
              label="Test with the credentials of"
              placeholder="Choose an agency"
              searchable
              data={companies.data ?? []}
              value={companyId}
              onChange={setCompanyId}
              maw={360}
            />
            {current.changed_connections.map((connection) => {
              const done = tests[connection.id];
              const passed = connection.tested || done?.passed;
              return (
                <Stack key={connection.id} gap={4}>
                  <Group gap="sm">
                    <Text size="sm" fw={600}>
                      {connection.label}
                    </Text>
                    <Badge color={passed ? 'teal' : 'orange'} variant="light">
                      {passed ? 'Tested' : 'Needs a test'}
                    </Badge>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={!companyId}
                      loading={busy === `test:${connection.id}`}
                      onClick={() => test(connection.id)}
                    >
                      Test {connection.id}
                    </Button>
                  </Group>
                  {done ? <CarrierConnectionTestResult message={done.message} test={done.test} /> : null}
                </Stack>
              );
            })}
          </Stack>
        ) : null}
        <TextInput
          label="Why this version"
          description="The version history shows it."
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={500}
        />
        <Group>
          <Button variant="default" onClick={check} loading={busy === 'check'}>
            Check draft
          </Button>
          <Button
            onClick={publish}
            disabled={!publishable || note.trim() === ''}
            loading={busy === 'publish'}
          >
            Publish
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
