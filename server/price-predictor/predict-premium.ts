/**
 * The price predictor (issue 15, SPEC §2 /dashboard/price-predictor): the past applications of the
 * same product nearest to the asked risk, each quoted premium scaled to the asked insured value by
 * its rate per dollar, give the expected range overall (every quote of the nearest applications)
 * and per carrier (that carrier's quotes among them); too few comparables give "not
 * enough data", never a made-up number. Each input's pull on the estimate is the change of the
 * middle estimate when that input is set to the book's typical value.
 * docs/decisions/201-price-predictor.md.
 */
import { quantileSorted } from 'simple-statistics';
import type { PricePredictorConfig } from './predictor-config.ts';
import type { ModelQuote, ModelRisk, PredictedRange, PriceModel } from './price-model.ts';
import { featuresOf, insuredValue, type RiskInputs, riskDistance } from './risk-inputs.ts';

export interface CarrierPrediction {
  carrier: string;
  display_name: string;
  /** The carrier's comparable quotes used. */
  comparables: number;
  /** Null when the carrier has fewer than carrier_min_comparables comparable quotes. */
  range: PredictedRange | null;
}

/** How much one input moved the middle estimate against the book's typical risk (dollars, signed). */
export interface PriceDriver {
  input: string;
  label: string;
  /** The book's typical value the input was compared with. */
  typical: string | number;
  /** Middle estimate minus the middle estimate with the typical value, whole dollars. */
  change: number;
}

/** The ranges of one risk, without drivers. */
export interface RiskPrediction {
  /** Comparable past applications used for the overall range. */
  comparable_applications: number;
  /** Their quoted premiums. */
  comparable_quotes: number;
  /** Null with fewer than min_comparables comparable applications. */
  range: PredictedRange | null;
  carriers: CarrierPrediction[];
}

export interface PricePrediction extends RiskPrediction {
  status: 'estimated' | 'not-enough-data';
  /** Comparable applications needed for an estimate. */
  needed: number;
  /** Largest change first. */
  drivers: PriceDriver[];
}

const byProduct = new WeakMap<PriceModel, Map<string, ModelRisk[]>>();

/** The model's risks of `product` (grouped once per model). */
function risksOf(model: PriceModel, product: string): ModelRisk[] {
  let groups = byProduct.get(model);
  if (!groups) {
    groups = new Map();
    for (const risk of model.risks) groups.set(risk.product, [...(groups.get(risk.product) ?? []), risk]);
    byProduct.set(model, groups);
  }
  return groups.get(product) ?? [];
}

/** Past risks of `product` within max_distance of `inputs`, nearest first. */
function comparableRisks(
  model: PriceModel,
  product: string,
  inputs: RiskInputs,
  config: PricePredictorConfig,
): ModelRisk[] {
  const asked = featuresOf(inputs, config);
  const found: { risk: ModelRisk; distance: number }[] = [];
  for (const risk of risksOf(model, product)) {
    const distance = riskDistance(asked, risk.features, config);
    if (distance <= config.max_distance) found.push({ risk, distance });
  }
  return found.sort((a, b) => a.distance - b.distance).map(({ risk }) => risk);
}

/** `quotes` scaled to `insured` dollars (a quote without a rate keeps its premium), as a range. */
function rangeOf(quotes: ModelQuote[], insured: number, config: PricePredictorConfig): PredictedRange {
  const premiums = quotes
    .map(([, premium, rate]) => (insured > 0 && rate !== null ? rate * insured : premium))
    .sort((a, b) => a - b);
  const [low, median, high] = config.range_quantiles.map((q) => Math.round(quantileSorted(premiums, q)));
  return { low, median, high };
}

/** The overall range: every quote of the `neighbours` nearest applications (null below min_comparables). */
function overall(near: ModelRisk[], insured: number, config: PricePredictorConfig) {
  const nearest = near.slice(0, config.neighbours);
  const quotes = nearest.flatMap((risk) => risk.quotes);
  return {
    comparable_applications: nearest.length,
    comparable_quotes: quotes.length,
    range:
      nearest.length >= config.min_comparables && quotes.length ? rangeOf(quotes, insured, config) : null,
  };
}

/** Each carrier's range from its quotes of the nearest applications, cheapest middle estimate first. */
function carrierRanges(
  model: PriceModel,
  near: ModelRisk[],
  insured: number,
  config: PricePredictorConfig,
): CarrierPrediction[] {
  const byCarrier = new Map<number, ModelQuote[]>();
  for (const risk of near.slice(0, config.neighbours))
    for (const quote of risk.quotes) byCarrier.set(quote[0], [...(byCarrier.get(quote[0]) ?? []), quote]);
  return [...byCarrier.entries()]
    .map(([index, quotes]) => ({
      carrier: model.carriers[index].key,
      display_name: model.carriers[index].display_name,
      comparables: quotes.length,
      range: quotes.length >= config.carrier_min_comparables ? rangeOf(quotes, insured, config) : null,
    }))
    .sort(
      (a, b) => (a.range?.median ?? Number.POSITIVE_INFINITY) - (b.range?.median ?? Number.POSITIVE_INFINITY),
    );
}

/** The overall and carrier ranges of a `product` risk with `inputs` (no drivers). */
export function predictRisk(
  model: PriceModel,
  product: string,
  inputs: RiskInputs,
  config: PricePredictorConfig,
): RiskPrediction {
  const near = comparableRisks(model, product, inputs, config);
  const insured = insuredValue(inputs, config);
  const found = overall(near, insured, config);
  return { ...found, carriers: found.range ? carrierRanges(model, near, insured, config) : [] };
}

/** Inputs that moved the middle estimate, largest change first (inputs left empty or already typical are not). */
function driversOf(
  model: PriceModel,
  product: string,
  inputs: RiskInputs,
  median: number,
  config: PricePredictorConfig,
): PriceDriver[] {
  const drivers: PriceDriver[] = [];
  for (const input of config.inputs) {
    const typical = model.typical[input.input];
    const value = inputs[input.input];
    if (
      value === null ||
      value === undefined ||
      typical === null ||
      typical === undefined ||
      value === typical
    )
      continue;
    const neutral = { ...inputs, [input.input]: typical };
    const { range } = overall(
      comparableRisks(model, product, neutral, config),
      insuredValue(neutral, config),
      config,
    );
    if (range && range.median !== median)
      drivers.push({ input: input.input, label: input.label, typical, change: median - range.median });
  }
  return drivers.sort((a, b) => Math.abs(b.change) - Math.abs(a.change));
}

/**
 * The expected premium of a `product` risk with `inputs` (config inputs; null or missing = not
 * known): the overall range, each carrier's, and the drivers. Fewer than min_comparables comparable
 * applications: status "not-enough-data" and no range, carriers or drivers.
 */
export function predictPremium(
  model: PriceModel,
  product: string,
  inputs: RiskInputs,
  config: PricePredictorConfig,
): PricePrediction {
  const prediction = predictRisk(model, product, inputs, config);
  return {
    ...prediction,
    status: prediction.range ? 'estimated' : 'not-enough-data',
    needed: config.min_comparables,
    drivers: prediction.range ? driversOf(model, product, inputs, prediction.range.median, config) : [],
  };
}
