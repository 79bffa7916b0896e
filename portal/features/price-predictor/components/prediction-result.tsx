/**
 * A price prediction: the expected range overall (low, expected, high), the comparables it stands
 * on, the inputs that moved it against the book's typical risk, and each carrier's range — or
 * "not enough data" with how many comparables there are and how many are needed.
 */
import { Alert, Badge, Card, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatCurrency } from '../../../../engine/format-currency.ts';
import { FigureCard } from '../../../components/figure-card.tsx';
import type { PredictorInput, PricePrediction } from '../api/price-predictor-api.ts';

/** The typical value as the page writes it (dollars for money inputs). */
function typicalText(value: string | number, input: PredictorInput | undefined): string {
  if (typeof value === 'number' && input?.unit === 'dollars') return formatCurrency(value);
  if (typeof value === 'number' && input?.unit === 'feet') return `${value} ft`;
  return String(value);
}

/** Props: the prediction and the inputs (for units and labels). */
export function PredictionResult({
  prediction,
  inputs,
}: {
  prediction: PricePrediction;
  inputs: PredictorInput[];
}) {
  if (prediction.status === 'not-enough-data' || !prediction.range)
    return (
      <Alert color="yellow" title="Not enough data for an estimate">
        {prediction.comparable_applications} comparable{' '}
        {prediction.comparable_applications === 1 ? 'application' : 'applications'} found; {prediction.needed}{' '}
        are needed. Leave an input you are unsure of empty, or quote the risk to add to the book.
      </Alert>
    );
  const { range } = prediction;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <FigureCard label="Low (10th percentile)" value={formatCurrency(range.low)} />
        <FigureCard label="Expected annual premium" value={formatCurrency(range.median)} />
        <FigureCard label="High (90th percentile)" value={formatCurrency(range.high)} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        From {prediction.comparable_quotes} quotes on the {prediction.comparable_applications} most similar
        past applications, each scaled to this risk's insured value.
      </Text>
      {prediction.drivers.length > 0 && (
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h5" mb="xs">
            What moved the estimate
          </Title>
          <List size="sm" spacing={4}>
            {prediction.drivers.slice(0, 4).map((driver) => {
              const input = inputs.find((entry) => entry.input === driver.input);
              return (
                <List.Item key={driver.input}>
                  {driver.label}: {driver.change > 0 ? '+' : '-'}
                  {formatCurrency(Math.abs(driver.change))} against the typical{' '}
                  {typicalText(driver.typical, input)}
                </List.Item>
              );
            })}
          </List>
        </Card>
      )}
      <Card withBorder radius="md" padding={0}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Carrier</Table.Th>
              <Table.Th ta="right">Low</Table.Th>
              <Table.Th ta="right">Expected</Table.Th>
              <Table.Th ta="right">High</Table.Th>
              <Table.Th ta="right">Comparable quotes</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {prediction.carriers.map((carrier) => (
              <Table.Tr key={carrier.carrier}>
                <Table.Td>{carrier.display_name}</Table.Td>
                {carrier.range ? (
                  <>
                    <Table.Td ta="right">{formatCurrency(carrier.range.low)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatCurrency(carrier.range.median)}
                    </Table.Td>
                    <Table.Td ta="right">{formatCurrency(carrier.range.high)}</Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={3} ta="right">
                    <Badge color="gray" variant="light">
                      Not enough data
                    </Badge>
                  </Table.Td>
                )}
                <Table.Td ta="right">{carrier.comparables}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
