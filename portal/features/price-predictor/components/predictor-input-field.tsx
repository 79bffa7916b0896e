/** One input of the price predictor: a select for an input with options (zones, deductibles), else a number. */
import { NumberInput, Select } from '@mantine/core';
import type { PredictorInput } from '../api/price-predictor-api.ts';

/** Props: the input, its value (null = not known) and the change handler. */
export interface PredictorInputFieldProps {
  input: PredictorInput;
  value: string | number | null;
  onChange(value: string | number | null): void;
}

/** A select (searchable, clearable) or a number input with the unit's prefix or suffix. */
export function PredictorInputField({ input, value, onChange }: PredictorInputFieldProps) {
  if (input.options) {
    const options = input.options.map((option) => ({ value: String(option.value), label: option.label }));
    return (
      <Select
        label={input.label}
        placeholder="Not known"
        data={options}
        searchable
        clearable
        value={value === null ? null : String(value)}
        onChange={(picked) =>
          onChange(
            picked === null ? null : typeof input.options?.[0]?.value === 'number' ? Number(picked) : picked,
          )
        }
      />
    );
  }
  return (
    <NumberInput
      label={input.label}
      placeholder="Not known"
      value={value ?? ''}
      prefix={input.unit === 'dollars' ? '$' : undefined}
      suffix={input.unit === 'feet' ? ' ft' : undefined}
      thousandSeparator={input.unit === 'dollars' ? ',' : undefined}
      decimalScale={input.unit === 'feet' ? 1 : 0}
      allowNegative={input.unit === 'feet'}
      onChange={(next) => onChange(next === '' ? null : Number(next))}
    />
  );
}
