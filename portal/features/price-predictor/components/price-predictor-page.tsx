/**
 * /dashboard/price-predictor (issue 15, SPEC §2): an agent picks an application (or types the few
 * inputs that drive a flood premium) and gets the expected annual premium range overall and per
 * carrier from the quotes this portal received for similar risks, with the inputs that moved it,
 * or "not enough data" instead of a made-up number. The model's fit and measured accuracy are
 * shown; admins can refit it. docs/decisions/201-price-predictor.md.
 */
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { type RiskInputs, usePrediction, usePredictorModel } from '../api/price-predictor-api.ts';
import { ApplicationPicker } from './application-picker.tsx';
import { ModelStatus } from './model-status.tsx';
import { PredictionResult } from './prediction-result.tsx';
import { PredictorInputField } from './predictor-input-field.tsx';
import { firstPredictedProduct, ProductChoice } from './product-choice.tsx';

/** The price predictor page. */
export function PricePredictorPage() {
  const role = useAuth().user?.role;
  const model = usePredictorModel();
  const prediction = usePrediction();
  // Null until the agent chooses one or picks an application: then the first predicted product.
  const [product, setProduct] = useState<string | null>(null);
  const [inputs, setInputs] = useState<RiskInputs>({});
  const [source, setSource] = useState<string | null>(null);

  const estimate = () =>
    prediction.mutate({ product: product ?? firstPredictedProduct(model.data?.products ?? []), inputs });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Price predictor
        </Title>
        <Text c="dimmed" size="sm">
          The expected annual premium of a risk, from the quotes this portal has received for similar risks.
        </Text>
      </div>
      {model.isError ? (
        <LoadError
          title="The price model could not be loaded"
          error={model.error}
          onRetry={() => model.refetch()}
        />
      ) : !model.data ? (
        <Skeleton height={220} radius="md" />
      ) : (
        <>
          <ModelStatus model={model.data.model} canRefit={role === 'admin' || role === 'super-admin'} />
          <Card withBorder radius="md" padding="md">
            <form
              onSubmit={(event) => {
                event.preventDefault();
                estimate();
              }}
            >
              <Stack gap="md">
                <ApplicationPicker
                  onPicked={(picked) => {
                    setProduct(picked.product);
                    setInputs(picked.inputs);
                    setSource(picked.searched_address);
                    prediction.reset();
                  }}
                />
                {source !== null && (
                  <Text size="sm" c="dimmed">
                    Inputs filled from the application at {source || 'an address not entered yet'}; change any
                    of them.
                  </Text>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
                  <ProductChoice
                    products={model.data.products}
                    value={product ?? firstPredictedProduct(model.data.products)}
                    onChange={setProduct}
                  />
                  {model.data.inputs.map((input) => (
                    <PredictorInputField
                      key={input.input}
                      input={input}
                      value={inputs[input.input] ?? null}
                      onChange={(value) => setInputs((current) => ({ ...current, [input.input]: value }))}
                    />
                  ))}
                </SimpleGrid>
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    Leave an input empty when it is not known: it is then not compared.
                  </Text>
                  <Button
                    type="submit"
                    leftSection={<IconCalculator size={16} />}
                    loading={prediction.isPending}
                  >
                    Estimate premium
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
          {prediction.isError && (
            <LoadError title="The estimate failed" error={prediction.error} onRetry={estimate} />
          )}
          {prediction.data && <PredictionResult prediction={prediction.data} inputs={model.data.inputs} />}
          {!prediction.data && !prediction.isError && (
            <Alert variant="light" color="gray" title="No estimate yet">
              Pick an application or enter the inputs you know, then choose Estimate premium.
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
