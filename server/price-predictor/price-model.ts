/**
 * The price model: past quoted premiums with the inputs of their risks, fitted (nightly, by the
 * price-model-refit job) into a compact table the predictor searches for nearest neighbours, with
 * the model's error measured on held-out applications. Issue 15 Price predictor,
 * docs/decisions/201-price-predictor.md.
 */
import { quantileSorted } from 'simple-statistics';
import type { PricePredictorConfig } from './predictor-config.ts';
import { featuresOf, insuredValue, type RiskFeature, type RiskInputs } from './risk-inputs.ts';

/** One quoted premium of the portal's past, as the fit reads it. */
export interface PastQuote {
  application_id: number;
  /** The carrier's key: the sub-carrier's name, else the family's (carriers.json). */
  carrier: string;
  display_name: string;
  /** "Primary" | "Excess" | "Mobile" | "Commercial". */
  product: string;
  /** Annual premium in dollars (> 0). */
  premium: number;
  inputs: RiskInputs;
}

/** One past quote of a risk in the model: [carrier index, premium in dollars, premium per dollar insured or null]. */
export type ModelQuote = [carrier: number, premium: number, rate: number | null];

/** One past application (a risk) in the model with its quoted premiums. */
export interface ModelRisk {
  product: string;
  features: RiskFeature[];
  quotes: ModelQuote[];
}

/** How far the model's middle estimate was from held-out premiums, and how often the range held them. */
export interface ModelAccuracy {
  /** Held-out quotes predicted. */
  evaluated: number;
  /** Held-out quotes of applications without enough comparables (not predicted). */
  unpredicted: number;
  /** Median absolute percentage error of the middle estimate (0.12 = 12%). */
  median_absolute_percentage_error: number | null;
  /** Share of held-out premiums inside the predicted range (0-1). */
  range_coverage: number | null;
}

/** The accuracy of judged errors: `errors` as fractions, `inside` of them in their range. */
export function accuracyOf(errors: number[], inside: number, unpredicted: number): ModelAccuracy {
  return {
    evaluated: errors.length,
    unpredicted,
    median_absolute_percentage_error: medianOf(errors),
    range_coverage: errors.length ? inside / errors.length : null,
  };
}

export interface PriceModel {
  fitted_at: string;
  quote_count: number;
  application_count: number;
  carriers: { key: string; display_name: string }[];
  risks: ModelRisk[];
  /** The book's typical value of each input (median number, most frequent zone): the "neutral" risk. */
  typical: RiskInputs;
  accuracy: ModelAccuracy;
  /**
   * The same measure per product ("Primary", ...), for the products with held-out applications;
   * absent from models fitted before it was kept (ADR 761).
   */
  accuracy_by_product?: Record<string, ModelAccuracy>;
}

/** The model's risks: one per application, with its quotes of a positive premium. */
function risksOf(
  quotes: PastQuote[],
  config: PricePredictorConfig,
  carriers: Map<string, number>,
): ModelRisk[] {
  const risks = new Map<number, ModelRisk>();
  for (const quote of quotes) {
    if (!(quote.premium > 0)) continue;
    let risk = risks.get(quote.application_id);
    if (!risk) {
      risk = { product: quote.product, features: featuresOf(quote.inputs, config), quotes: [] };
      risks.set(quote.application_id, risk);
    }
    const insured = insuredValue(quote.inputs, config);
    risk.quotes.push([
      carriers.get(quote.carrier) ?? 0,
      quote.premium,
      insured > 0 ? quote.premium / insured : null,
    ]);
  }
  return [...risks.values()];
}

/** The median of numbers, or null for none. */
export function medianOf(values: number[]): number | null {
  return values.length
    ? quantileSorted(
        [...values].sort((a, b) => a - b),
        0.5,
      )
    : null;
}

/** Each input's typical value over `quotes`: the median number, or the most frequent zone text. */
function typicalInputs(quotes: PastQuote[], config: PricePredictorConfig): RiskInputs {
  return Object.fromEntries(
    config.inputs.map((input) => {
      const values = quotes.map((quote) => quote.inputs[input.input]).filter((value) => value !== null);
      if (input.kind !== 'zone') return [input.input, medianOf(values.filter((v) => typeof v === 'number'))];
      const counts = new Map<string, number>();
      for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
      const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      return [input.input, top ? top[0] : null];
    }),
  );
}

/** A model of `quotes` without its accuracy (fitPriceModel measures it). */
export function buildModel(quotes: PastQuote[], config: PricePredictorConfig, fittedAt: Date): PriceModel {
  const carrierNames = new Map<string, string>();
  for (const quote of quotes)
    if (!carrierNames.has(quote.carrier)) carrierNames.set(quote.carrier, quote.display_name);
  const carriers = [...carrierNames.entries()].map(([key, display_name]) => ({ key, display_name }));
  const index = new Map(carriers.map((carrier, i) => [carrier.key, i]));
  return {
    fitted_at: fittedAt.toISOString(),
    quote_count: quotes.length,
    application_count: new Set(quotes.map((quote) => quote.application_id)).size,
    carriers,
    risks: risksOf(quotes, config, index),
    typical: typicalInputs(quotes, config),
    accuracy: accuracyOf([], 0, 0),
  };
}

/** A premium range in whole dollars. */
export interface PredictedRange {
  low: number;
  median: number;
  high: number;
}
