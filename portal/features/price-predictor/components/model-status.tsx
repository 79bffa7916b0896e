/**
 * The model in use on the price predictor page: when it was fitted, from how many quotes, and its
 * accuracy on held-out applications; admins can ask for a refit (the page shows the new fit when
 * the job has stored it).
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatInUserZone } from '../../../lib/format-when.ts';
import { showToast } from '../../../lib/toast.ts';
import { type PredictorModel, requestRefit } from '../api/price-predictor-api.ts';

/** A measured share as a whole percentage, "not measured" when null. */
export const percent = (share: number | null) =>
  share === null ? 'not measured' : `${Math.round(share * 100)}%`;

/** Props: the model (null before the first fit) and whether the caller may refit. */
export function ModelStatus({ model, canRefit }: { model: PredictorModel['model']; canRefit: boolean }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const refit = async () => {
    setAsking(true);
    try {
      await requestRefit();
      showToast('success', 'Refit queued', 'The page shows the new fit once it is stored.');
      // The job usually takes seconds: look again a few times.
      for (const delay of [2000, 6000, 15000])
        setTimeout(() => queryClient.invalidateQueries({ queryKey: ['price-predictor', 'model'] }), delay);
    } catch (error) {
      showToast(
        'warning',
        'Refit not queued',
        error instanceof Error ? error.message : 'Internet issue or contact IT.',
      );
    } finally {
      setAsking(false);
    }
  };
  const action = canRefit && (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} />}
      loading={asking}
      onClick={refit}
    >
      Refit now
    </Button>
  );
  if (!model)
    return (
      <Alert color="yellow" variant="light" title="No model yet">
        <Group justify="space-between">
          <Text size="sm">The model is fitted from past quotes when the server starts and every night.</Text>
          {action}
        </Group>
      </Alert>
    );
  const { accuracy } = model;
  return (
    <Alert color="blue" variant="light" title="How the estimate is made">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm">
          From {model.quote_count.toLocaleString('en-US')} quotes on{' '}
          {model.application_count.toLocaleString('en-US')} applications, fitted{' '}
          {formatInUserZone(model.fitted_at, 'MMM D, YYYY h:mm A')}. On {accuracy.evaluated} held-out quotes
          the expected premium was off by {percent(accuracy.median_absolute_percentage_error)} (median), and
          the range held {percent(accuracy.range_coverage)} of them.
        </Text>
        {action}
      </Group>
    </Alert>
  );
}
