/**
 * The schema studio's editor (issue 11): a working copy of a version's schema set, changed by the
 * fields, cross rules, underwriting, messages, migrations and raw JSON editors, compiled on every change for the
 * live preview and the rule test bench, linted as it changes, and saved by super-admins as a draft
 * with a change note (the versions tab then publishes it). The unsaved copy is kept in this browser
 * (model/working-copy-store.ts) and restored on return. Admins see the same, read-only.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  Popover,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { replaceEqualDeep, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type BenchDocument,
  type CompiledSchemaSet,
  diffSchemaSets,
  type LintProblem,
  lintPathLabel,
  type SchemaSet,
} from '../../../../engine/index.ts';
import { exampleContexts, examples } from '../../../../schemas/schema-set.ts';
import { compileInBrowser, lintInBrowser } from '../../../lib/browser-schema-engine.ts';
import { countNoun } from '../../../lib/count-noun.ts';
import { formatInUserZone } from '../../../lib/format-when.ts';
import { showToast } from '../../../lib/toast.ts';
import { saveDraft, useTestDocuments } from '../api/schema-studio-api.ts';
import { withQaCase } from '../model/case-from-preview.ts';
import { type ConditionVariable, conditionVariables } from '../model/condition-variables.ts';
import { readWorkingCopy, writeWorkingCopy } from '../model/working-copy-store.ts';
import { CaseSuite } from './case-suite.tsx';
import { FieldsEditor } from './fields-editor.tsx';
import { MigrationsEditor } from './migrations-editor.tsx';
import { QuestionsEditor } from './questions-editor.tsx';
import { RawJsonEditor } from './raw-json-editor.tsx';
import { RuleTestBench } from './rule-test-bench.tsx';
import { RulesEditor } from './rules-editor.tsx';
import { SchemaMessagesEditor } from './schema-messages-editor.tsx';
import { SchemaPreview } from './schema-preview.tsx';

/** Props: the version the copy starts from, its set, and whether it may change (super-admin). */
export interface SchemaEditorProps {
  baseVersion: number;
  base: SchemaSet;
  editable: boolean;
}

/** Milliseconds the lint waits after the last edit (the compile and preview do not wait). */
const LINT_DELAY_MS = 300;

const BASES: BenchDocument[] = Object.entries(examples).map(([name, doc]) => ({
  name,
  doc,
  ctx: exampleContexts[name as keyof typeof exampleContexts],
}));

