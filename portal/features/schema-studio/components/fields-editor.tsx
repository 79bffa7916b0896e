/**
 * The fields editor (issue 11): a form's sections and fields; for the chosen field its label, help,
 * type, widget, span, whether it is required in this form, its default, its options, when it applies and
 * when it is required, each written into the working copy (model/edit-schema-set.ts).
 */
import {
  Badge,
  Button,
  Grid,
  Group,
  NavLink,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { memo, useCallback, useState } from 'react';
import { fieldOptions } from '../../../../engine/field-options.ts';
import type { CompiledSchemaSet, JsonLogic, SchemaSet } from '../../../../engine/index.ts';
import { WIDGET_NAMES } from '../../../../engine/widget-names.ts';
import { removeField } from '../model/add-field.ts';
import type { ConditionVariable } from '../model/condition-variables.ts';
import { valueTypeOf } from '../model/condition-variables.ts';
import {
  declaredFieldSchema,
  setFieldCondition,
  setFieldKeyword,
  setFormFieldUi,
  setRequiredInForm,
} from '../model/edit-schema-set.ts';
import { AddFieldDialog } from './add-field-dialog.tsx';
import { ConditionBuilder } from './condition-builder.tsx';
import { OptionsEditor } from './options-editor.tsx';

/** The JSON Schema types a field's value may be changed to. */
const FIELD_TYPES = ['string', 'number', 'integer', 'boolean'];

/** A new working copy, or how to make one from the latest (React's state setter takes both). */
type SetChange = (next: SchemaSet | ((current: SchemaSet) => SchemaSet)) => void;

/** Props: the working copy, its last good compile, the change, the builder's variables, editability. */
export interface FieldsEditorProps {
  set: SchemaSet;
  compiled: CompiledSchemaSet;
  onChange: SetChange;
  variables: ConditionVariable[];
  editable: boolean;
}

/** Fields of a chosen form by section, and the editor of the chosen field. */
export function FieldsEditor({ set, compiled, onChange, variables, editable }: FieldsEditorProps) {
  const [formId, setFormId] = useState(set.forms[0]?.id ?? '');
  const form = set.forms.find((candidate) => candidate.id === formId) ?? set.forms[0];
  const [field, setField] = useState<string | null>(form?.sections[0]?.fields[0] ?? null);
  const [adding, setAdding] = useState(false);
  if (!form) return <Text size="sm">The set has no forms.</Text>;
  return (
    <Grid>
      <AddFieldDialog
        set={set}
        fieldKeys={compiled.fields}
        opened={adding}
        onClose={() => setAdding(false)}
        onAdd={(next, key) => {
          onChange(next);
          setAdding(false);
          setField(key);
        }}
      />
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="xs">
          {editable && (
            <Button variant="light" size="xs" w="fit-content" onClick={() => setAdding(true)}>
              Add a field
            </Button>
          )}
          <Select
            label="Form"
            data={set.forms.map((candidate) => candidate.id)}
            value={form.id}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              setFormId(value);
              setField(set.forms.find((candidate) => candidate.id === value)?.sections[0]?.fields[0] ?? null);
            }}
          />
          <ScrollArea.Autosize
            mah={560}
            type="auto"
            scrollbars="y"
            viewportProps={{ tabIndex: 0, 'aria-label': 'Fields of the form, scrollable' }}
          >
            <nav aria-label="Fields of the form">
              {form.sections.map((section) => (
                <div key={section.id}>
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed" mt="xs" mb={2}>
                    {section.title}
                  </Text>
                  {section.fields.map((name) => (
                    <FieldLink
                      key={name}
                      name={name}
                      title={fieldTitle(compiled, name)}
                      active={name === field}
                      onPick={setField}
                    />
                  ))}
                </div>
              ))}
            </nav>
          </ScrollArea.Autosize>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        {field && compiled.properties[field] ? (
          <FieldPanel
            key={`${form.id}:${field}`}
            set={set}
            compiled={compiled}
            formId={form.id}
            field={field}
            onChange={onChange}
            onRemoved={() => setField(form.sections[0]?.fields[0] ?? null)}
            variables={variables}
            editable={editable}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Choose a field.
          </Text>
        )}
      </Grid.Col>
    </Grid>
  );
}

