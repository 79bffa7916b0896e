/** Working-hour badge: /api/is-it-working-hour fetched once. SPEC §4, §7 Other calls. */
import { Badge, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { documentedData } from '../lib/api-operations.ts';

/** Fetches the working-hour flag (no session needed). Throws `ApiRequestError` on failure. */
export async function getIsItWorkingHour(): Promise<boolean> {
  const data = await documentedData('is-it-working-hour', {}, { withSession: false, silent: true });
  return data.isItWorkingHour;
}

/** Small badge: "Working hours" (green) or "After hours" (gray); nothing while loading or on error. */
export function WorkingHourBadge() {
  const query = useQuery({
    queryKey: ['is-it-working-hour'],
    queryFn: getIsItWorkingHour,
    staleTime: Infinity,
  });
  if (query.data === undefined) return null;
  return (
    <Tooltip
      label={query.data ? 'Carrier support desks are open' : 'Carrier support desks are closed'}
      withArrow
    >
      <Badge variant="dot" color={query.data ? 'green' : 'gray'} visibleFrom="sm">
        {query.data ? 'Working hours' : 'After hours'}
      </Badge>
    </Tooltip>
  );
}
