/**
 * The cross rules editor (issue 11): each rule's field, when it runs (condition builder), what it
 * asserts (condition builder, or the raw JSON view for rules that compute params), its message
 * picked from the message keys with the text shown, and "skip when empty"; add and remove rules.
 */
import { Accordion, Button, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { CompiledSchemaSet, Rule, SchemaSet } from '../../../../engine/index.ts';
import type { ConditionVariable } from '../model/condition-variables.ts';
import { removeRule, setRule } from '../model/edit-schema-set.ts';
import { ConditionBuilder } from './condition-builder.tsx';

/** Props: the working copy, its last good compile, the change, the builder's variables, editability. */
export interface RulesEditorProps {
  set: SchemaSet;
  compiled: CompiledSchemaSet;
  onChange: (set: SchemaSet) => void;
  variables: ConditionVariable[];
  editable: boolean;
}

/** Every cross rule as an accordion item, and "Add a cross rule". */
export function RulesEditor({ set, compiled, onChange, variables, editable }: RulesEditorProps) {
  const [opened, setOpened] = useState<string | null>(null);
  const messageKeys = Object.keys(set.messages).map((key) => ({
    value: key,
    label: `${key}: ${set.messages[key]}`,
  }));
  const fields = compiled.fields.map((field) => ({ value: field, label: field }));
  const put = (index: number, rule: Rule) => onChange(setRule(set, 'cross_rules', index, rule));
  const add = () => {
    const field = compiled.fields[0];
    let n = set.cross_rules.length + 1;
    while (set.cross_rules.some((rule) => rule.id === `new-rule-${n}`)) n += 1;
    const id = `new-rule-${n}`;
    put(set.cross_rules.length, {
      id,
      field,
      assert: { '!!': { var: `doc.${field}` } },
      message: Object.keys(set.messages)[0] ?? 'invalid',
    });
    setOpened(id);
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        A cross rule checks one field against others. It runs when its condition holds and shows its message
        when the assertion is false; messages come in the form's field order.
      </Text>
      <Accordion variant="separated" value={opened} onChange={setOpened}>
        {set.cross_rules.map((rule, index) => (
          <Accordion.Item key={rule.id} value={rule.id}>
            <Accordion.Control>
              <Text size="sm" fw={600}>
                {rule.id}
              </Text>
              <Text size="xs" c="dimmed">
                {rule.field} · {set.messages[rule.message] ?? rule.message}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              {opened === rule.id && (
                <Stack gap="sm">
                  <Group grow>
                    <TextInput
                      label="Id"
                      readOnly={!editable}
                      value={rule.id}
                      onChange={(event) => {
                        put(index, { ...rule, id: event.currentTarget.value });
                        setOpened(event.currentTarget.value);
                      }}
                    />
                    <Select
                      label="Field"
                      searchable
                      disabled={!editable}
                      data={fields}
                      value={rule.field}
                      allowDeselect={false}
                      onChange={(value) => value && put(index, { ...rule, field: value })}
                    />
                  </Group>
                  <ConditionBuilder
                    label="Runs when"
                    noneLabel="Always runs (while the field applies)."
                    logic={rule.when}
                    onChange={(when) => {
                      const { when: _old, ...rest } = rule;
                      put(index, when === undefined ? rest : { ...rest, when });
                    }}
                    variables={variables}
                    editable={editable}
                  />
                  <ConditionBuilder
                    label="Passes when"
                    noneLabel="Always passes."
                    logic={rule.assert}
                    onChange={(assert) => put(index, { ...rule, assert: assert ?? true })}
                    variables={variables}
                    editable={editable}
                  />
                  <Select
                    label="Message"
                    description="Placeholders: {label}, {field_name} and the rule's params"
                    searchable
                    disabled={!editable}
                    data={messageKeys}
                    value={rule.message}
                    allowDeselect={false}
                    onChange={(value) => value && put(index, { ...rule, message: value })}
                  />
                  <Switch
                    label="Skip when the field is empty"
                    disabled={!editable}
                    checked={rule.skip_empty === true}
                    onChange={(event) => {
                      const { skip_empty: _old, ...rest } = rule;
                      put(index, event.currentTarget.checked ? { ...rest, skip_empty: true } : rest);
                    }}
                  />
                  {editable && (
                    <Group justify="flex-end">
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        leftSection={<IconTrash size={14} />}
                        onClick={() => onChange(removeRule(set, 'cross_rules', index))}
                      >
                        Remove rule
                      </Button>
                    </Group>
                  )}
                </Stack>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {editable && (
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add}>
            Add a cross rule
          </Button>
        </Group>
      )}
    </Stack>
  );
}