/**
 * One field of the list; drawn again only when its label or whether it is chosen changes, so a
 * keystroke in a label redraws that one link, not the form's hundred (ADR 781).
 */
const FieldLink = memo(function FieldLink(props: {
  name: string;
  title: string;
  active: boolean;
  onPick: (name: string) => void;
}) {
  const { name, title, active, onPick } = props;
  return <NavLink label={title} description={name} active={active} onClick={() => onPick(name)} py={4} />;
});

function fieldTitle(compiled: CompiledSchemaSet, field: string): string {
  const title = compiled.properties[field]?.title;
  return typeof title === 'string' ? title : field;
}

function FieldPanel(props: {
  set: SchemaSet;
  compiled: CompiledSchemaSet;
  formId: string;
  field: string;
  onChange: SetChange;
  onRemoved: () => void;
  variables: ConditionVariable[];
  editable: boolean;
}) {
  const { set, compiled, formId, field, onChange, variables, editable } = props;
  const [removing, setRemoving] = useState(false);
  const declared = declaredFieldSchema(set, field);
  const resolved = compiled.properties[field];
  const form = set.forms.find((candidate) => candidate.id === formId);
  const ui = form?.ui?.[field] ?? {};
  const required = !(form?.optional ?? []).includes(field);
  // Stable, each writing into the latest working copy, so a keystroke in the label does not redraw
  // the type, widget and width inputs or the two condition builders (ADR 781).
  const keyword = useCallback(
    (name: string, value: unknown) => onChange((current) => setFieldKeyword(current, field, name, value)),
    [onChange, field],
  );
  const onApplicability = useCallback(
    (logic: JsonLogic | undefined) =>
      onChange((current) => setFieldCondition(current, 'applicability', field, logic)),
    [onChange, field],
  );
  const onRequiredWhen = useCallback(
    (logic: JsonLogic | undefined) =>
      onChange((current) => setFieldCondition(current, 'required_when', field, logic)),
    [onChange, field],
  );
  return (
    <Stack gap="sm" component="section" aria-label={`Field ${field}`}>
      <div>
        <Text fw={600}>{fieldTitle(compiled, field)}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {field} · {valueTypeOf(resolved)}
          {field in (set.computed ?? {}) && (
            <Badge ml="xs" size="xs" variant="light">
              computed
            </Badge>
          )}
        </Text>
      </div>
      <TextInput
        label="Label"
        readOnly={!editable}
        value={typeof declared.title === 'string' ? declared.title : ''}
        onChange={(event) => keyword('title', event.currentTarget.value || undefined)}
      />
      <TextInput
        label="Help text"
        description={`Shown under the field in the ${formId} form`}
        readOnly={!editable}
        value={ui.help ?? ''}
        onChange={(event) =>
          onChange(setFormFieldUi(set, formId, field, { help: event.currentTarget.value || undefined }))
        }
      />
      <FieldKindInputs
        field={field}
        formId={formId}
        type={typeof declared.type === 'string' ? declared.type : null}
        widget={typeof declared['x-widget'] === 'string' ? declared['x-widget'] : null}
        span={ui.span}
        editable={editable}
        onKeyword={keyword}
        onChange={onChange}
      />
      <Switch
        label={`Required in the ${formId} form`}
        disabled={!editable}
        checked={required}
        onChange={(event) => onChange(setRequiredInForm(set, formId, field, event.currentTarget.checked))}
      />
      <DefaultInput
        schema={resolved}
        value={declared.default}
        editable={editable}
        onChange={(value) => keyword('default', value)}
      />
      <OptionsEditor set={set} field={field} onChange={onChange} editable={editable} />
      <ConditionBuilder
        label="Applies when"
        noneLabel="Applies wherever its form shows it."
        logic={set.applicability[field]}
        onChange={onApplicability}
        variables={variables}
        editable={editable}
      />
      <ConditionBuilder
        label="Required when (even where the form lists it as optional)"
        noneLabel="No extra condition."
        logic={set.required_when?.[field]}
        onChange={onRequiredWhen}
        variables={variables}
        editable={editable}
      />
      {editable &&
        (removing ? (
          <Stack gap={4} component="section" aria-label={`Remove ${field}`}>
            <Text size="sm">
              {field} leaves every form, and publishing adds the migration step “drop {field}”: stored
              applications lose its value when they move to the new version.
            </Text>
            <Group gap="xs">
              <Button
                color="red"
                size="xs"
                onClick={() => {
                  onChange(removeField(set, field));
                  props.onRemoved();
                }}
              >
                Remove {field} with its migration step
              </Button>
              <Button variant="default" size="xs" onClick={() => setRemoving(false)}>
                Keep it
              </Button>
            </Group>
          </Stack>
        ) : (
          <Button variant="subtle" color="red" size="xs" w="fit-content" onClick={() => setRemoving(true)}>
            Remove this field
          </Button>
        ))}
    </Stack>
  );
}

