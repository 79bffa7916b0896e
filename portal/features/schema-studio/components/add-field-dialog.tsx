/**
 * The add-field dialog of the fields editor (issue 37 "Adding a field without JSON"): key, label,
 * type, options with values and labels, and for each form whether it shows the field, in which
 * section and where; required or optional there. Default and required-when are set in the field's
 * panel once it exists. What is wrong is said before Add is enabled (model/add-field.ts).
 */
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { SchemaSet } from '../../../../engine/index.ts';
import {
  addField,
  type FieldPlacement,
  NEW_FIELD_TYPES,
  type NewField,
  newFieldProblem,
} from '../model/add-field.ts';
import type { EditableOption } from '../model/edit-schema-set.ts';

/** Props: the working copy, the keys in use, whether it is open, and what to do with the new set. */
export interface AddFieldDialogProps {
  set: SchemaSet;
  fieldKeys: string[];
  opened: boolean;
  onClose: () => void;
  /** The set with the field, and the field's key. */
  onAdd: (set: SchemaSet, key: string) => void;
}

/** The dialog; its inputs start empty each time it opens. */
export function AddFieldDialog(props: AddFieldDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Add a field" centered size="lg">
      {props.opened && <AddFieldForm {...props} />}
    </Modal>
  );
}

function AddFieldForm({ set, fieldKeys, onClose, onAdd }: AddFieldDialogProps) {
  const [key, setKey] = useState('');
  const [label, setLabel] = useState('');
  const [type, setType] = useState<NewField['type']>('string');
  const [options, setOptions] = useState<EditableOption[]>([]);
  const [placements, setPlacements] = useState<FieldPlacement[]>([]);
  const [required, setRequired] = useState(false);
  const field: NewField = { key: key.trim(), label, type, options, placements, required };
  const problem = newFieldProblem(set, fieldKeys, field);
  const placementOf = (formId: string) => placements.find((p) => p.formId === formId);
  const place = (formId: string, next: FieldPlacement | null) =>
    setPlacements((list) => [...list.filter((p) => p.formId !== formId), ...(next ? [next] : [])]);
  const setOption = (index: number, patch: Partial<EditableOption>) =>
    setOptions((list) => list.map((option, i) => (i === index ? { ...option, ...patch } : option)));
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <TextInput
          label="Key"
          description="Stored in documents; letters, digits, _"
          value={key}
          onChange={(e) => setKey(e.currentTarget.value)}
        />
        <TextInput
          label="Label"
          description="What agents read"
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
        />
        <Select
          label="Type"
          description="The value's kind"
          data={[...NEW_FIELD_TYPES]}
          value={type}
          allowDeselect={false}
          onChange={(value) => value && setType(value as NewField['type'])}
        />
      </Group>
      <Stack gap={4} component="section" aria-label="Options of the new field">
        <Text size="sm" fw={500}>
          Options{' '}
          {options.length === 0 && (
            <Text span size="xs" c="dimmed">
              (none: any value of its type)
            </Text>
          )}
        </Text>
        {options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their value may be empty or repeated while typed.
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`Value of new option ${index + 1}`}
              placeholder="Value"
              value={String(option.value ?? '')}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setOption(index, { value: type === 'string' || text === '' ? text : Number(text) });
              }}
            />
            <TextInput
              aria-label={`Label of new option ${index + 1}`}
              placeholder="Label"
              value={option.label}
              onChange={(e) => setOption(index, { label: e.currentTarget.value })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove new option ${index + 1}`}
              onClick={() => setOptions((list) => list.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          onClick={() => setOptions((list) => [...list, { value: '', label: '' }])}
        >
          Add an option
        </Button>
      </Stack>
      <Stack gap={6} component="section" aria-label="Where the field shows">
        <Text size="sm" fw={500}>
          Where it shows
        </Text>
        {set.forms.map((form) => {
          const placement = placementOf(form.id);
          const section = form.sections.find((s) => s.id === placement?.sectionId);
          return (
            <Group key={form.id} gap="xs" align="flex-end" wrap="nowrap">
              <Checkbox
                w={150}
                label={`In the ${form.id} form`}
                checked={placement !== undefined}
                onChange={(e) =>
                  place(
                    form.id,
                    e.currentTarget.checked
                      ? { formId: form.id, sectionId: form.sections[0]?.id ?? '', position: 0 }
                      : null,
                  )
                }
              />
              {placement && (
                <>
                  <Select
                    size="xs"
                    label={`Section in ${form.id}`}
                    data={form.sections.map((s) => ({ value: s.id, label: s.title }))}
                    value={placement.sectionId}
                    allowDeselect={false}
                    onChange={(value) =>
                      value && place(form.id, { ...placement, sectionId: value, position: 0 })
                    }
                  />
                  <Select
                    size="xs"
                    label={`Position in ${form.id}`}
                    data={[
                      { value: '0', label: 'First' },
                      ...(section?.fields ?? []).map((name, index) => ({
                        value: String(index + 1),
                        label: `After ${name}`,
                      })),
                    ]}
                    value={String(placement.position)}
                    allowDeselect={false}
                    onChange={(value) => value && place(form.id, { ...placement, position: Number(value) })}
                  />
                </>
              )}
            </Group>
          );
        })}
      </Stack>
      <Switch
        label="Required where it shows (else optional; set “required when” in its panel after)"
        checked={required}
        onChange={(e) => setRequired(e.currentTarget.checked)}
      />
      {problem && (
        <Alert color="yellow" variant="light" aria-live="polite" p="xs">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={problem !== null} onClick={() => onAdd(addField(set, field), field.key)}>
          Add the field
        </Button>
      </Group>
    </Stack>
  );
}
