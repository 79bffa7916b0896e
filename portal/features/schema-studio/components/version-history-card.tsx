/**
 * The schema set's history (issue 37 "Four eyes"): every publish, approval and roll-back with who
 * and when, newest first, and whether publishing needs a second super-admin's approval.
 */
import { Badge, Card, Group, List, Text } from '@mantine/core';
import { LoadError } from '../../../components/load-error.tsx';
import { formatInUserZone } from '../../../lib/format-when.ts';
import { TableSkeleton } from '../../admin/components/table-skeleton.tsx';
import { useVersionHistory, type VersionEvent } from '../api/schema-impact-api.ts';

/** One act in words. */
export function eventSentence(event: VersionEvent): string {
  const who = event.user_name ?? `user ${event.user_id}`;
  if (event.action === 'approve') return `${who} approved draft ${event.version}`;
  if (event.action === 'roll-back') {
    return `${who} rolled back to version ${event.version} (stored as version ${event.published_version})`;
  }
  return `${who} published draft ${event.version} as version ${event.published_version}${
    event.accepted_impact ? ', accepting its impact on stored applications' : ''
  }`;
}

/** The history card of the versions tab (super-admins). */
export function VersionHistoryCard() {
  const history = useVersionHistory(true);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Version history" mt="md">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>History</Text>
        {history.data && (
          <Badge variant="light" color={history.data.approval_required ? 'blue' : 'gray'}>
            {history.data.approval_required
              ? 'Publishing needs a second approval'
              : 'No second approval needed'}
          </Badge>
        )}
      </Group>
      {history.isPending ? (
        <TableSkeleton rows={3} label="Loading the history" />
      ) : history.isError ? (
        <LoadError
          title="Could not load the history"
          error={history.error}
          onRetry={() => history.refetch()}
        />
      ) : history.data.events.length === 0 ? (
        <Text size="sm">Nothing published, approved or rolled back in the studio yet.</Text>
      ) : (
        <List size="sm" spacing={4}>
          {history.data.events.map((event) => (
            <List.Item key={event.id}>
              {formatInUserZone(event.at, 'MMM D, YYYY HH:mm')}: {eventSentence(event)}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
