/** The plan change dialog of SPEC §2 Dialogs (super-admin): companies/change-plan. */
import { Alert, Button, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import type { CompanyRecord } from '../api/companies-api.ts';
import { changeCompanyPlan, usePlansList } from '../api/companies-api.ts';

/** Props: open state, the company, and close. */
export interface PlanChangeDialogProps {
  opened: boolean;
  company: CompanyRecord | null;
  onClose: () => void;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Radio list of the plans with their monthly price; the current plan preselected. */
export function PlanChangeDialog({ opened, company, onClose }: PlanChangeDialogProps) {
  const queryClient = useQueryClient();
  const plans = usePlansList(opened);
  const [planId, setPlanId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) setPlanId(company?.plan?.id ?? null);
  }, [opened, company]);

  async function save() {
    if (!company || !planId) return;
    setBusy(true);
    const envelope = await changeCompanyPlan(company.id, planId);
    setBusy(false);
    if (envelope.status === 'success') {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'companies'] });
      showToast('success', 'Saved', envelope.message || 'Plan changed.');
      onClose();
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Change plan${company ? `: ${company.name}` : ''}`}
      centered
    >
      <Stack gap="md">
        {plans.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading plans">
            <Skeleton height={40} />
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : plans.isError ? (
          <Alert color="red" title="Could not load the plans">
            <Group justify="space-between">
              <Text size="sm">{plans.error.message || 'Internet issue or contact IT.'}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => plans.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : plans.data.plans.length === 0 ? (
          <Text c="dimmed" size="sm">
            No plans are available.
          </Text>
        ) : (
          <Radio.Group label="Plan" value={planId} onChange={setPlanId}>
            <Stack gap="xs" mt="xs">
              {plans.data.plans.map((plan) => (
                <Radio
                  key={plan.id}
                  value={plan.id}
                  label={`${plan.name} · ${usd.format(plan.price_monthly)}/month`}
                  description={plan.max_users === null ? 'Unlimited users' : `Up to ${plan.max_users} users`}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy} disabled={!planId || planId === company?.plan?.id}>
            Change plan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
