/**
 * The statement of values editor: one card per building (location, building value, contents value,
 * business income, construction, occupancy, year built, stories), add and remove rows, totals.
 * docs/api.md sov/submit-statement-of-values.
 */
import {
  ActionIcon,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { formatCurrency } from '../../../../engine/index.ts';
import commercialBuildingTypes from '../../../../schemas/constants/commercial-building-types.json' with {
  type: 'json',
};
import constructionTypes from '../../../../schemas/constants/construction-types.json' with { type: 'json' };
import type { SovBuilding } from '../api/sov-quote-types.ts';
import {
  emptySovBuilding,
  SOV_STORIES_MAX,
  SOV_STORIES_MIN,
  type SovRowErrors,
  sovTotals,
} from './sov-buildings.ts';

/** Props: the rows, their change, per-row errors (shown after a submit attempt) and disabled. */
export interface StatementOfValuesEditorProps {
  rows: SovBuilding[];
  onChange: (rows: SovBuilding[]) => void;
  errors: SovRowErrors[];
  disabled?: boolean;
}

/** Options of a select, keeping a prefilled value that the list does not have. */
function optionsWith(list: string[], value: string): string[] {
  return value && !list.includes(value) ? [value, ...list] : list;
}

function toNumber(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return value.trim() === '' ? null : Number(value);
}

/** Editable list of buildings with totals. */
export function StatementOfValuesEditor({ rows, onChange, errors, disabled }: StatementOfValuesEditorProps) {
  const update = (index: number, patch: Partial<SovBuilding>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const totals = sovTotals(rows);

  const money = (
    index: number,
    key: 'building_value' | 'contents_value' | 'business_income',
    label: string,
  ) => (
    <NumberInput
      label={label}
      prefix="$"
      thousandSeparator=","
      allowNegative={false}
      decimalScale={0}
      min={0}
      value={rows[index][key] ?? ''}
      onChange={(value) => update(index, { [key]: toNumber(value) })}
      error={errors[index]?.[key]}
      disabled={disabled}
      required
    />
  );

  return (
    <Stack gap="md">
      {rows.map((row, index) => (
        // Rows have no id of their own; the index is their identity while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Card key={index} withBorder radius="md" padding="md" aria-label={`Building ${index + 1}`}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>Building {index + 1}</Text>
              <Tooltip label="Remove building" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove building ${index + 1}`}
                  disabled={disabled || rows.length === 1}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Grid gap="sm">
              <Grid.Col span={12}>
                <TextInput
                  label="Location"
                  value={row.location}
                  onChange={(e) => update(index, { location: e.currentTarget.value })}
                  error={errors[index]?.location}
                  disabled={disabled}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                {money(index, 'building_value', 'Building value')}
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                {money(index, 'contents_value', 'Contents value')}
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                {money(index, 'business_income', 'Business income')}
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <Select
                  label="Construction"
                  data={optionsWith(constructionTypes.enum, row.construction)}
                  value={row.construction || null}
                  onChange={(value) => update(index, { construction: value ?? '' })}
                  error={errors[index]?.construction}
                  disabled={disabled}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <Select
                  label="Occupancy"
                  data={optionsWith(commercialBuildingTypes.enum, row.occupancy)}
                  value={row.occupancy || null}
                  onChange={(value) => update(index, { occupancy: value ?? '' })}
                  error={errors[index]?.occupancy}
                  searchable
                  disabled={disabled}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberInput
                  label="Year built"
                  allowNegative={false}
                  allowDecimal={false}
                  maxLength={4}
                  value={row.year_built ?? ''}
                  onChange={(value) => update(index, { year_built: toNumber(value) })}
                  error={errors[index]?.year_built}
                  disabled={disabled}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberInput
                  label="Stories"
                  allowNegative={false}
                  allowDecimal={false}
                  min={SOV_STORIES_MIN}
                  max={SOV_STORIES_MAX}
                  value={row.stories ?? ''}
                  onChange={(value) => update(index, { stories: toNumber(value) })}
                  error={errors[index]?.stories}
                  disabled={disabled}
                  required
                />
              </Grid.Col>
            </Grid>
          </Stack>
        </Card>
      ))}
      <Group justify="space-between" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...rows, emptySovBuilding()])}
          disabled={disabled}
        >
          Add building
        </Button>
        <Text size="sm" aria-label="Statement totals">
          {rows.length} building{rows.length === 1 ? '' : 's'} · Building {formatCurrency(totals.building)} ·
          Contents {formatCurrency(totals.contents)} · Business income{' '}
          {formatCurrency(totals.business_income)}
          {' · '}
          <Text span fw={700}>
            Total insured value {formatCurrency(totals.total)}
          </Text>
        </Text>
      </Group>
    </Stack>
  );
}
