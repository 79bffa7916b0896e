/**
 * The notice that the background pre-fill is looking the address up (issue 40): a polite status,
 * so a screen reader hears it once, not an alert. The form stays editable meanwhile.
 */
import { Alert, Loader } from '@mantine/core';

/** The "Filling from property data" notice. */
export function PrefillRunning() {
  return (
    <Alert
      role="status"
      color="blue"
      icon={<Loader size={16} aria-hidden />}
      title="Filling from property data"
      data-prefill="running"
    >
      Looking up the address. Fields fill in when it finishes; keep typing, nothing you type is replaced.
    </Alert>
  );
}
