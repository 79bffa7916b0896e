/**
 * /dashboard (SPEC §2): the widgets the agency enabled in portal settings (company.dashboard_widgets
 * of login/me, all when unset), in their order: the quote summary and recent applications across the
 * page, the smaller ones (alerts, quote rush, E&O, training videos, commission) in a grid. Its first
 * action is "New application", then "View all applications" (issue 40).
 */
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { useDashboardSummary } from '../api/get-dashboard-summary.ts';
import { AlertsWidget } from './widgets/alerts-widget.tsx';
import { CommissionWidget } from './widgets/commission-widget.tsx';
import { EoExpiryWidget } from './widgets/eo-expiry-widget.tsx';
import { QuoteRushWidget } from './widgets/quote-rush-widget.tsx';
import { QuoteSummaryWidget } from './widgets/quote-summary-widget.tsx';
import { RecentApplicationsWidget } from './widgets/recent-applications-widget.tsx';
import { TrainingVideosWidget } from './widgets/training-videos-widget.tsx';

/** Widgets that span the page; the others share a grid. */
const WIDE_WIDGETS = ['quote-summary', 'recent-applications'];

/** Shown when the company never chose (and for users without a company). */
const DEFAULT_WIDGETS = ['quote-summary', 'recent-applications'];

/** Dashboard with the agency's widgets, and loading / error / empty states in each. */
export function DashboardPage() {
  const { user } = useAuth();
  const query = useDashboardSummary();
  const firstName = (user?.name ?? '').split(' ')[0];
  const enabled = user?.company?.dashboard_widgets ?? DEFAULT_WIDGETS;
  const summary = query.data;
  const widgets: Record<string, ReactNode> = {
    'quote-summary': <QuoteSummaryWidget summary={summary} />,
    'recent-applications': <RecentApplicationsWidget summary={summary} />,
    alerts: <AlertsWidget summary={summary} />,
    'quote-rush': <QuoteRushWidget />,
    'eo-expiry': <EoExpiryWidget />,
    'training-videos': <TrainingVideosWidget />,
    commission: <CommissionWidget />,
  };
  const wide = enabled.filter((id) => WIDE_WIDGETS.includes(id) && widgets[id]);
  const small = enabled.filter((id) => !WIDE_WIDGETS.includes(id) && widgets[id]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {firstName ? `Welcome back, ${firstName}` : 'Dashboard'}
          </Title>
          <Text c="dimmed" size="sm">
            {user?.mga_company?.name ?? 'Your applications at a glance'}
          </Text>
        </div>
        {/* The listing is agent-only: super-admins are redirected from it (ADR 090). The first action
            starts an application (issue 40): the details with no id open the New application dialog (ADR 373). */}
        {user?.role !== 'super-admin' && (
          <Group gap="sm">
            <Button
              component={Link}
              to="/agent-portal/application-details"
              leftSection={<IconPlus size={18} />}
            >
              New application
            </Button>
            <Button component={Link} to="/agent-portal" variant="default">
              View all applications
            </Button>
          </Group>
        )}
      </Group>

      {query.isError && (
        <LoadError title="Could not load the dashboard" error={query.error} onRetry={() => query.refetch()} />
      )}
      {wide.map((id) => (
        <div key={id}>{widgets[id]}</div>
      ))}
      {small.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {small.map((id) => (
            <div key={id}>{widgets[id]}</div>
          ))}
        </SimpleGrid>
      )}
      {enabled.length === 0 && (
        <Text c="dimmed" size="sm">
          Your agency turned every dashboard widget off in portal settings.
        </Text>
      )}
    </Stack>
  );
}
