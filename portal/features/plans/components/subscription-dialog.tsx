/** The subscription dialog of SPEC §2 Dialogs: the company's plan, its state and the billing portal. */
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { PlansData } from '../api/list-plans.ts';
import { subscriptionStatus } from './subscription-status.ts';

/** Props: open state, the plans data, the billing-portal link (null, or no Stripe customer yet, hides it) and close. */
export interface SubscriptionDialogProps {
  opened: boolean;
  onClose: () => void;
  data: PlansData;
  billingPortalHref: string | null;
}

/** Read-only summary with the link to the payment provider's portal. */
export function SubscriptionDialog({ opened, onClose, data, billingPortalHref }: SubscriptionDialogProps) {
  const status = subscriptionStatus(data);
  const current = data.plans.find((plan) => plan.id === data.current_plan_id) ?? null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Subscription"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{current ? current.name : 'No plan chosen'}</Text>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
        <Text size="sm">{status.text}</Text>
        <Text size="sm" c="dimmed">
          {data.billing_portal_configured
            ? 'Payment methods, invoices and cancellation are managed in Stripe’s billing portal.'
            : data.payments_configured
              ? 'Choose a plan to start a subscription; its invoices are then managed in the billing portal.'
              : 'Online billing is not set up. Your MGA manages your company’s subscription.'}
        </Text>
        <Group justify="flex-end">
          {billingPortalHref && data.billing_portal_configured && (
            <Button
              component="a"
              href={billingPortalHref}
              variant="light"
              rightSection={<IconExternalLink size={16} />}
            >
              Open billing portal
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
