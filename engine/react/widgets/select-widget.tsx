import { MultiSelect, Select } from '@mantine/core';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { useCallback, useMemo, useState } from 'react';
import { useWidgetBlur } from '../use-widget-blur.ts';
import { widgetInputProps } from '../widget-input-props.ts';
import { optionIndex } from './option-index.ts';

/**
 * The dropdown of a select that was never focused: not mounted. Mantine's Combobox keeps its
 * dropdown (a portal, a scroll area, every option) mounted while closed and positions it with
 * floating-ui on mount, which was most of a form's first render and a commit per select (ADR 600).
 */
const DROPDOWN_UNMOUNTED = { keepMounted: false } as const;
/** After the first focus: kept mounted while closed, as Mantine does, so keys find the options. */
const DROPDOWN_KEPT = { keepMounted: true } as const;

/** Above this many options the list gets a search box (e.g. 60 state codes, 40 zone codes). */
export const SEARCHABLE_FROM = 11;

/**
 * A choice from the field's option list (`enum` or `oneOf` consts, labels from their titles).
 * Options are keyed by position, so numbers, strings and booleans round-trip with their JSON
 * type. Searchable from SEARCHABLE_FROM options; clearable (to null) when the field is optional.
 * An array field (RJSF passes `multiple`) becomes a multi-select emitting an array.
 */
export function SelectWidget(props: WidgetProps) {
  const { value, onChange, options, multiple } = props;
  const blur = useWidgetBlur(props);
  const input = widgetInputProps(props);
  // Focus comes before any key or click can open the list (a pointer press focuses the input), so
  // the dropdown is mounted, with its list id, by the time Mantine's keyboard handling queries it.
  const [focused, setFocused] = useState(false);
  const { onFocus } = blur;
  const handleFocus = useCallback(() => {
    setFocused(true);
    onFocus();
  }, [onFocus]);
  const comboboxProps = focused ? DROPDOWN_KEPT : DROPDOWN_UNMOUNTED;
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
        onFocus={handleFocus}
        comboboxProps={comboboxProps}
        data={data}
        value={selected}
        onChange={handleMultiple}
        searchable={searchable}
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
      onFocus={handleFocus}
      comboboxProps={comboboxProps}
      data={data}
      value={index >= 0 ? String(index) : null}
      onChange={handleSingle}
      searchable={searchable}
      nothingFoundMessage="No matching option"
      clearable={!input.withAsterisk && !input.readOnly}
      allowDeselect={false}
    />
  );
}
