/**
 * Two date inputs for a range of whole days (`YYYY-MM-DD`, both included): the first cannot pass
 * the second; a cleared input changes nothing. Used by reporting, analytics, commission and the
 * audit trail.
 */
import { TextInput } from '@mantine/core';

/** Props: the range, its change, and the two labels (default From / To). */
export interface DayRangeInputsProps {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  labels?: [from: string, to: string];
}

/** The two inputs, as siblings in the caller's grid or group. */
export function DayRangeInputs({ from, to, onChange, labels = ['From', 'To'] }: DayRangeInputsProps) {
  return (
    <>
      <TextInput
        type="date"
        label={labels[0]}
        value={from}
        max={to}
        onChange={(e) => {
          const value = e.currentTarget.value;
          if (value) onChange({ from: value, to });
        }}
      />
      <TextInput
        type="date"
        label={labels[1]}
        value={to}
        min={from}
        onChange={(e) => {
          const value = e.currentTarget.value;
          if (value) onChange({ from, to: value });
        }}
      />
    </>
  );
}
