import { TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { type ChangeEvent, useCallback } from 'react';
import { useWidgetBlur } from '../use-widget-blur.ts';
import { widgetInputProps } from '../widget-input-props.ts';

/** A calendar date as ISO "yyyy-mm-dd" (the browser's date input). Emits that text, "" when emptied. */
export function DateWidget(props: WidgetProps) {
  const { value, onChange } = props;
  const blur = useWidgetBlur(props);
  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value),
    [onChange],
  );
  return (
    <TextInput
      {...widgetInputProps(props)}
      {...blur}
      type="date"
      value={typeof value === 'string' ? value.slice(0, 10) : ''}
      onChange={handleChange}
    />
  );
}
