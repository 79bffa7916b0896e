/** The commission dashboard widget: this month's commission of the caller's bound policies (issue 12). */
import { SimpleGrid, Skeleton } from '@mantine/core';
import dayjs from 'dayjs';
import { formatCurrency } from '../../../../../engine/index.ts';
import { FigureCard } from '../../../../components/figure-card.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { useStatement } from '../../../commission/api/commission-api.ts';
import { WIDGET_TITLES } from '../../widget-titles.ts';
import { WidgetCard } from './widget-card.tsx';

/** Commission, payable and paid of policies effective this month (scoped by the server). */
export function CommissionWidget() {
  const statement = useStatement({
    from: dayjs().startOf('month').format('YYYY-MM-DD'),
    to: dayjs().endOf('month').format('YYYY-MM-DD'),
    company_id: null,
    agent_id: null,
    paid: null,
  });
  return (
    <WidgetCard title={WIDGET_TITLES.commission} link={{ to: '/dashboard/commission', label: 'Statement' }}>
      {statement.isError ? (
        <LoadError
          title="Commission could not be loaded"
          error={statement.error}
          onRetry={() => statement.refetch()}
        />
      ) : !statement.data ? (
        <Skeleton height={60} />
      ) : (
        <SimpleGrid cols={3} spacing="xs">
          <FigureCard label="Policies" value={statement.data.totals.lines} />
          <FigureCard label="Payable" value={formatCurrency(statement.data.totals.payable)} />
          <FigureCard label="Paid" value={formatCurrency(statement.data.totals.paid)} />
        </SimpleGrid>
      )}
    </WidgetCard>
  );
}
