import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RefObject } from 'react';
import type { OutcomeMessage } from '../../../../engine/index.ts';
import type { Application } from '../api/application-types.ts';
import { useCompiledSchemaSet } from '../api/get-schema-set.ts';
import { FormView } from './form-view.tsx';

/**
 * The form of an application with the schema set of its own `schema_version` (issue 10 part 3):
 * fetched and compiled once per version, a skeleton while it loads, an error with a retry when it
 * cannot be had. The form itself is FormView.
 */
export function ApplicationForm({
  application,
  onLaunched,
  headingRef,
}: {
  application: Application;
  onLaunched: (acceptedWarnings: OutcomeMessage[]) => Promise<unknown>;
  /** The form's heading (FormView), where the details page puts focus it lost. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const schema = useCompiledSchemaSet(application.schema_version);
  if (schema.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the form">
        <Skeleton height={36} />
        <Skeleton height={220} />
      </Stack>
    );
  }
  if (schema.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load the form">
        <Group justify="space-between">
          <span>{schema.error.message}</span>
          <Button size="xs" variant="light" color="red" onClick={() => schema.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <FormView
      application={application}
      compiled={schema.data}
      onLaunched={onLaunched}
      headingRef={headingRef}
    />
  );
}
