/**
 * The schema studio's safety calls (issue 37): the impact of a draft on stored applications
 * (answered at once, or a job followed every second until done), a second super-admin's approval,
 * and the history of publishes, approvals and roll-backs. Super-admins only (the server enforces it).
 */
import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, documentedCall, documentedData } from '../../../lib/api-operations.ts';

/** What schema-studio/impact and impact-status answer. */
export type ImpactView = ApiAnswer<'schema-studio/impact'>;
/** The impact report of a draft. */
export type ImpactReport = NonNullable<ImpactView['impact']>;
/** One publish, approval or roll-back. */
export type VersionEvent = ApiAnswer<'schema-studio/version-history'>['events'][number];

/** How often a running impact job is asked for its progress, in ms. */
const IMPACT_POLL_MS = 1_000;

/**
 * The impact of draft `version` (null: none asked): started once, then followed while its job runs.
 * `data` is the latest view (status, progress, report once done).
 */
export function useDraftImpact(version: number | null) {
  return useQuery({
    queryKey: ['schema-studio', 'impact', version],
    queryFn: () => documentedData('schema-studio/impact', { version: version ?? 0 }),
    enabled: version !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The state of impact job `jobId` (null: none), asked every IMPACT_POLL_MS until done or failed. */
export function useImpactJob(jobId: number | null) {
  return useQuery({
    queryKey: ['schema-studio', 'impact-job', jobId],
    queryFn: () => documentedData('schema-studio/impact-status', { job_id: jobId ?? 0 }),
    enabled: jobId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : IMPACT_POLL_MS;
    },
  });
}

/** Approves draft `version` as the second pair of eyes. */
export function approveDraft(version: number): Promise<ApiEnvelope<ApiAnswer<'schema-studio/approve'>>> {
  return documentedCall('schema-studio/approve', { version });
}

/** Whether publishing needs approval, and every publish, approval and roll-back, newest first. */
export function useVersionHistory(enabled: boolean) {
  return useQuery({
    queryKey: ['schema-studio', 'version-history'],
    queryFn: () => documentedData('schema-studio/version-history', {}),
    enabled,
  });
}
