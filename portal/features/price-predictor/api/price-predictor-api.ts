/**
 * The price predictor calls (price-predictor/*, issue 15, docs/api.md Price predictor): the inputs
 * and the model in use, a prediction, an application's inputs, and an admin's refit.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';

/** Input name -> value (zone text or number); null = not known. */
export type RiskInputs = Record<string, string | number | null>;

/** One input the page asks for. */
export interface PredictorInput {
  input: string;
  label: string;
  kind: 'zone' | 'number' | 'log-number';
  unit: string | null;
  options: { value: string | number; label: string }[] | null;
  typical: string | number | null;
}

export interface ModelAccuracy {
  evaluated: number;
  unpredicted: number;
  median_absolute_percentage_error: number | null;
  range_coverage: number | null;
}

export interface PredictorModel {
  products: { value: string; label: string }[];
  inputs: PredictorInput[];
  model: {
    fitted_at: string;
    quote_count: number;
    application_count: number;
    accuracy: ModelAccuracy;
  } | null;
}

/** A premium range in whole dollars. */
export interface PremiumRange {
  low: number;
  median: number;
  high: number;
}

export interface PricePrediction {
  status: 'estimated' | 'not-enough-data';
  comparable_applications: number;
  comparable_quotes: number;
  needed: number;
  range: PremiumRange | null;
  carriers: { carrier: string; display_name: string; comparables: number; range: PremiumRange | null }[];
  drivers: { input: string; label: string; typical: string | number; change: number }[];
}

/** The inputs, products and the model in use. */
export function usePredictorModel() {
  return useQuery({
    queryKey: ['price-predictor', 'model'],
    queryFn: () => apiData<PredictorModel>('price-predictor/get-model', {}),
  });
}

/** Asks for the expected premium of a risk. */
export function usePrediction() {
  return useMutation({
    mutationFn: (asked: { product: string; inputs: RiskInputs }) =>
      apiData<PricePrediction>('price-predictor/predict', asked),
  });
}

/** The product and inputs of an application the caller may see. */
export function applicationInputs(applicationId: number) {
  return apiData<{ product: string; inputs: RiskInputs; searched_address: string }>(
    'price-predictor/inputs-from-application',
    { application_id: applicationId },
  );
}

/** Queues a refit of the model (admins). */
export function requestRefit() {
  return apiData<{ job_id: number }>('price-predictor/refit', {});
}
