/**
 * What a list of the carriers in use shows before it can be drawn (issue 43, lib/live-carriers.ts):
 * a loader while they load, the alert with Retry when they cannot be read (CarriersLoadError).
 */
import { Group, Loader } from '@mantine/core';
import { CarriersLoadError } from './carriers-load-error.tsx';

/** Props: the carriers query (useLiveCarriers's answer), not yet a success. */
export interface CarriersNotReadyProps {
  carriers: { isError: boolean; error: Error | null; refetch: () => unknown };
}

/** The alert when the carriers failed, otherwise a centred loader named "Loading the carriers". */
export function CarriersNotReady({ carriers }: CarriersNotReadyProps) {
  if (carriers.isError) return <CarriersLoadError carriers={carriers} />;
  return (
    <Group justify="center" p="md">
      <Loader size="sm" aria-label="Loading the carriers" />
    </Group>
  );
}
