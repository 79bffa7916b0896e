/**
 * The product a risk is estimated for, on the price predictor page: the schema set's products,
 * those the model holds too few quoted applications of shown but not offered, and under the choice
 * the model's error measured on that product's held-out applications (ADR 761).
 */
import { Select, Stack, Text } from '@mantine/core';
import type { PredictorModel } from '../api/price-predictor-api.ts';
import { percent } from './model-status.tsx';

type PredictorProduct = PredictorModel['products'][number];

/** What the page says of `product`'s estimates. */
function productNote(product: PredictorProduct | undefined): string {
  if (!product) return '';
  if (!product.predicted)
    return `Too few past ${product.label} quotes for an estimate (${product.applications} quoted applications).`;
  const accuracy = product.accuracy;
  if (!accuracy || accuracy.evaluated === 0) return `Not yet measured on held-out ${product.label} quotes.`;
  return `On ${accuracy.evaluated} held-out ${product.label} quotes: off by ${percent(
    accuracy.median_absolute_percentage_error,
  )} (median); the range held ${percent(accuracy.range_coverage)}.`;
}

/** Props: the products of the model view, the chosen one and its setter. */
export function ProductChoice({
  products,
  value,
  onChange,
}: {
  products: PredictorProduct[];
  value: string;
  onChange: (product: string) => void;
}) {
  const noteId = 'price-predictor-product-note';
  return (
    <Stack gap={4}>
      <Select
        label="Product"
        data={products.map((product) => ({
          value: product.value,
          label: product.predicted ? product.label : `${product.label} (too few past quotes)`,
          disabled: !product.predicted,
        }))}
        value={value}
        allowDeselect={false}
        onChange={(chosen) => chosen && onChange(chosen)}
        aria-describedby={noteId}
      />
      <Text id={noteId} size="xs" c="dimmed">
        {productNote(products.find((product) => product.value === value))}
      </Text>
    </Stack>
  );
}

/** The product the page starts with: the first the model predicts, else the first of all. */
export function firstPredictedProduct(products: PredictorProduct[]): string {
  return (products.find((product) => product.predicted) ?? products[0])?.value ?? '';
}
