/**
 * The error state of every list of the carriers in use (issue 43, lib/live-carriers.ts): "Could not
 * load the carriers", the server's message, and Retry, which reads them again.
 */
import { LoadError } from './load-error.tsx';

/** Props: the failed carriers query (useLiveCarriers's answer). */
export interface CarriersLoadErrorProps {
  carriers: { error: Error | null; refetch: () => unknown };
}

/** The red alert with Retry, in the place of the carriers' list. */
export function CarriersLoadError({ carriers }: CarriersLoadErrorProps) {
  return (
    <LoadError
      title="Could not load the carriers"
      error={carriers.error}
      onRetry={() => carriers.refetch()}
    />
  );
}
