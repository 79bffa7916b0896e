import { NumberInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useCallback } from 'react';
import { useWidgetBlur } from '../use-widget-blur.ts';
import { widgetInputProps } from '../widget-input-props.ts';
import { toNumberOrNull } from './to-number-or-null.ts';

/**
 * An amount in whole or decimal dollars: "$" prefix, thousands separators while typing, cents at
 * most. Emits a number of dollars, or null when emptied. Bounds from the schema's
 * `minimum`/`maximum`/`multipleOf`. SPEC §5 (currency fields with thousands separators).
 */
export function MoneyWidget(props: WidgetProps) {
  const { value, onChange, schema } = props;
  const blur = useWidgetBlur(props);
  const handleChange = useCallback((next: number | string) => onChange(toNumberOrNull(next)), [onChange]);
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  return (
    <NumberInput
      {...widgetInputProps(props)}
      {...blur}
      value={typeof value === 'number' ? value : ''}
      onChange={handleChange}
      prefix="$"
      thousandSeparator=","
      decimalScale={2}
      min={min}
      max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
      step={typeof schema.multipleOf === 'number' ? schema.multipleOf : 1}
      allowNegative={min === undefined || min < 0}
      inputMode="decimal"
      hideControls
    />
  );
}
