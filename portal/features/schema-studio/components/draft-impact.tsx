/**
 * The impact of a draft in plain words, beside its publish button (issue 37): how many stored
 * applications in progress and test documents were replayed, and each change with how many
 * applications it touches and some of their ids; a large book shows the replay's progress. When
 * stored applications change, the person ticks that they accept it before Publish is enabled.
 */
import { Alert, Checkbox, List, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { type ImpactReport, useDraftImpact, useImpactJob } from '../api/schema-impact-api.ts';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** `, e.g. #3, #8` and `; also example primary` for a change. */
function where(entry: { sample_application_ids: number[]; test_documents: string[] }): string {
  const ids = entry.sample_application_ids.length
    ? ` (e.g. ${entry.sample_application_ids.map((id) => `#${id}`).join(', ')})`
    : '';
  const docs = entry.test_documents.length ? `; test documents: ${entry.test_documents.join(', ')}` : '';
  return `${ids}${docs}`;
}

/** Each change of `report` as one sentence. */
export function impactSentences(report: ImpactReport): string[] {
  const apps = (count: number) => plural(count, 'application');
  return [
    ...report.values_no_longer_allowed.map(
      (v) =>
        `${apps(v.count)} hold “${String(v.value)}” in ${v.field}, which this draft no longer allows${where(v)}.`,
    ),
    ...report.outcome_changes.map(
      (o) =>
        `${apps(o.count)} would ${o.change === 'gained' ? 'newly get' : 'no longer get'} the ${o.outcome} “${o.message}”${where(o)}.`,
    ),
    ...report.message_changes.map(
      (m) =>
        `${apps(m.count)} would ${m.change === 'gained' ? 'newly be told' : 'no longer be told'} “${m.message}” at ${m.field || 'the form'}${where(m)}.`,
    ),
    ...report.field_changes.map(
      (f) =>
        `${f.field} would ${f.change === 'appears' ? 'appear on' : 'disappear from'} ${apps(f.count)}${where(f)}.`,
    ),
  ];
}

/** Props: the draft, whether the person accepted its impact, and what to tell the dialog. */
export interface DraftImpactProps {
  version: number;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  /** The report once the replay is done (null meanwhile). */
  onReport: (report: ImpactReport | null) => void;
}

/** The impact of draft `version`, followed to the end when it runs as a job. */
export function DraftImpact({ version, accepted, onAcceptedChange, onReport }: DraftImpactProps) {
  const start = useDraftImpact(version);
  const jobId = start.data?.status === 'done' ? null : (start.data?.job_id ?? null);
  const job = useImpactJob(jobId);
  const view = job.data ?? start.data;
  const report = view?.status === 'done' ? view.impact : null;
  useEffect(() => onReport(report), [report, onReport]);
  if (start.isError) {
    return (
      <LoadError title="Could not check the impact" error={start.error} onRetry={() => start.refetch()} />
    );
  }
  if (!view || view.status === 'queued' || view.status === 'running') {
    const progress = view?.progress;
    return (
      <Stack gap={4} aria-live="polite">
        <Text size="sm">
          <Loader size="xs" mr="xs" />
          Checking what this draft changes for stored applications
          {progress
            ? `: ${progress.applications_checked.toLocaleString('en-US')} of ${progress.applications_total.toLocaleString('en-US')} replayed`
            : '…'}
        </Text>
        {progress && progress.applications_total > 0 && (
          <Progress
            aria-label="Applications replayed"
            value={(100 * progress.applications_checked) / progress.applications_total}
          />
        )}
      </Stack>
    );
  }
  if (!report) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The impact check failed">
        {view.error ?? 'Close and publish again to start it anew.'}
      </Alert>
    );
  }
  const sentences = impactSentences(report);
  return (
    <Stack gap="xs" component="section" aria-label="Impact on stored applications">
      <Text size="sm" fw={600}>
        Impact: checked {plural(report.applications_checked, 'application')} in progress and{' '}
        {plural(report.test_documents_checked, 'test document')}.
      </Text>
      {sentences.length === 0 ? (
        <Text size="sm">Nothing changes for them.</Text>
      ) : (
        <List size="sm" spacing={4}>
          {sentences.map((sentence) => (
            <List.Item key={sentence}>{sentence}</List.Item>
          ))}
        </List>
      )}
      {report.changes_stored_applications && (
        <Checkbox
          label="I have read the impact and publish it for these applications"
          checked={accepted}
          onChange={(event) => onAcceptedChange(event.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
