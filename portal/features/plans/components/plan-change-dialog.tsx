/** The plan change dialog of SPEC §2 Dialogs (admin): confirm moving the company to a plan. */
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { showToast } from '../../../lib/toast.ts';
import { useChangePlan } from '../api/change-plan.ts';
import type { Plan } from '../api/list-plans.ts';

/** Props: the chosen plan (null closes the dialog), the current plan's name, and close. */
export interface PlanChangeDialogProps {
  plan: Plan | null;
  currentPlanName: string | null;
  onClose: () => void;
}

/** Confirmation with the price and what changes; the server's refusal stays in the dialog. */
export function PlanChangeDialog({ plan, currentPlanName, onClose }: PlanChangeDialogProps) {
  const mutation = useChangePlan();
  const { reset } = mutation;
  useEffect(() => {
    if (plan) reset();
  }, [plan, reset]);

  return (
    <Modal opened={plan !== null} onClose={onClose} title="Change plan" centered>
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              loading={mutation.isPending}
              onClick={async () => {
                try {
                  await mutation.mutateAsync(plan.id);
                  showToast('success', 'Plan', `Your company is now on ${plan.name}.`);
                  onClose();
                } catch {
                  // Shown above from mutation.error.
                }
              }}
            >
              Confirm {plan.name}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
