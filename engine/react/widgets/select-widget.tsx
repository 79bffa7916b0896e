import { MultiSelect, Select } from '@mantine/core';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { useCallback, useMemo } from 'react';
import { useWidgetBlur } from '../use-widget-blur.ts';
import { widgetInputProps } from '../widget-input-props.ts';
import { optionIndex } from './option-index.ts';

/** Above this many options the list gets a search box (e.g. 60 state codes, 40 zone codes). */
export const SEARCHABLE_FROM = 11;

/**
 * A choice from the field's option list (`enum` or `oneOf` consts, labels from their titles).
 * Options are keyed by position, so numbers, strings and booleans round-trip with their JSON
 * type. Searchable from SEARCHABLE_FROM options; clearable (to null) when the field is optional.
 * An array field (RJSF passes `multiple`) becomes a multi-select emitting an array. Tabbing onto
 * a list does not open it (typing, ArrowDown or a click does): an open list on focus covered the
 * next fields and, scrolled into view under the sticky bars, pushed its own field off a short
 * screen (issue 46, ADR 749).
 */
export function SelectWidget(props: WidgetProps) {
  const { value, onChange, options, multiple } = props;
  const blur = useWidgetBlur(props);
  const input = widgetInputProps(props);
  const choices: EnumOptionsType[] = options.enumOptions ?? [];
  const data = useMemo(
    () => choices.map((choice, i) => ({ value: String(i), label: choice.label })),
    [choices],
  );
  const searchable = choices.length >= SEARCHABLE_FROM;

  const handleSingle = useCallback(
    (next: string | null) => onChange(next === null ? null : (choices[Number(next)]?.value ?? null)),
    [onChange, choices],
  );
  const handleMultiple = useCallback(
    (next: string[]) => onChange(next.map((i) => choices[Number(i)]?.value)),
    [onChange, choices],
  );

  if (multiple) {
    const selected = (Array.isArray(value) ? value : [])
      .map((v) => optionIndex(choices, v))
      .filter((i) => i >= 0)
      .map(String);
    return (
      <MultiSelect
        {...input}
        {...blur}
        data={data}
        value={selected}
        onChange={handleMultiple}
        searchable={searchable}
        openOnFocus={false}
        nothingFoundMessage="No matching option"
        clearable={!input.readOnly}
      />
    );
  }
  const index = optionIndex(choices, value);
  return (
    <Select
      {...input}
      {...blur}
      data={data}
      value={index >= 0 ? String(index) : null}
      onChange={handleSingle}
      searchable={searchable}
      openOnFocus={false}
      nothingFoundMessage="No matching option"
      clearable={!input.withAsterisk && !input.readOnly}
      allowDeselect={false}
    />
  );
}
