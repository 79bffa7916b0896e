/**
 * Password inputs of the account forms (sign in, reset, invitation, change password): one field,
 * and the new password with its confirmation. The visibility toggle is named "Show or hide the
 * <what>" because Mantine's default name contains "password", which makes label look-ups ambiguous.
 * The toggle is a Tab stop of its own (issue 46).
 */
import { PasswordInput } from '@mantine/core';

/** Props of one password field: label, autocomplete, value, error and what its toggle names. */
export interface PasswordFieldProps {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The end of the toggle's name: "Show or hide the <toggleName>". */
  toggleName: string;
}

/** A required password input. */
export function PasswordField({
  label,
  autoComplete,
  value,
  onChange,
  error,
  toggleName,
}: PasswordFieldProps) {
  return (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      required
      // A keyboard user reaches the toggle too (WCAG 2.1.1); Mantine skips it by default.
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': `Show or hide the ${toggleName}` }}
    />
  );
}

/** Props: the new password pair, their errors and the change of either. */
export interface NewPasswordFieldsProps {
  values: { password: string; confirm: string };
  errors: { password?: string; confirm?: string };
  onChange: (patch: { password?: string; confirm?: string }) => void;
}

/** "New password" and "Confirm new password" (checked by lib/new-password-errors.ts). */
export function NewPasswordFields({ values, errors, onChange }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={values.password}
        onChange={(password) => onChange({ password })}
        error={errors.password}
        toggleName="new value"
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(confirm) => onChange({ confirm })}
        error={errors.confirm}
        toggleName="confirmation"
      />
    </>
  );
}
