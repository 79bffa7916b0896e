/**
 * The underwriting questions editor (issue 11): per outcome table (which products it covers is its
 * condition), each question's text, field, the answer that triggers it, block or warning, and the
 * message; add and remove questions.
 */
import {
  Accordion,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldOptions } from '../../../../engine/field-options.ts';
import type { CompiledSchemaSet, OutcomeQuestion, SchemaSet } from '../../../../engine/index.ts';
import type { ConditionVariable } from '../model/condition-variables.ts';
import { setPart, setQuestion } from '../model/edit-schema-set.ts';
import { ConditionBuilder } from './condition-builder.tsx';

/** Props: the working copy, its last good compile, the change, the builder's variables, editability. */
export interface QuestionsEditorProps {
  set: SchemaSet;
  compiled: CompiledSchemaSet;
  onChange: (set: SchemaSet) => void;
  variables: ConditionVariable[];
  editable: boolean;
}

/** The questions of a chosen outcome table. */
export function QuestionsEditor({ set, compiled, onChange, variables, editable }: QuestionsEditorProps) {
  const [tableIndex, setTableIndex] = useState(0);
  const [opened, setOpened] = useState<string | null>(null);
  const table = set.outcome_tables[tableIndex];
  if (!table) return <Text size="sm">The set has no underwriting tables.</Text>;
  const put = (index: number, question: OutcomeQuestion | null) =>
    onChange(setQuestion(set, tableIndex, index, question));
  const add = () => {
    let n = table.questions.length + 1;
    while (table.questions.some((question) => question.id === `${table.id}-question-${n}`)) n += 1;
    const id = `${table.id}-question-${n}`;
    const field = table.questions[0]?.field ?? compiled.fields[0];
    put(table.questions.length, {
      id,
      field,
      question: '',
      outcome: 'warning',
      when_answer: 'Yes',
      message: '',
    });
    setOpened(id);
  };
  return (
    <Stack gap="sm">
      <Select
        label="Underwriting table"
        data={set.outcome_tables.map((candidate, index) => ({ value: String(index), label: candidate.id }))}
        value={String(tableIndex)}
        allowDeselect={false}
        onChange={(value) => value !== null && setTableIndex(Number(value))}
        w={280}
      />
      <ConditionBuilder
        label="The table applies when"
        noneLabel="Applies to every application."
        logic={table.when === true ? undefined : table.when}
        onChange={(logic) => onChange(setPart(set, ['outcome_tables', tableIndex, 'when'], logic ?? true))}
        variables={variables}
        editable={editable}
      />
      <Accordion variant="separated" value={opened} onChange={setOpened}>
        {table.questions.map((question, index) => (
          <Accordion.Item key={question.id} value={question.id}>
            <Accordion.Control>
              <Text size="sm" fw={600}>
                {question.question || question.id}
              </Text>
              <Text size="xs" c="dimmed">
                {question.outcome === 'block' ? 'Blocks' : 'Warns'} when {question.field} ={' '}
                {String(question.when_answer)}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              {opened === question.id && (
                <QuestionForm
                  question={question}
                  compiled={compiled}
                  editable={editable}
                  onChange={(next) => put(index, next)}
                />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {editable && (
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add}>
            Add a question
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function QuestionForm(props: {
  question: OutcomeQuestion;
  compiled: CompiledSchemaSet;
  editable: boolean;
  onChange: (question: OutcomeQuestion | null) => void;
}) {
  const { question, compiled, editable, onChange } = props;
  const options = fieldOptions(compiled.properties[question.field] ?? {}) ?? [];
  const answers = options.map((option) => ({ key: JSON.stringify(option.value), ...option }));
  return (
    <Stack gap="sm">
      <Textarea
        label="Question"
        rows={2}
        readOnly={!editable}
        value={question.question}
        onChange={(event) => onChange({ ...question, question: event.currentTarget.value })}
      />
      <Group grow align="flex-start">
        <TextInput label="Id" readOnly value={question.id} />
        <Select
          label="Field"
          searchable
          disabled={!editable}
          data={compiled.fields}
          value={question.field}
          allowDeselect={false}
          onChange={(value) => value && onChange({ ...question, field: value })}
        />
        <Select
          label="Answer that triggers it"
          disabled={!editable}
          data={answers.map((answer) => ({ value: answer.key, label: answer.label }))}
          value={JSON.stringify(question.when_answer)}
          allowDeselect={false}
          onChange={(key) =>
            key !== null &&
            onChange({ ...question, when_answer: answers.find((answer) => answer.key === key)?.value })
          }
        />
      </Group>
      <SegmentedControl
        disabled={!editable}
        value={question.outcome}
        onChange={(value) => onChange({ ...question, outcome: value as OutcomeQuestion['outcome'] })}
        data={[
          { value: 'block', label: 'Blocks the launch' },
          { value: 'warning', label: 'Warns the agent' },
        ]}
        aria-label="Outcome"
      />
      <Textarea
        label="Message"
        rows={2}
        readOnly={!editable}
        value={question.message}
        onChange={(event) => onChange({ ...question, message: event.currentTarget.value })}
      />
      {editable && (
        <Group justify="flex-end">
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            onClick={() => onChange(null)}
          >
            Remove question
          </Button>
        </Group>
      )}
    </Stack>
  );
}
