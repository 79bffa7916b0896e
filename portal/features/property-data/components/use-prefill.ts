/**
 * The details form's side of the background pre-fill (issue 40): polls the application's
 * pre-fill status while it is under way, hands the form each newer version a pre-fill wrote (the
 * form merges it under the agent's unsaved edits), keeps a note per pre-filled field (its source
 * and date; "Estimate" for an estimate the agent confirms), and queues a re-run for "Fill from
 * property data". Nothing the agent typed is overwritten: the server writes only fields that are
 * empty or still hold its own earlier value. docs/decisions/758-prefill-in-the-background-and-estimates.md.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatInUserZone } from '../../../lib/format-when.ts';
import {
  type FieldMark,
  type PrefillStatus,
  prefillStatusQueryKey,
  prefillStatusQueryOptions,
  prefillUnderWay,
  requestPrefill,
  usePrefillStatus,
} from '../api/prefill-api.ts';

/** What one pre-fill came to, for PropertyDataSummary. */
export interface FillSummary {
  filled: number;
  /** Fields found or estimated that kept the agent's value. */
  kept: number;
  /** The sandbox answered at least one job. */
  sample: boolean;
  sources: string[];
  /** Per provider: its error, or the fields it could not find (labels) with the reason. */
  problems: { source: string; text: string }[];
}

/**
 * The note at a pre-filled field: "Estimate · confirm or change · Nov 25, 2026", "Sample data ·
 * Nov 25, 2026" or "From ATTOM · Nov 25, 2026".
 */
export function filledNote(mark: Pick<FieldMark, 'source' | 'fetched_at' | 'estimate'>): string {
  const when = formatInUserZone(mark.fetched_at, 'MMM D, YYYY');
  // An estimate's source is "Estimate" (server/config/coverage-estimates.json).
  if (mark.estimate) return `${mark.source} · confirm or change · ${when}`;
  return mark.source === 'Sample data' ? `Sample data · ${when}` : `From ${mark.source} · ${when}`;
}

/** The summary of a finished pre-fill's result, or null when it has none (or looked nothing up). */
export function summaryOf(status: PrefillStatus | undefined): FillSummary | null {
  const result = status?.result;
  if (!result || result.skipped) return null;
  return {
    filled: result.filled.length,
    kept: result.kept.length,
    sample: result.sample,
    sources: result.sources,
    problems: result.problems,
  };
}

/**
 * `{status, underWay, refresh, notes, summary, dismiss, fill, requesting, explains}` of application
 * `applicationId`'s pre-fill. `onWritten(version)` runs once per pre-fill write newer than
 * `baseVersion()` (the version the form's edits are based on). `fill()` saves what is pending
 * (`beforeRequest`) and queues a re-run. `explains(version)` is true when the newest finished
 * pre-fill wrote `version` (a save conflict it caused needs no Merge / Reload).
 */
export function usePrefill(options: {
  applicationId: number;
  enabled: boolean;
  /** The form's document: a field shows its note while it holds the marked value. */
  doc: Record<string, unknown>;
  baseVersion: () => number | undefined;
  beforeRequest: () => Promise<unknown>;
  onWritten: (version: number) => void;
}) {
  const queryClient = useQueryClient();
  const { data: status } = usePrefillStatus(options.applicationId, options.enabled);
  const underWay = prefillUnderWay(status);
  const [summary, setSummary] = useState<FillSummary | null>(null);
  const [requesting, setRequesting] = useState(false);
  const wasUnderWay = useRef(false);
  const written = useRef<number | null>(null);
  const onWritten = useRef(options.onWritten);
  onWritten.current = options.onWritten;
  const baseVersion = useRef(options.baseVersion);
  baseVersion.current = options.baseVersion;

  useEffect(() => {
    if (underWay) wasUnderWay.current = true;
    if (status?.status !== 'done') return;
    // A run this page saw under way ends with its summary (the one found at opening stays quiet).
    if (wasUnderWay.current) setSummary(summaryOf(status));
    wasUnderWay.current = false;
    const version = status.result?.version ?? null;
    const base = baseVersion.current();
    if (version === null || written.current === version || (base !== undefined && version <= base)) return;
    written.current = version;
    onWritten.current(version);
  }, [status, underWay]);

  // A mark whose value the form no longer holds (the agent typed over it) is no note.
  const { doc } = options;
  const notes = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(status?.marks ?? {})
          .filter(([field, mark]) => doc[field] === mark.value)
          .map(([field, mark]) => [field, filledNote(mark)]),
      ),
    [status, doc],
  );

  async function fill() {
    setRequesting(true);
    try {
      await options.beforeRequest();
      const queued = await requestPrefill(options.applicationId);
      wasUnderWay.current = true;
      queryClient.setQueryData(prefillStatusQueryKey(options.applicationId), queued);
    } catch {
      // A refused request (launched, no access) was already toasted by the API client.
    } finally {
      setRequesting(false);
    }
  }

  async function explains(version: number): Promise<boolean> {
    try {
      const fresh = await queryClient.fetchQuery(prefillStatusQueryOptions(options.applicationId));
      return fresh.status === 'done' && fresh.result?.version === version;
    } catch {
      return false;
    }
  }

  /** Reads the status again (after a saved address change the server queued a pre-fill). */
  function refresh() {
    void queryClient.invalidateQueries({ queryKey: prefillStatusQueryKey(options.applicationId) });
  }

  return {
    status,
    underWay,
    refresh,
    notes,
    summary,
    dismiss: () => setSummary(null),
    fill,
    requesting,
    explains,
  };
}
