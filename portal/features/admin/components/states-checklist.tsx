/**
 * Multi-select of US states as a filterable checklist (approved states of a company, licensed
 * states of an agent), with select-all and clear for the visible states.
 */
import { Button, Checkbox, Group, ScrollArea, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { US_STATE_OPTIONS } from '../api/us-state-options.ts';

/** Props: the chosen codes, the change handler, an accessible group label and an error. */
export interface StatesChecklistProps {
  value: string[];
  onChange: (codes: string[]) => void;
  label: string;
  error?: string | null;
}

/** Checklist of every state and territory; keeps the chosen codes in the constants' order. */
export function StatesChecklist({ value, onChange, label, error }: StatesChecklistProps) {
  const [filter, setFilter] = useState('');
  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return US_STATE_OPTIONS;
    return US_STATE_OPTIONS.filter(
      (option) => option.label.toLowerCase().includes(needle) || option.value.toLowerCase() === needle,
    );
  }, [filter]);
  const ordered = (codes: Set<string>) =>
    US_STATE_OPTIONS.map((option) => option.value).filter((code) => codes.has(code));

  return (
    <Checkbox.Group
      label={label}
      description={`${value.length} selected`}
      value={value}
      onChange={(codes) => onChange(ordered(new Set(codes)))}
      error={error}
    >
      <Group gap="xs" mt="xs" mb="xs" align="flex-end">
        <TextInput
          placeholder="Filter states"
          aria-label="Filter states"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          size="xs"
          onClick={() => onChange(ordered(new Set([...value, ...visible.map((option) => option.value)])))}
        >
          Select all
        </Button>
        <Button
          variant="default"
          size="xs"
          onClick={() => {
            const hidden = new Set(visible.map((option) => option.value));
            onChange(value.filter((code) => !hidden.has(code)));
          }}
        >
          Clear
        </Button>
      </Group>
      <ScrollArea.Autosize mah={260} type="auto">
        {visible.length === 0 ? (
          <Text size="sm" c="dimmed">
            No state matches the filter.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={6} verticalSpacing={6}>
            {visible.map((option) => (
              <Checkbox key={option.value} value={option.value} label={`${option.label} (${option.value})`} />
            ))}
          </SimpleGrid>
        )}
      </ScrollArea.Autosize>
    </Checkbox.Group>
  );
}
