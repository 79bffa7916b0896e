/**
 * A plan limit the server refused a creation with (402 with `error_obj.plan`, e.g. 'The Starter
 * plan allows 3 users. ...', docs/api-accounts.md users/create), shown where it happened, with
 * the plans page one click away for the company's admin (issue 20). Super-admins change a
 * company's plan on its row of the Companies tab, so they get the message only.
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

export interface PlanLimitAlertProps {
  /** The server's message; nothing is shown without one. */
  message: string | undefined;
  /** Whether to offer the link to /dashboard/plans (the caller's own company's plans). */
  linkToPlans: boolean;
}

export function PlanLimitAlert({ message, linkToPlans }: PlanLimitAlertProps) {
  if (!message) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Plan limit reached">
      <Text size="sm">{message}</Text>
      {linkToPlans ? (
        <Anchor component={Link} to="/dashboard/plans" size="sm" fw={600}>
          See plans
        </Anchor>
      ) : null}
    </Alert>
  );
}
