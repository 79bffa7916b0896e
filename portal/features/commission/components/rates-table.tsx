/**
 * The commission rates of a company (issue 12): per product, every carrier and sub-carrier of the
 * catalogue in use (carrier-catalogue/carriers, issue 43) that writes it, with its new business and
 * renewal percent; admins of the company (and super-admins) change a row and save it; agents read.
 */
import { Button, Card, Group, NumberInput, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CarriersLoadError } from '../../../components/carriers-load-error.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { carriersWritingProduct } from '../../../lib/carrier-catalog.ts';
import { QUOTE_TYPES } from '../../../lib/constants.ts';
import { useLiveCarriers } from '../../../lib/live-carriers.ts';
import { showToast } from '../../../lib/toast.ts';
import { type CommissionRate, saveRate, useRates } from '../api/commission-api.ts';

/** Props: the company (null: the caller's own) and whether rates may change. */
export interface RatesTableProps {
  companyId: number | null;
  editable: boolean;
}

/** The product picker and the rates of its carriers. */
export function RatesTable({ companyId, editable }: RatesTableProps) {
  const [product, setProduct] = useState<string>(QUOTE_TYPES[0].value);
  const rates = useRates(companyId);
  const carriers = useLiveCarriers();
  if (rates.isPending || carriers.isPending) return <Skeleton height={240} aria-label="Loading the rates" />;
  if (rates.isError) {
    return <LoadError title="Could not load the rates" error={rates.error} onRetry={() => rates.refetch()} />;
  }
  if (carriers.isError) {
    return <CarriersLoadError carriers={carriers} />;
  }
  const writers = carriersWritingProduct(product, carriers.data);
  const rateOf = (key: string) => {
    const [carrier, sub = ''] = key.split('/');
    return rates.data.rates.find(
      (rate) => rate.carrier === carrier && rate.sub_carrier === sub && rate.product === product,
    );
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Product"
          data={QUOTE_TYPES.map((type) => ({ value: type.value, label: type.label }))}
          value={product}
          allowDeselect={false}
          onChange={(value) => value && setProduct(value)}
          w={240}
        />
        <Text size="sm" c="dimmed">
          Percent of the bound premium. A line without a rate counts $0.
        </Text>
      </Group>
      <Card withBorder radius="md" padding={0}>
        <Table verticalSpacing="xs" aria-label={`Commission rates, ${product}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Carrier</Table.Th>
              <Table.Th w={180}>New business %</Table.Th>
              <Table.Th w={180}>Renewal %</Table.Th>
              {editable && <Table.Th w={100} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {writers.map((writer) => (
              <RateRow
                key={`${product}:${writer.key}`}
                carrierKey={writer.key}
                name={writer.display_name}
                product={product}
                rate={rateOf(writer.key)}
                companyId={rates.data.company_id}
                editable={editable}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}

function RateRow(props: {
  carrierKey: string;
  name: string;
  product: string;
  rate: CommissionRate | undefined;
  companyId: number;
  editable: boolean;
}) {
  const { carrierKey, name, product, rate, companyId, editable } = props;
  const queryClient = useQueryClient();
  const [newBusiness, setNewBusiness] = useState<number | string>(rate?.new_business_percent ?? '');
  const [renewal, setRenewal] = useState<number | string>(rate?.renewal_percent ?? '');
  const [busy, setBusy] = useState(false);
  const changed =
    newBusiness !== (rate?.new_business_percent ?? '') || renewal !== (rate?.renewal_percent ?? '');
  const valid = typeof newBusiness === 'number' && typeof renewal === 'number';
  const save = async () => {
    if (typeof newBusiness !== 'number' || typeof renewal !== 'number') return;
    const [carrier, sub = ''] = carrierKey.split('/');
    setBusy(true);
    const answer = await saveRate({
      company_id: companyId,
      carrier,
      sub_carrier: sub,
      product,
      new_business_percent: newBusiness,
      renewal_percent: renewal,
    });
    setBusy(false);
    if (answer.status !== 'success') return;
    showToast(
      'success',
      'Rate saved',
      `${name}, ${product}: ${newBusiness}% new business, ${renewal}% renewal.`,
    );
    await queryClient.invalidateQueries({ queryKey: ['commission'] });
  };
  const input = (label: string, value: number | string, onChange: (value: number | string) => void) => (
    <NumberInput
      size="xs"
      aria-label={`${label} of ${name}`}
      value={value}
      onChange={onChange}
      min={0}
      max={100}
      decimalScale={2}
      suffix="%"
      readOnly={!editable}
      placeholder="No rate"
    />
  );
  return (
    <Table.Tr>
      <Table.Td>{name}</Table.Td>
      <Table.Td>{input('New business %', newBusiness, setNewBusiness)}</Table.Td>
      <Table.Td>{input('Renewal %', renewal, setRenewal)}</Table.Td>
      {editable && (
        <Table.Td>
          <Button size="xs" variant="light" disabled={!changed || !valid} loading={busy} onClick={save}>
            Save
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
