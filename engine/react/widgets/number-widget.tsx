import { NumberInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useCallback } from 'react';
import { fieldType } from '../field-type.ts';
import { useWidgetBlur } from '../use-widget-blur.ts';
import { widgetInputProps } from '../widget-input-props.ts';
import { toNumberOrNull } from './to-number-or-null.ts';

/**
 * A plain number (no separators, so years read "1998"): `minimum`, `maximum` and `multipleOf`
 * from the field schema become min, max and step; integers refuse a decimal point.
 * Emits a number, or null when emptied.
 */
export function NumberWidget(props: WidgetProps) {
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
      min={min}
      max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
      step={typeof schema.multipleOf === 'number' ? schema.multipleOf : 1}
      allowDecimal={fieldType(schema) !== 'integer'}
      allowNegative={min === undefined || min < 0}
    />
  );
}
