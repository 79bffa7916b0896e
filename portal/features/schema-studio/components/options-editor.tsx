/**
 * The option list editor of one field (issue 11): each option's stored value and the label agents
 * read, add and remove, written where the list lives (the field's own schema, or the shared
 * constants document it takes by `$ref`, named with the other fields that use it). Values are typed
 * by the list's type. Renaming a label keeps the stored value; changing or removing a value is a
 * remap the migrations tab proposes (issue 37).
 */
import { ActionIcon, Alert, Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { SchemaSet } from '../../../../engine/index.ts';
import { type EditableOption, optionSource, setFieldOptions } from '../model/edit-schema-set.ts';

/** Props: the working copy, the field, the change, and whether it may change. */
export interface OptionsEditorProps {
  set: SchemaSet;
  field: string;
  onChange: (set: SchemaSet) => void;
  editable: boolean;
}

/** The options of `field`, or nothing when it has no option list. */
export function OptionsEditor({ set, field, onChange, editable }: OptionsEditorProps) {
  const source = optionSource(set, field);
  if (!source) return null;
  const numeric = source.valueType === 'number' || source.valueType === 'integer';
  const write = (options: EditableOption[]) => onChange(setFieldOptions(set, field, options));
  const change = (index: number, patch: Partial<EditableOption>) =>
    write(source.options.map((option, at) => (at === index ? { ...option, ...patch } : option)));
  const duplicate = (value: EditableOption['value'], index: number) =>
    source.options.some((option, at) => at !== index && option.value === value);
  return (
    <Stack gap="xs" component="section" aria-label="Options">
      <Text size="sm" fw={600}>
        Options
      </Text>
      {source.sharedId && source.sharedWith.length > 0 && (
        <Alert color="blue" variant="light" p="xs">
          <Text size="xs">This list is shared: changing it also changes {source.sharedWith.join(', ')}.</Text>
        </Alert>
      )}
      <Table verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Stored value</Table.Th>
            <Table.Th>Label agents read</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {source.options.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an option's value is what is being edited
            <Table.Tr key={index}>
              <Table.Td>
                {numeric ? (
                  <NumberInput
                    size="xs"
                    aria-label={`Value of option ${index + 1}`}
                    readOnly={!editable}
                    value={typeof option.value === 'number' ? option.value : ''}
                    error={duplicate(option.value, index) ? 'Listed twice' : undefined}
                    onChange={(value) => change(index, { value: typeof value === 'number' ? value : null })}
                  />
                ) : (
                  <TextInput
                    size="xs"
                    aria-label={`Value of option ${index + 1}`}
                    readOnly={!editable}
                    value={String(option.value ?? '')}
                    error={duplicate(option.value, index) ? 'Listed twice' : undefined}
                    onChange={(event) =>
                      // In a plain list the label is the value: it follows until it is given its own.
                      change(index, {
                        value: event.currentTarget.value,
                        ...(source.style === 'enum' ? { label: event.currentTarget.value } : {}),
                      })
                    }
                  />
                )}
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={`Label of option ${index + 1}`}
                  readOnly={!editable}
                  value={option.label}
                  onChange={(event) => change(index, { label: event.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                {editable && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove option ${option.label}`}
                    onClick={() => write(source.options.filter((_, at) => at !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editable && (
        <Group>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => write([...source.options, { value: numeric ? null : '', label: '' }])}
          >
            Add option
          </Button>
        </Group>
      )}
    </Stack>
  );
}
