/** The form-level message of a refused form (SPEC §8): a red alert read out as it appears. */
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Props: the message (nothing shows without one) and whether it carries the warning icon. */
export interface FormAlertProps {
  message: string | null | undefined;
  withIcon?: boolean;
}

/** `role="alert"` red Alert with `message`, or nothing. */
export function FormAlert({ message, withIcon = false }: FormAlertProps) {
  if (!message) return null;
  return (
    <Alert color="red" icon={withIcon ? <IconAlertTriangle size={18} /> : undefined} role="alert">
      {message}
    </Alert>
  );
}
