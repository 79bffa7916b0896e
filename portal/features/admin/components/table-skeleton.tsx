/** The loading state of an administration table or card: a few skeleton rows. */
import { Skeleton, Stack } from '@mantine/core';

/** Props: how many rows, and the accessible label of the loading region. */
export interface TableSkeletonProps {
  rows?: number;
  label?: string;
}

/** Skeleton rows announced as busy to assistive technology. */
export function TableSkeleton({ rows = 4, label = 'Loading' }: TableSkeletonProps) {
  return (
    <Stack p="md" gap="xs" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={index} height={24} />
      ))}
    </Stack>
  );
}
