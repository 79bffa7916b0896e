/**
 * /dashboard/plans (SPEC §2): the company's subscription state, the plans with the current one
 * marked (each listing the areas its `permissions` open, as the access decision grants them, then
 * its other `features`: one source, server/config/plans.json, ADR 764), the subscription dialog
 * with the billing-portal link, and the plan change (admins, through Stripe Checkout when payments
 * are set up; otherwise the MGA sets the plan). check-subscription sends a company without a
 * subscription or trial here; Stripe sends the admin back with `checkout=success|cancelled`, the
 * billing-portal redirect with `billing=unavailable`.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconCreditCard } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatCurrency } from '../../../../engine/index.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { billingPortalUrl } from '../../../lib/api-base.ts';
import { areaLabels } from '../../../lib/area-access.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { refreshMe } from '../../../lib/me-query.ts';
import { type Plan, usePlans } from '../api/list-plans.ts';
import { PlanChangeDialog } from './plan-change-dialog.tsx';
import { SubscriptionDialog } from './subscription-dialog.tsx';
import { subscriptionStatus } from './subscription-status.ts';

/** Who may do what here: admins change their company's plan; admins and super-admins open billing. */
function abilities(role: string | undefined) {
  return {
    canChangePlan: role === 'admin',
    canOpenBilling: role === 'admin' || role === 'super-admin',
  };
}

/** Search of /dashboard/plans: how the admin came back from Stripe. */
export interface PlansSearch {
  checkout?: 'success' | 'cancelled';
  billing?: 'unavailable';
}

/** Props: the page's search, and the full-page navigation to Stripe (tests replace it). */
export interface PlansPageProps {
  search?: PlansSearch;
  goTo?: (url: string) => void;
}

/** The plans page with its loading, error and empty states. */
export function PlansPage({ search = {}, goTo }: PlansPageProps) {
  const { user, session_key } = useAuth();
  const awaitingPayment = search.checkout === 'success';
  const query = usePlans(awaitingPayment);
  const active = query.data?.has_active_subscription === true;
  useEffect(() => {
    // Stripe's event made the subscription active: the guard reads the stored company.
    if (awaitingPayment && active) refreshMe().catch(() => undefined);
  }, [awaitingPayment, active]);
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [subscriptionOpen, setSubscriptionOpen] = useState(false);
  const { canChangePlan, canOpenBilling } = abilities(user?.role);
  const billingHref = canOpenBilling && session_key ? billingPortalUrl() : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Plans
          </Title>
          <Text c="dimmed" size="sm">
            {user?.mga_company?.name ?? 'Your company'}'s plan and subscription
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconCreditCard size={16} />}
          onClick={() => setSubscriptionOpen(true)}
          disabled={!query.data}
        >
          Manage subscription
        </Button>
      </Group>

      <ReturnNotice search={search} active={active} />

      {query.isError ? (
        <LoadError title="Could not load the plans" error={query.error} onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading plans">
          <Skeleton height={60} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {['p1', 'p2', 'p3'].map((key) => (
              <Skeleton key={key} height={220} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : (
        <PlansContent
          data={query.data}
          canChangePlan={canChangePlan}
          isSuperAdmin={user?.role === 'super-admin'}
          onChoose={setChosen}
        />
      )}

      {query.data && (
        <SubscriptionDialog
          opened={subscriptionOpen}
          onClose={() => setSubscriptionOpen(false)}
          data={query.data}
          billingPortalHref={billingHref}
        />
      )}
      <PlanChangeDialog
        plan={chosen}
        currentPlanName={
          query.data?.plans.find((plan) => plan.id === query.data?.current_plan_id)?.name ?? null
        }
        onClose={() => setChosen(null)}
        goTo={goTo}
      />
    </Stack>
  );
}

/** What the admin sees on coming back from Stripe's pages. */
function ReturnNotice({ search, active }: { search: PlansSearch; active: boolean }) {
  if (search.billing === 'unavailable') {
    return (
      <Alert color="red" variant="light" role="alert" title="Billing portal unavailable">
        The billing portal could not be opened. Try again in a moment.
      </Alert>
    );
  }
  if (search.checkout === 'cancelled') {
    return (
      <Alert color="gray" variant="light" role="status" title="Checkout cancelled">
        Nothing was charged and your plan is unchanged.
      </Alert>
    );
  }
  if (search.checkout === 'success') {
    return (
      <Alert color={active ? 'green' : 'blue'} variant="light" role="status" title="Payment received">
        {active
          ? 'Stripe confirmed your payment: your subscription is active.'
          : 'Waiting for Stripe to confirm your payment. This page updates by itself.'}
      </Alert>
    );
  }
  return null;
}

function PlansContent({
  data,
  canChangePlan,
  isSuperAdmin,
  onChoose,
}: {
  data: NonNullable<ReturnType<typeof usePlans>['data']>;
  canChangePlan: boolean;
  isSuperAdmin: boolean;
  onChoose: (plan: Plan) => void;
}) {
  const status = subscriptionStatus(data);
  return (
    <Stack gap="lg">
      <Alert
        color={status.color}
        variant="light"
        title={status.hasAccess ? `Subscription: ${status.label}` : 'Subscription required'}
        role={status.hasAccess ? 'status' : 'alert'}
      >
        {status.text}
        {!status.hasAccess && !canChangePlan && !isSuperAdmin && ' Ask your agency admin to choose a plan.'}
      </Alert>

      {canChangePlan && !data.payments_configured && (
        <Alert color="yellow" variant="light" title="Online payments are not set up" role="note">
          Plans cannot be changed here. Your MGA sets your company’s plan: contact them to change it.
        </Alert>
      )}

      {data.plans.length === 0 ? (
        <Card withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <Text fw={600}>No plans are available yet</Text>
            <Text size="sm" c="dimmed">
              Contact support to set up your subscription.
            </Text>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {data.plans.map((plan) => {
            const current = plan.id === data.current_plan_id;
            return (
              <Card key={plan.id} withBorder radius="md" padding="lg" aria-label={`Plan ${plan.name}`}>
                <Stack gap="sm" h="100%">
                  <Group justify="space-between">
                    <Title order={2} size="h4">
                      {plan.name}
                    </Title>
                    {current && (
                      <Badge color="green" variant="filled">
                        Current plan
                      </Badge>
                    )}
                  </Group>
                  <Text fz={28} fw={800}>
                    {formatCurrency(plan.price_monthly)}
                    <Text span size="sm" c="dimmed" fw={400}>
                      {' '}
                      / month
                    </Text>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {plan.max_users === null ? 'Unlimited users' : `Up to ${plan.max_users} users`}
                  </Text>
                  <List
                    size="sm"
                    spacing={4}
                    icon={
                      <ThemeIcon size={18} radius="xl" color="green" variant="light">
                        <IconCheck size={12} />
                      </ThemeIcon>
                    }
                    style={{ flex: 1 }}
                  >
                    {[...areaLabels(plan.permissions), ...plan.features].map((promise) => (
                      <List.Item key={promise}>{promise}</List.Item>
                    ))}
                  </List>
                  {canChangePlan && data.payments_configured && (
                    <Button
                      variant={current ? 'default' : 'filled'}
                      disabled={current && data.has_active_subscription}
                      onClick={() => onChoose(plan)}
                    >
                      {current && data.has_active_subscription
                        ? 'Your plan'
                        : current
                          ? `Subscribe to ${plan.name}`
                          : `Choose ${plan.name}`}
                    </Button>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      {isSuperAdmin && (
        <Text size="sm" c="dimmed">
          Super-admins change a company's plan in MGA management.
        </Text>
      )}
    </Stack>
  );
}
