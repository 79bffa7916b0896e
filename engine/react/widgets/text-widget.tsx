import { TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { type ChangeEvent, useCallback } from 'react';
import { useWidgetBlur } from '../use-widget-blur.ts';
import { widgetInputProps } from '../widget-input-props.ts';

/** One line of text; `maxLength` from the schema. Emits the text as typed ("" when emptied). */
export function TextWidget(props: WidgetProps) {
  const { value, onChange, schema } = props;
  const blur = useWidgetBlur(props);
  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value),
    [onChange],
  );
  return (
    <TextInput
      {...widgetInputProps(props)}
      {...blur}
      type={schema.format === 'email' ? 'email' : 'text'}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={handleChange}
    />
  );
}
