/**
 * The plan change dialog of SPEC §2 Dialogs (admin): confirm the plan, then continue to Stripe to
 * pay; the plan changes when Stripe confirms the payment (docs/decisions/280).
 */
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { useChangePlan } from '../api/change-plan.ts';
import type { Plan } from '../api/list-plans.ts';

/** Props: the chosen plan (null closes the dialog), the current plan's name, close, and the page change. */
export interface PlanChangeDialogProps {
  plan: Plan | null;
  currentPlanName: string | null;
  onClose: () => void;
  /** Full-page navigation to Stripe's page (default `window.location.assign`). */
  goTo?: (url: string) => void;
}

/** Confirmation with the price and what changes; the server's refusal stays in the dialog. */
export function PlanChangeDialog({
  plan,
  currentPlanName,
  onClose,
  goTo = (url) => window.location.assign(url),
}: PlanChangeDialogProps) {
  const mutation = useChangePlan();
  const { reset } = mutation;
  useEffect(() => {
    if (plan) reset();
  }, [plan, reset]);

  return (
    <Modal
      opened={plan !== null}
      onClose={onClose}
      title="Change plan"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {plan && (
        <Stack gap="md">
          {mutation.isError && (
            <Alert color="red" role="alert">
              {mutation.error.message || 'Internet issue or contact IT.'}
            </Alert>
          )}
          <Text>
            {currentPlanName ? (
              <>
                Move your company from <b>{currentPlanName}</b> to <b>{plan.name}</b>?
              </>
            ) : (
              <>
                Subscribe your company to <b>{plan.name}</b>?
              </>
            )}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{formatCurrency(plan.price_monthly)} per month</List.Item>
            <List.Item>
              {plan.max_users === null ? 'Unlimited users' : `Up to ${plan.max_users} users`}
            </List.Item>
          </List>
          <Text size="sm" c="dimmed">
            You pay on Stripe’s secure page. Your plan changes as soon as Stripe confirms the payment.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              loading={mutation.isPending || mutation.isSuccess}
              leftSection={<IconLock size={16} />}
              onClick={async () => {
                try {
                  const url = await mutation.mutateAsync(plan.id);
                  if (url) goTo(url);
                  else onClose();
                } catch {
                  // Shown above from mutation.error.
                }
              }}
            >
              Continue to payment
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
