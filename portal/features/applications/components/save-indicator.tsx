/**
 * The autosave's state beside the details form's heading (docs/decisions/032; issue 46: a failed
 * save is read out to a screen reader at once).
 */
import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { announce } from '../../../lib/announce.ts';
import { type SaveState, saveStateLabel } from './use-autosave.ts';

/** What a screen reader hears when a save fails (issue 46), by state; the indicator's label says it short. */
const SAVE_FAILURES: Partial<Record<SaveState, string>> = {
  retrying: 'Autosave failed. Trying again.',
  offline:
    'Autosave failed: you are offline. Your changes are kept on this device and sent when back online.',
  conflict: 'Autosave failed: the application was changed elsewhere. Choose Merge or Reload.',
  refused: 'Autosave failed: a value was refused. See the marked field.',
};

/**
 * The autosave's state beside the heading (`data-save-state` holds it). A failure is read out at
 * once (lib/announce.ts, SAVE_FAILURES); "Saving…" and "All changes saved", after every
 * keystroke's save, are shown but not read, so the indicator is no live region of its own.
 */
export function SaveIndicator({ state }: { state: SaveState }) {
  const label = saveStateLabel(state);
  const warn = state === 'retrying' || state === 'offline' || state === 'conflict' || state === 'refused';
  const failure = SAVE_FAILURES[state];
  useEffect(() => {
    if (failure) announce(failure, 'assertive');
  }, [failure]);
  if (!label) return null;
  return (
    <Group gap={6} data-save-state={state}>
      {state === 'saved' ? (
        <IconCheck size={16} color="var(--mantine-color-green-6)" aria-hidden />
      ) : state === 'conflict' || state === 'refused' ? (
        <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />
      ) : warn ? (
        <IconCloudOff size={16} color="var(--mantine-color-yellow-7)" aria-hidden />
      ) : (
        <Loader size={12} aria-hidden />
      )}
      <Text size="sm" c={warn ? 'yellow.8' : 'dimmed'} fw={warn ? 500 : undefined}>
        {label}
      </Text>
    </Group>
  );
}
