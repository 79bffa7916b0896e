/**
 * The background pre-fill calls (property-data/prefill-status and prefill, issue 40; docs/api.md
 * Property data): fetchers, the status's query options (polled while the pre-fill is under way)
 * and the hook. docs/decisions/758-prefill-in-the-background-and-estimates.md.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, documentedData } from '../../../lib/api-operations.ts';
import { PREFILL_POLL_INTERVAL_MS } from '../../../lib/constants.ts';

/** An application's pre-fill: status, the marks of pre-filled fields, and the newest finished result. */
export type PrefillStatus = ApiAnswer<'property-data/prefill-status'>;
/** Where one pre-filled field's value came from (`estimate`: the agent confirms it). */
export type FieldMark = PrefillStatus['marks'][string];

/** True while the newest pre-fill is queued or running. */
export function prefillUnderWay(status: PrefillStatus | undefined): boolean {
  return status?.status === 'queued' || status?.status === 'running';
}

/** The pre-fill status of an application, silently (a failed poll is retried, not toasted). */
export function fetchPrefillStatus(applicationId: number): Promise<PrefillStatus> {
  return documentedData('property-data/prefill-status', { application_id: applicationId }, { silent: true });
}

/** Queues a re-run ("Fill from property data"); throws ApiRequestError (toasted) on a refusal. */
export function requestPrefill(applicationId: number): Promise<PrefillStatus> {
  return documentedData('property-data/prefill', { application_id: applicationId });
}

/** Query key of an application's pre-fill status. */
export const prefillStatusQueryKey = (applicationId: number) => ['prefill-status', applicationId] as const;

/** Query options of the pre-fill status: polled every PREFILL_POLL_INTERVAL_MS while under way. */
export function prefillStatusQueryOptions(applicationId: number) {
  return queryOptions({
    queryKey: prefillStatusQueryKey(applicationId),
    queryFn: () => fetchPrefillStatus(applicationId),
    staleTime: 0,
    refetchInterval: (query) => (prefillUnderWay(query.state.data) ? PREFILL_POLL_INTERVAL_MS : false),
  });
}

/** The pre-fill status of `applicationId` (disabled when `enabled` is false: a launched application). */
export function usePrefillStatus(applicationId: number, enabled = true) {
  return useQuery({ ...prefillStatusQueryOptions(applicationId), enabled });
}
