/**
 * The condition builder (issue 11): all/any groups of comparisons (variable, operator, value) that
 * write JSON-logic and read it back (model/condition-model.ts). A condition the builder cannot
 * show is named as such, with a pointer to the raw JSON view; `undefined` means "always".
 */
import {
  ActionIcon,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import type { JsonLogic } from '../../../../engine/index.ts';
import {
  COMPARE_OPERATORS,
  type Comparison,
  type Condition,
  type ConditionGroup,
  conditionFromLogic,
  conditionToLogic,
  LIST_OPERATORS,
  newComparison,
  UNARY_OPERATORS,
} from '../model/condition-model.ts';
import type { ConditionVariable } from '../model/condition-variables.ts';

/** Props: the condition (undefined: none, i.e. always), its change, the variables, and whether it may change. */
export interface ConditionBuilderProps {
  label: string;
  logic: JsonLogic | undefined;
  onChange: (logic: JsonLogic | undefined) => void;
  variables: ConditionVariable[];
  editable: boolean;
  /** Words for "no condition" (e.g. "Always applies"). */
  noneLabel: string;
}

/**
 * The builder of one condition, with a switch between "none" and a condition; drawn again only
 * when its props change (the studio keeps its variables and changes the same while they are).
 */
export const ConditionBuilder = memo(function ConditionBuilder(props: ConditionBuilderProps) {
  const { label, logic, onChange, variables, editable, noneLabel } = props;
  const condition = logic === undefined ? undefined : conditionFromLogic(logic);
  const first = variables[0]?.value ?? 'doc.field';
  return (
    <Card withBorder radius="sm" padding="sm" component="fieldset" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={600} component="legend">
            {label}
          </Text>
          <Switch
            label="Conditional"
            checked={logic !== undefined}
            disabled={!editable}
            onChange={(event) =>
              onChange(
                event.currentTarget.checked
                  ? conditionToLogic({
                      kind: 'group',
                      combinator: 'all',
                      negated: false,
                      items: [newComparison(first)],
                    })
                  : undefined,
              )
            }
          />
        </Group>
        {logic === undefined || condition === undefined ? (
          <Text size="sm" c="dimmed">
            {noneLabel}
          </Text>
        ) : condition === null ? (
          <Text size="sm" c="dimmed">
            This condition uses logic the builder does not show (arithmetic, if, custom operators); change it
            in the Raw JSON tab.
          </Text>
        ) : (
          <ConditionNode
            condition={condition}
            onChange={(next) => onChange(conditionToLogic(next))}
            variables={variables}
            editable={editable}
            depth={0}
          />
        )}
      </Stack>
    </Card>
  );
});

function ConditionNode(props: {
  condition: Condition;
  onChange: (condition: Condition) => void;
  onRemove?: () => void;
  variables: ConditionVariable[];
  editable: boolean;
  depth: number;
}) {
  const { condition } = props;
  if (condition.kind === 'compare') return <ComparisonRow {...props} comparison={condition} />;
  return <GroupNode {...props} group={condition} />;
}

function GroupNode(props: {
  group: ConditionGroup;
  onChange: (condition: Condition) => void;
  onRemove?: () => void;
  variables: ConditionVariable[];
  editable: boolean;
  depth: number;
}) {
  const { group, onChange, variables, editable, depth } = props;
  const setItem = (index: number, item: Condition) =>
    onChange({ ...group, items: group.items.map((old, at) => (at === index ? item : old)) });
  const removeItem = (index: number) =>
    onChange({ ...group, items: group.items.filter((_, at) => at !== index) });
  const first = variables[0]?.value ?? 'doc.field';
  return (
    <Stack
      gap={6}
      pl={depth > 0 ? 'sm' : 0}
      style={depth > 0 ? { borderLeft: '2px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Group gap="xs">
        <SegmentedControl
          size="xs"
          disabled={!editable}
          value={group.combinator}
          onChange={(value) => onChange({ ...group, combinator: value as ConditionGroup['combinator'] })}
          data={[
            { value: 'all', label: 'All of' },
            { value: 'any', label: 'Any of' },
          ]}
          aria-label="Combine with"
        />
        <Switch
          size="xs"
          label="Not"
          disabled={!editable}
          checked={group.negated}
          onChange={(event) => onChange({ ...group, negated: event.currentTarget.checked })}
        />
        {props.onRemove && editable && (
          <ActionIcon variant="subtle" color="red" aria-label="Remove group" onClick={props.onRemove}>
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
      {group.items.map((item, index) => (
        <ConditionNode
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity but their place
          key={index}
          condition={item}
          onChange={(next) => setItem(index, next)}
          onRemove={() => removeItem(index)}
          variables={variables}
          editable={editable}
          depth={depth + 1}
        />
      ))}
      {editable && (
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange({ ...group, items: [...group.items, newComparison(first)] })}
          >
            Comparison
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={() =>
              onChange({
                ...group,
                items: [
                  ...group.items,
                  { kind: 'group', combinator: 'any', negated: false, items: [newComparison(first)] },
                ],
              })
            }
          >
            Group
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ComparisonRow(props: {
  comparison: Comparison;
  onChange: (condition: Condition) => void;
  onRemove?: () => void;
  variables: ConditionVariable[];
  editable: boolean;
}) {
  const { comparison, onChange, variables, editable } = props;
  const variable = variables.find((candidate) => candidate.value === comparison.variable);
  const data = variable
    ? variables
    : [...variables, { value: comparison.variable, label: comparison.variable, type: 'string' as const }];
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Select
        size="xs"
        aria-label="Field"
        searchable
        disabled={!editable}
        data={data.map(({ value, label }) => ({ value, label }))}
        value={comparison.variable}
        onChange={(value) => value && onChange({ ...comparison, variable: value })}
        w={200}
      />
      <Select
        size="xs"
        aria-label="Operator"
        disabled={!editable}
        data={[...COMPARE_OPERATORS]}
        value={comparison.operator}
        allowDeselect={false}
        onChange={(value) => {
          const operator = value as Comparison['operator'];
          const list = LIST_OPERATORS.has(operator);
          const value0 = UNARY_OPERATORS.has(operator)
            ? undefined
            : list
              ? Array.isArray(comparison.value)
                ? comparison.value
                : []
              : Array.isArray(comparison.value)
                ? (comparison.value[0] ?? '')
                : (comparison.value ?? '');
          onChange({ ...comparison, operator, value: value0 });
        }}
        w={100}
      />
      {!UNARY_OPERATORS.has(comparison.operator) && (
        <ValueInput
          comparison={comparison}
          variable={variable}
          editable={editable}
          onChange={(value) => onChange({ ...comparison, value })}
        />
      )}
      {props.onRemove && editable && (
        <ActionIcon variant="subtle" color="red" aria-label="Remove comparison" onClick={props.onRemove}>
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** Option values keyed by their text (Mantine selects hold strings). */
function optionEntries(variable: ConditionVariable | undefined) {
  return (variable?.options ?? []).map((option) => ({ key: JSON.stringify(option.value), ...option }));
}

function ValueInput(props: {
  comparison: Comparison;
  variable: ConditionVariable | undefined;
  editable: boolean;
  onChange: (value: unknown) => void;
}) {
  const { comparison, variable, editable, onChange } = props;
  const options = optionEntries(variable);
  const fromKey = (key: string) => options.find((option) => option.key === key)?.value ?? key;
  if (LIST_OPERATORS.has(comparison.operator)) {
    const values = Array.isArray(comparison.value) ? comparison.value : [];
    const data = [
      ...options.map((option) => ({ value: option.key, label: option.label })),
      ...values
        .map((value) => JSON.stringify(value))
        .filter((key) => !options.some((option) => option.key === key))
        .map((key) => ({ value: key, label: key })),
    ];
    return (
      <MultiSelect
        size="xs"
        aria-label="Values"
        disabled={!editable}
        searchable
        data={data}
        value={values.map((value) => JSON.stringify(value))}
        onChange={(keys) => onChange(keys.map(fromKey))}
        style={{ flex: 1 }}
      />
    );
  }
  if (options.length > 0) {
    return (
      <Select
        size="xs"
        aria-label="Value"
        disabled={!editable}
        searchable
        data={options.map((option) => ({ value: option.key, label: option.label }))}
        value={JSON.stringify(comparison.value)}
        onChange={(key) => key !== null && onChange(fromKey(key))}
        style={{ flex: 1 }}
      />
    );
  }
  if (variable?.type === 'number') {
    return (
      <NumberInput
        size="xs"
        aria-label="Value"
        disabled={!editable}
        value={typeof comparison.value === 'number' ? comparison.value : ''}
        onChange={(value) => onChange(typeof value === 'number' ? value : Number(value))}
        style={{ flex: 1 }}
      />
    );
  }
  if (variable?.type === 'boolean') {
    return (
      <Select
        size="xs"
        aria-label="Value"
        disabled={!editable}
        data={['true', 'false']}
        value={String(comparison.value === true)}
        onChange={(value) => onChange(value === 'true')}
        style={{ flex: 1 }}
      />
    );
  }
  return (
    <TextInput
      size="xs"
      aria-label="Value"
      disabled={!editable}
      value={comparison.value === undefined || comparison.value === null ? '' : String(comparison.value)}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={{ flex: 1 }}
    />
  );
}
