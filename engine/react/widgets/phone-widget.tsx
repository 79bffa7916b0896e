import { TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { type ChangeEvent, useCallback } from 'react';
import { formatPhoneInput } from '../format-phone-input.ts';
import { useWidgetBlur } from '../use-widget-blur.ts';
import { widgetInputProps } from '../widget-input-props.ts';

/**
 * A 10-digit phone number masked as "(305) 555-0100" while typing. Emits the masked text
 * ("" when emptied), so a complete number is 14 characters. SPEC §5 Field rules (Phone).
 */
export function PhoneWidget(props: WidgetProps) {
  const { value, onChange } = props;
  const blur = useWidgetBlur(props);
  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => onChange(formatPhoneInput(event.currentTarget.value)),
    [onChange],
  );
  const input = widgetInputProps(props);
  return (
    <TextInput
      {...input}
      {...blur}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={input.placeholder ?? '(555) 555-5555'}
      value={formatPhoneInput(value)}
      onChange={handleChange}
    />
  );
}
