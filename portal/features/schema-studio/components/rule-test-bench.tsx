/**
 * The rule test bench (issue 11): every rule, condition and question of the working copy run over the
 * example documents and the saved test documents, showing per item which documents it fires on with the message each gets, its own examples (holding or not), and for a fired rule the
 * explain trace. Updates with every edit (engine runTestBench).
 */
import {
  Code,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import {
  type BenchDocument,
  type CompiledSchemaSet,
  explainMessage,
  runTestBench,
} from '../../../../engine/index.ts';
import { MessageExplanationView } from '../../../../engine/react/field-message.tsx';
import { countNoun, takesSingular } from '../../../lib/count-noun.ts';

/** Props: the last good compile, the documents to run over, and the example documents own examples start from. */
export interface RuleTestBenchProps {
  compiled: CompiledSchemaSet;
  documents: BenchDocument[];
  bases: BenchDocument[];
}

/** Text colours that keep their contrast in light and dark mode (Mantine's `-text` variables). */
const OUTCOME_COLORS = {
  fires: 'var(--mantine-color-red-text)',
  quiet: 'var(--mantine-color-green-text)',
  skip: 'var(--mantine-color-text)',
} as const;
const OUTCOME_WORDS = { fires: 'fires', quiet: 'quiet', skip: 'not reached' } as const;

/** The bench's table: one row per item, one column per document, then the own examples. */
export function RuleTestBench({ compiled, documents, bases }: RuleTestBenchProps) {
  const deferred = useDeferredValue(compiled);
  const rows = useMemo(() => runTestBench(deferred, documents, bases), [deferred, documents, bases]);
  const [search, setSearch] = useState('');
  const [firingOnly, setFiringOnly] = useState(false);
  const needle = search.trim().toLowerCase();
  const shown = rows.filter(
    (row) =>
      (needle === '' || row.label.toLowerCase().includes(needle) || (row.field ?? '').includes(needle)) &&
      (!firingOnly || row.results.some((result) => result.outcome === 'fires')),
  );
  const failing = rows.reduce(
    (sum, row) => sum + row.examples.filter((example) => example.mismatch).length,
    0,
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group>
          <TextInput
            aria-label="Search the rules"
            placeholder="Rule, field or question"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={260}
          />
          <Switch
            label="Only what fires"
            checked={firingOnly}
            onChange={(event) => setFiringOnly(event.currentTarget.checked)}
          />
        </Group>
        <Text size="sm" c={failing > 0 ? OUTCOME_COLORS.fires : 'dimmed'}>
          {countNoun(rows.length, 'item')} ·{' '}
          {failing === 0
            ? 'every own example holds'
            : `${countNoun(failing, 'own example')} ${takesSingular(failing) ? 'fails' : 'fail'}`}
        </Text>
      </Group>
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': 'Rule test bench, scrollable' }}>
        <Table verticalSpacing={4} striped aria-label="Rule test bench">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              {documents.map((document) => (
                <Table.Th key={document.name}>{document.name}</Table.Th>
              ))}
              <Table.Th>Own examples</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.path.join('/')}>
                <Table.Td>
                  <Text size="sm">{row.label}</Text>
                </Table.Td>
                {row.results.map((result, index) => {
                  const document = documents[index];
                  return (
                    <Table.Td key={result.document}>
                      {result.outcome === 'fires' && row.field && row.label.startsWith('rule ') ? (
                        <FiredRule
                          compiled={deferred}
                          document={document}
                          field={row.field}
                          message={result.message}
                        />
                      ) : (
                        <Text
                          size="xs"
                          fw={600}
                          c={OUTCOME_COLORS[result.outcome]}
                          style={{ whiteSpace: 'nowrap' }}
                        >
                          {OUTCOME_WORDS[result.outcome]}
                        </Text>
                      )}
                    </Table.Td>
                  );
                })}
                <Table.Td>
                  {row.examples.length === 0 ? (
                    <Text size="xs" c="dimmed">
                      none
                    </Text>
                  ) : (
                    <Stack gap={2}>
                      {row.examples.map((example) => (
                        <Text
                          key={`${example.index}:${example.over}`}
                          size="xs"
                          c={example.mismatch ? OUTCOME_COLORS.fires : OUTCOME_COLORS.quiet}
                        >
                          {example.index + 1} over {example.over}: {example.mismatch ?? 'holds'}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

function FiredRule(props: {
  compiled: CompiledSchemaSet;
  document: BenchDocument;
  field: string;
  message: string | undefined;
}) {
  const { compiled, document, field, message } = props;
  const [opened, setOpened] = useState(false);
  return (
    <Popover width={380} position="bottom-start" withArrow shadow="md" opened={opened} onChange={setOpened}>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((open) => !open)}
          aria-label={`fires on ${document.name}: ${message ?? ''}; show why`}
        >
          <Text size="xs" fw={600} c={OUTCOME_COLORS.fires} td="underline" style={{ whiteSpace: 'nowrap' }}>
            fires
          </Text>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        {opened && <Trace compiled={compiled} document={document} field={field} message={message} />}
      </Popover.Dropdown>
    </Popover>
  );
}

function Trace(props: {
  compiled: CompiledSchemaSet;
  document: BenchDocument;
  field: string;
  message?: string;
}) {
  const { compiled, document, field, message } = props;
  const explained = explainMessage(compiled, document.doc, document.ctx, field);
  return (
    <Stack gap={6}>
      <Text size="sm">
        <Code>{field}</Code> shows: {message}
      </Text>
      {explained && explained.message === message ? (
        <MessageExplanationView explained={explained} />
      ) : (
        <Text size="sm" c="dimmed">
          The field shows another message first{explained ? `: ${explained.message}` : ''}.
        </Text>
      )}
    </Stack>
  );
}