/**
 * The field's type, widget and width: drawn again only when one of them changes, not on each
 * keystroke elsewhere in the field (two Selects and their option lists; ADR 781). Writes into the
 * latest working copy.
 */
const FieldKindInputs = memo(function FieldKindInputs(props: {
  field: string;
  formId: string;
  type: string | null;
  widget: string | null;
  span: number | undefined;
  editable: boolean;
  /** Writes one keyword of the field's schema. */
  onKeyword: (name: string, value: unknown) => void;
  onChange: SetChange;
}) {
  const { field, formId, type, widget, span, editable, onKeyword: keyword, onChange } = props;
  return (
    <Grid>
      <Grid.Col span={4}>
        <Select
          label="Type"
          description={type === null ? 'From its option list or Raw JSON' : undefined}
          disabled={!editable || type === null}
          data={FIELD_TYPES}
          value={type}
          allowDeselect={false}
          onChange={(value) => value && keyword('type', value)}
        />
      </Grid.Col>
      <Grid.Col span={4}>
        <Select
          label="Widget"
          disabled={!editable}
          data={WIDGET_NAMES}
          placeholder="By type"
          clearable
          value={widget}
          onChange={(value) => keyword('x-widget', value ?? undefined)}
        />
      </Grid.Col>
      <Grid.Col span={4}>
        <NumberInput
          label="Width (of 12 columns)"
          min={1}
          max={12}
          disabled={!editable}
          placeholder="6"
          value={span ?? ''}
          onChange={(value) =>
            onChange((current) =>
              setFormFieldUi(current, formId, field, { span: typeof value === 'number' ? value : undefined }),
            )
          }
        />
      </Grid.Col>
    </Grid>
  );
});

function DefaultInput(props: {
  schema: Record<string, unknown>;
  value: unknown;
  editable: boolean;
  onChange: (value: unknown) => void;
}) {
  const { schema, value, editable, onChange } = props;
  const options = fieldOptions(schema);
  if (options) {
    const entries = options.map((option) => ({ key: JSON.stringify(option.value), ...option }));
    return (
      <Select
        label="Default"
        disabled={!editable}
        clearable
        placeholder="None"
        data={entries.map((entry) => ({ value: entry.key, label: entry.label }))}
        value={value === undefined ? null : JSON.stringify(value)}
        onChange={(key) =>
          onChange(key === null ? undefined : entries.find((entry) => entry.key === key)?.value)
        }
      />
    );
  }
  if (valueTypeOf(schema) === 'number') {
    return (
      <NumberInput
        label="Default"
        disabled={!editable}
        placeholder="None"
        value={typeof value === 'number' ? value : ''}
        onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
      />
    );
  }
  return (
    <TextInput
      label="Default"
      readOnly={!editable}
      placeholder="None"
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value || undefined)}
    />
  );
}
