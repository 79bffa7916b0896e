/**
 * The price predictor's configuration (server/config/price-predictor.json): the inputs that drive a
 * flood premium, how near two risks are, and the model's sizes. Issue 15 Price predictor,
 * docs/decisions/201-price-predictor.md.
 */
import configFile from '../config/price-predictor.json' with { type: 'json' };

/** How an input is compared: a FEMA zone by its group, a number linearly, a dollar amount by its logarithm. */
export type PredictorInputKind = 'zone' | 'number' | 'log-number';

export interface ZoneGroup {
  /** First letters of the FEMA zone (V before A), e.g. "V". */
  prefix: string;
  /** The group's name, shown when the zone moved the estimate. */
  group: string;
}

export interface PredictorInput {
  /** The input's name in the predict call, e.g. "flood_zone". */
  input: string;
  label: string;
  kind: PredictorInputKind;
  /** The application document field it is read from. */
  field: string;
  /** Another field for some products (the excess layer's limits for Excess). */
  field_by_product?: Record<string, string>;
  /** "dollars", "feet", "year". */
  unit?: string;
  /** The difference that counts as one unit of distance (in the kind's terms: years, feet, log dollars). */
  scale?: number;
  zone_groups?: ZoneGroup[];
  other_group?: string;
  /** Distance between two zones of different groups (above max_distance: never comparable). */
  mismatch_distance?: number;
}

export interface PricePredictorConfig {
  /** Nearest past applications whose quotes make the ranges. */
  neighbours: number;
  /** Fewer comparable applications than this: "not enough data". */
  min_comparables: number;
  /** A carrier with fewer quotes among them has no range of its own. */
  carrier_min_comparables: number;
  /** A past quote farther than this (in scaled units) is not comparable. */
  max_distance: number;
  /** Low, middle and high quantiles of the range (0-1). */
  range_quantiles: [number, number, number];
  /** One application in this many is held out when the model's error is measured. */
  holdout_every: number;
  /** At most this many held-out quotes are predicted when the error is measured. */
  evaluation_sample: number;
  /** The fit reads the quotes of at most this many newest quoted applications. */
  max_applications: number;
  /** Hour (UTC) of the nightly refit. */
  refit_hour_utc: number;
  /** Fits kept in price_models. */
  kept_fits: number;
  /** Inputs whose dollars sum to the insured value a premium is scaled by. */
  insured_value_inputs: string[];
  inputs: PredictorInput[];
}

/** The configuration in server/config/price-predictor.json. */
export const pricePredictorConfig = configFile as unknown as PricePredictorConfig;

/** The document field `input` is read from for `product`. */
export function inputField(input: PredictorInput, product: string): string {
  return input.field_by_product?.[product] ?? input.field;
}
