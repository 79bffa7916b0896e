/**
 * The nightly fit of the price model (the price-model-refit job): every past quoted premium, with
 * the model's accuracy measured on held-out applications first. Issue 15 Price predictor,
 * docs/decisions/201-price-predictor.md.
 */
import { predictRisk } from './predict-premium.ts';
import type { PricePredictorConfig } from './predictor-config.ts';
import { buildModel, medianOf, type PastQuote, type PriceModel } from './price-model.ts';

/**
 * Fits the model on every past quote and measures its accuracy first: one application in
 * `holdout_every` (by id) is held out, a model of the others predicts up to `evaluation_sample`
 * held-out applications, each of their quotes is judged against its carrier's range (the overall
 * range when the carrier has none), and the median absolute percentage error of the middle
 * estimate and the share of premiums inside the range are kept with the model.
 */
export function fitPriceModel(
  quotes: PastQuote[],
  config: PricePredictorConfig,
  fittedAt: Date = new Date(),
): PriceModel {
  const heldOut = new Map<number, PastQuote[]>();
  const training: PastQuote[] = [];
  for (const quote of quotes) {
    if (quote.application_id % config.holdout_every !== 0) training.push(quote);
    else heldOut.set(quote.application_id, [...(heldOut.get(quote.application_id) ?? []), quote]);
  }
  const trained = buildModel(training, config, fittedAt);
  const errors: number[] = [];
  let inside = 0;
  let unpredicted = 0;
  for (const application of [...heldOut.values()].slice(0, config.evaluation_sample)) {
    const { product, inputs } = application[0];
    const prediction = predictRisk(trained, product, inputs, config);
    for (const quote of application) {
      if (!(quote.premium > 0)) continue;
      const range =
        prediction.carriers.find((entry) => entry.carrier === quote.carrier)?.range ?? prediction.range;
      if (!range) {
        unpredicted++;
        continue;
      }
      errors.push(Math.abs(range.median - quote.premium) / quote.premium);
      if (quote.premium >= range.low && quote.premium <= range.high) inside++;
    }
  }
  const model = buildModel(quotes, config, fittedAt);
  model.accuracy = {
    evaluated: errors.length,
    unpredicted,
    median_absolute_percentage_error: medianOf(errors),
    range_coverage: errors.length ? inside / errors.length : null,
  };
  return model;
}
