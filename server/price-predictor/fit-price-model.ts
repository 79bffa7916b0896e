/**
 * The nightly fit of the price model (the price-model-refit job): every past quoted premium, with
 * the model's accuracy measured on held-out applications first. Issue 15 Price predictor,
 * docs/decisions/201-price-predictor.md.
 */
import { predictRisk } from './predict-premium.ts';
import type { PricePredictorConfig } from './predictor-config.ts';
import { accuracyOf, buildModel, type PastQuote, type PriceModel } from './price-model.ts';

/** The tally of every held-out quote, beside one per product (no product is named with a space). */
const OVERALL = 'all products';

/**
 * Fits the model on every past quote and measures its accuracy first: one application in
 * `holdout_every` (by id) is held out, a model of the others predicts up to `evaluation_sample`
 * held-out applications, each of their quotes is judged against its carrier's range (the overall
 * range when the carrier has none), and the median absolute percentage error of the middle
 * estimate and the share of premiums inside the range are kept with the model, overall and per
 * product (ADR 761).
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
  /** Errors, premiums inside their range and quotes not predicted: overall and per product. */
  const tallies = new Map<string, { errors: number[]; inside: number; unpredicted: number }>();
  const tally = (key: string) => {
    const found = tallies.get(key) ?? { errors: [], inside: 0, unpredicted: 0 };
    tallies.set(key, found);
    return found;
  };
  const overall = tally(OVERALL);
  for (const application of [...heldOut.values()].slice(0, config.evaluation_sample)) {
    const { product, inputs } = application[0];
    const ofProduct = tally(product);
    const prediction = predictRisk(trained, product, inputs, config);
    for (const quote of application) {
      if (!(quote.premium > 0)) continue;
      const range =
        prediction.carriers.find((entry) => entry.carrier === quote.carrier)?.range ?? prediction.range;
      for (const counts of [overall, ofProduct]) {
        if (!range) {
          counts.unpredicted++;
          continue;
        }
        counts.errors.push(Math.abs(range.median - quote.premium) / quote.premium);
        if (quote.premium >= range.low && quote.premium <= range.high) counts.inside++;
      }
    }
  }
  const model = buildModel(quotes, config, fittedAt);
  const accuracy = (counts: { errors: number[]; inside: number; unpredicted: number }) =>
    accuracyOf(counts.errors, counts.inside, counts.unpredicted);
  model.accuracy = accuracy(overall);
  model.accuracy_by_product = Object.fromEntries(
    [...tallies.entries()].filter(([key]) => key !== OVERALL).map(([key, counts]) => [key, accuracy(counts)]),
  );
  return model;
}
