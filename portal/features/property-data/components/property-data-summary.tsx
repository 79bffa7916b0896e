/**
 * What a pre-fill did (issue 15, issue 40): how many fields it filled and from which
 * providers ("Sample data" when the sandbox answered), how many fields the providers also answered
 * were kept because they already had a value, and what each provider could not find or why it failed.
 */
import { Alert, Badge, Group, List, Text } from '@mantine/core';
import { IconDatabaseSearch } from '@tabler/icons-react';
import type { FillSummary } from './use-prefill.ts';

/** The summary alert; `onClose` dismisses it. */
export function PropertyDataSummary({ summary, onClose }: { summary: FillSummary; onClose: () => void }) {
  const filled = summary.filled === 1 ? '1 field filled' : `${summary.filled} fields filled`;
  return (
    <Alert
      color={summary.problems.length > 0 ? 'orange' : 'teal'}
      icon={<IconDatabaseSearch size={18} />}
      title={
        <Group gap="xs">
          <span>Property data</span>
          {summary.sample && (
            <Badge size="sm" color="orange" variant="light">
              Sample data
            </Badge>
          )}
        </Group>
      }
      withCloseButton
      closeButtonLabel="Close property data summary"
      onClose={onClose}
    >
      <Text size="sm">
        {filled} from {summary.sources.join(', ')}
        {summary.kept > 0 &&
          `; ${summary.kept === 1 ? '1 field already filled was' : `${summary.kept} fields already filled were`} kept`}
        .
      </Text>
      {summary.problems.length > 0 && (
        <>
          <Text size="sm" fw={500} mt="xs">
            Not found
          </Text>
          <List size="sm" spacing={2} aria-label="Not found by the providers">
            {summary.problems.map((problem) => (
              <List.Item key={`${problem.source}|${problem.text}`}>
                {problem.source}: {problem.text}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
