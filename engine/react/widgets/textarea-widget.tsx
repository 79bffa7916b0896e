import { Textarea } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { type ChangeEvent, useCallback } from 'react';
import { useWidgetBlur } from '../use-widget-blur.ts';
import { widgetInputProps } from '../widget-input-props.ts';

/** Several lines of text, growing with its content. Emits the text as typed ("" when emptied). */
export function TextareaWidget(props: WidgetProps) {
  const { value, onChange, schema } = props;
  const blur = useWidgetBlur(props);
  const handleChange = useCallback(
    (event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.currentTarget.value),
    [onChange],
  );
  return (
    <Textarea
      {...widgetInputProps(props)}
      {...blur}
      minRows={3}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={handleChange}
    />
  );
}
