/**
 * The raw JSON view (issue 11), for everything the editors do not cover: one part of the working
 * copy (a schema, a form, a rule list, the messages...) as JSON text, checked as it is typed —
 * syntax errors at their line and column, and the lint problems of the part at theirs. A text that
 * parses replaces the part in the working copy; one that does not leaves the copy as it was.
 */
import { Alert, Group, List, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { LintProblem, SchemaSet } from '../../../../engine/index.ts';
import { partAt, setPart } from '../model/edit-schema-set.ts';
import { lineOfPath, parseJsonWithLines } from '../model/json-lines.ts';

/** Props: the working copy, the change, its current lint problems, and whether it may change. */
export interface RawJsonEditorProps {
  set: SchemaSet;
  onChange: (set: SchemaSet) => void;
  problems: LintProblem[];
  editable: boolean;
}

type PartPath = (string | number)[];

/** Every part the view offers: each schema by `$id`, each form and table by id, each other key whole. */
function partsOf(set: SchemaSet): { value: string; label: string; path: PartPath }[] {
  const listed = (
    key: 'schemas' | 'forms' | 'outcome_tables',
    name: (item: Record<string, unknown>, index: number) => string,
  ) =>
    (set[key] as unknown as Record<string, unknown>[]).map((item, index) => ({
      value: `${key}/${index}`,
      label: name(item, index),
      path: [key, index],
    }));
  const others = (Object.keys(set) as (keyof SchemaSet)[])
    .filter((key) => key !== 'schemas' && key !== 'forms' && key !== 'outcome_tables')
    .map((key) => ({ value: key, label: key.replaceAll('_', ' '), path: [key] }));
  return [
    ...listed('schemas', (schema, index) => `Schema ${String(schema.$id ?? index)}`),
    ...listed('forms', (form) => `Form ${String(form.id)}`),
    ...listed('outcome_tables', (table) => `Underwriting ${String(table.id)}`),
    ...others,
  ];
}

const startsWith = (path: (string | number)[], prefix: PartPath) =>
  prefix.every((part, index) => String(path[index]) === String(part));

/** The part picker and its JSON text. */
export function RawJsonEditor({ set, onChange, problems, editable }: RawJsonEditorProps) {
  const parts = useMemo(() => partsOf(set), [set]);
  const [chosen, setChosen] = useState(
    parts.find((part) => part.value === 'cross_rules')?.value ?? parts[0].value,
  );
  const part = parts.find((candidate) => candidate.value === chosen) ?? parts[0];
  return (
    <Stack gap="sm">
      <Select
        label="Part of the schema set"
        searchable
        data={parts.map(({ value, label }) => ({ value, label }))}
        value={part.value}
        allowDeselect={false}
        onChange={(value) => value && setChosen(value)}
        maw={480}
      />
      <PartText
        key={part.value}
        set={set}
        path={part.path}
        onChange={onChange}
        problems={problems.filter((problem) => startsWith(problem.path, part.path))}
        editable={editable}
      />
    </Stack>
  );
}

function PartText(props: {
  set: SchemaSet;
  path: PartPath;
  onChange: (set: SchemaSet) => void;
  problems: LintProblem[];
  editable: boolean;
}) {
  const { set, path, onChange, problems, editable } = props;
  const [text, setText] = useState(() => JSON.stringify(partAt(set, path), null, 2));
  const parsed = useMemo(() => parseJsonWithLines(text), [text]);
  const located = useMemo(
    () =>
      'value' in parsed
        ? problems.map((problem) => ({ problem, line: lineOfPath(text, problem.path.slice(path.length)) }))
        : [],
    [parsed, problems, text, path],
  );
  return (
    <Stack gap="xs">
      <Textarea
        aria-label="JSON of the part"
        value={text}
        readOnly={!editable}
        rows={24}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          const result = parseJsonWithLines(next);
          if ('value' in result) onChange(setPart(set, path, result.value));
        }}
      />
      {'errors' in parsed ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="Not valid JSON: the draft keeps the last valid text"
        >
          <List size="sm">
            {parsed.errors.map((error) => (
              <List.Item key={`${error.line}:${error.column}:${error.message}`}>
                Line {error.line}, column {error.column}: {error.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : located.length > 0 ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Problems in this part">
          <List size="sm">
            {located.map(({ problem, line }) => (
              <List.Item key={`${problem.kind}:${problem.path.join('/')}`}>
                {line !== null ? `Line ${line}: ` : ''}
                {problem.message} ({problem.kind})
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Group gap="xs">
          <Text size="sm" c="var(--mantine-color-green-text)">
            Valid JSON; no problem in this part.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
