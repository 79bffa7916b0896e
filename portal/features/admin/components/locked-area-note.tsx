/**
 * Where a feature the company's plan lacks would be (issue 43): the words of the server's refusal,
 * naming the cheapest plan that has it ("Your plan does not include API credentials. The Agency
 * plan has it."), with the plans page one click away, as the plan limit alert does.
 * docs/decisions/764-plans-gate-what-they-sell.md.
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { notInPlanText } from '../../../../access/access-decision.ts';
import { areaNamed } from '../../../lib/area-access.ts';
import { usePlansList } from '../api/companies-api.ts';

/** Props: the area (access/access-areas.json permission) the plan lacks. */
export interface LockedAreaNoteProps {
  permission: string;
}

/** The refusal's text (without the plan's name while the plans load) and a link to the plans. */
export function LockedAreaNote({ permission }: LockedAreaNoteProps) {
  const plans = usePlansList();
  const area = areaNamed(permission);
  if (!area) return null;
  return (
    <Stack gap={4}>
      <Text size="sm">{notInPlanText(area, plans.data?.plans ?? [])}</Text>
      <Anchor component={Link} to="/dashboard/plans" size="sm" fw={600}>
        See plans
      </Anchor>
    </Stack>
  );
}
