/**
 * The price predictor calls (price-predictor/*, issue 15, docs/api.md Price predictor): the inputs
 * and the model in use, a prediction, an application's inputs, and an admin's refit.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, type ApiBody, documentedData } from '../../../lib/api-operations.ts';

/** Input name -> value (zone text or number); null = not known. */
export type RiskInputs = Record<string, string | number | null>;

/** The products, the inputs the page asks for, and the model in use (null before the first fit). */
export type PredictorModel = ApiAnswer<'price-predictor/get-model'>;

/** One input the page asks for. */
export type PredictorInput = PredictorModel['inputs'][number];

/** A prediction: the premium range in whole dollars, per carrier, and what drives it. */
export type PricePrediction = ApiAnswer<'price-predictor/predict'>;

/** A premium range in whole dollars. */
export type PremiumRange = NonNullable<PricePrediction['range']>;

/** The inputs, products and the model in use. */
export function usePredictorModel() {
  return useQuery({
    queryKey: ['price-predictor', 'model'],
    queryFn: () => documentedData('price-predictor/get-model', {}),
  });
}

/** Asks for the expected premium of a risk. */
export function usePrediction() {
  return useMutation({
    mutationFn: (asked: ApiBody<'price-predictor/predict'>) =>
      documentedData('price-predictor/predict', asked),
  });
}

/** The product and inputs of an application the caller may see. */
export function applicationInputs(applicationId: number) {
  return documentedData('price-predictor/inputs-from-application', { application_id: applicationId });
}

/** Queues a refit of the model (admins). */
export function requestRefit() {
  return documentedData('price-predictor/refit', {});
}