/** Compiles `set`; the error's words instead when it does not compile. */
function compileOrError(set: SchemaSet): { compiled: CompiledSchemaSet } | { error: string } {
  try {
    return { compiled: compileInBrowser(set) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The editor: a bar with the changes, problems and save; the editors' tabs; the preview beside them. */
export function SchemaEditor({ baseVersion, base, editable }: SchemaEditorProps) {
  const [kept] = useState(() => (editable ? readWorkingCopy(baseVersion) : null));
  const [set, setSet] = useState(kept?.schema_set ?? base);
  const attempt = useMemo(() => compileOrError(set), [set]);
  const lastGood = useRef<CompiledSchemaSet | null>(null);
  if ('compiled' in attempt) lastGood.current = attempt.compiled;
  const compiled = lastGood.current;
  const [linted] = useDebouncedValue(set, LINT_DELAY_MS);
  const problems = useMemo(() => lintInBrowser(linted), [linted]);
  useEffect(() => {
    if (editable) writeWorkingCopy(baseVersion, linted === base ? null : linted);
  }, [editable, baseVersion, base, linted]);
  const changes = useMemo(() => {
    try {
      return diffSchemaSets(base, set);
    } catch {
      return null;
    }
  }, [base, set]);
  // The same array while the variables read the same, so the condition builders do not redraw on
  // every keystroke's compile (ADR 781).
  const lastVariables = useRef<ConditionVariable[]>([]);
  const variables = useMemo(
    () =>
      replaceEqualDeep(lastVariables.current, compiled ? conditionVariables(compiled, exampleContexts) : []),
    [compiled],
  );
  lastVariables.current = variables;
  const saved = useTestDocuments().data?.test_documents;
  const testDocuments = useMemo(() => saved ?? [], [saved]);
  const benchDocuments = useMemo(
    (): BenchDocument[] => [
      ...BASES,
      ...testDocuments.map((kept) => ({ name: kept.name, doc: kept.document, ctx: kept.context })),
    ],
    [testDocuments],
  );
  if (!compiled) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This version does not compile">
        {'error' in attempt ? attempt.error : ''}
      </Alert>
    );
  }
  const props = { set, compiled, onChange: setSet, variables, editable };
  return (
    <Stack gap="md">
      {kept && (
        <Alert color="blue" variant="light" title="Your unsaved changes were restored">
          Kept in this browser at {formatInUserZone(kept.saved_at, 'MMM D, YYYY HH:mm')}; save them as a draft
          or discard them.
        </Alert>
      )}
      <DraftBar
        baseVersion={baseVersion}
        set={set}
        changes={changes?.map((change) => change.sentence) ?? null}
        problems={problems}
        editable={editable}
        onDiscard={() => setSet(base)}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 7 }}>
          <Card withBorder radius="md" padding="md">
            <Tabs defaultValue="fields" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="fields">Fields</Tabs.Tab>
                <Tabs.Tab value="rules">Cross rules</Tabs.Tab>
                <Tabs.Tab value="questions">Underwriting</Tabs.Tab>
                <Tabs.Tab value="messages">Messages</Tabs.Tab>
                <Tabs.Tab value="migrations">Migrations</Tabs.Tab>
                <Tabs.Tab value="bench">Test bench</Tabs.Tab>
                <Tabs.Tab value="raw">Raw JSON</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="fields" pt="md">
                <FieldsEditor {...props} />
              </Tabs.Panel>
              <Tabs.Panel value="rules" pt="md">
                <RulesEditor {...props} />
              </Tabs.Panel>
              <Tabs.Panel value="questions" pt="md">
                <QuestionsEditor {...props} />
              </Tabs.Panel>
              <Tabs.Panel value="messages" pt="md">
                <SchemaMessagesEditor set={set} onChange={setSet} editable={editable} />
              </Tabs.Panel>
              <Tabs.Panel value="migrations" pt="md">
                <MigrationsEditor
                  baseVersion={baseVersion}
                  base={base}
                  set={set}
                  onChange={setSet}
                  editable={editable}
                />
              </Tabs.Panel>
              <Tabs.Panel value="bench" pt="md">
                <Stack gap="lg">
                  <CaseSuite
                    set={set}
                    compiled={compiled}
                    examples={examples}
                    exampleContexts={exampleContexts}
                  />
                  <RuleTestBench compiled={compiled} documents={benchDocuments} bases={BASES} />
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="raw" pt="md">
                <RawJsonEditor set={set} onChange={setSet} problems={problems} editable={editable} />
              </Tabs.Panel>
            </Tabs>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 5 }}>
          <SchemaPreview
            compiled={compiled}
            compileError={'error' in attempt ? attempt.error : null}
            examples={examples}
            exampleContexts={exampleContexts}
            testDocuments={testDocuments}
            editable={editable}
            onAddCase={(kase) => setSet((current) => withQaCase(current, kase))}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function DraftBar(props: {
  baseVersion: number;
  set: SchemaSet;
  changes: string[] | null;
  problems: LintProblem[];
  editable: boolean;
  onDiscard: () => void;
}) {
  const { baseVersion, set, changes, problems, editable } = props;
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const count = changes?.length ?? 0;
  const save = async () => {
    setBusy(true);
    const answer = await saveDraft(set, note || `${countNoun(count, 'change')} from version ${baseVersion}`);
    setBusy(false);
    if (answer.status !== 'success' || !answer.data) return;
    showToast(
      'success',
      'Draft saved',
      `Draft ${answer.data.version} holds your changes; publish it from the Versions tab.`,
    );
    setNote('');
    await queryClient.invalidateQueries({ queryKey: ['schema-studio', 'versions'] });
  };
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label="Draft">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="xs">
          <Text size="sm">
            {editable ? 'Editing' : 'Viewing'} from version {baseVersion}
          </Text>
          <Popover width={420} position="bottom-start" withArrow shadow="md" disabled={count === 0}>
            <Popover.Target>
              <Badge
                component="button"
                type="button"
                variant="light"
                color={count > 0 ? 'blue' : 'gray'}
                style={{ cursor: count > 0 ? 'pointer' : 'default' }}
              >
                {changes === null ? 'changes unknown' : countNoun(count, 'change')}
              </Badge>
            </Popover.Target>
            <Popover.Dropdown>
              <List size="sm" spacing={2}>
                {(changes ?? []).map((sentence) => (
                  <List.Item key={sentence}>{sentence}</List.Item>
                ))}
              </List>
            </Popover.Dropdown>
          </Popover>
          <ProblemsBadge set={set} problems={problems} />
        </Group>
        {editable && (
          <Group align="flex-end" gap="xs">
            <TextInput
              size="xs"
              label="Change note"
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              w={260}
            />
            <Button size="xs" variant="default" disabled={count === 0} onClick={props.onDiscard}>
              Discard
            </Button>
            <Button size="xs" loading={busy} disabled={count === 0} onClick={save}>
              Save as draft
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

function ProblemsBadge({ set, problems }: { set: SchemaSet; problems: LintProblem[] }) {
  if (problems.length === 0) {
    return (
      <Badge variant="light" color="green">
        no problems
      </Badge>
    );
  }
  return (
    <Popover width={460} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Badge component="button" type="button" variant="light" color="orange" style={{ cursor: 'pointer' }}>
          {problems.length} {problems.length === 1 ? 'problem' : 'problems'}
        </Badge>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" mb={4}>
          A draft may have problems; it cannot be published until they are fixed.
        </Text>
        <List size="sm" spacing={2}>
          {problems.map((problem) => (
            <List.Item key={`${problem.kind}:${problem.path.join('/')}`}>
              <Text span size="sm" fw={600}>
                {lintPathLabel(set, problem.path)}
              </Text>
              : {problem.message} ({problem.kind})
            </List.Item>
          ))}
        </List>
      </Popover.Dropdown>
    </Popover>
  );
}
