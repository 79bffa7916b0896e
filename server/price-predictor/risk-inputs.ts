/**
 * A risk as the price predictor sees it: the configured inputs' values (a FEMA zone text or a
 * number, null when unknown), read from an application document or given by the agent, and the
 * distance between two risks. Issue 15 Price predictor, docs/decisions/201-price-predictor.md.
 */
import { documentNumber } from '../quoting/document-number.ts';
import { inputField, type PredictorInput, type PricePredictorConfig } from './predictor-config.ts';

/** The key a carrier's quotes are grouped by: the sub-carrier's name, else the family's (carriers.json). */
export function carrierKey(quote: { carrier: string; sub_carrier: string | null }): string {
  return quote.sub_carrier ?? quote.carrier;
}

/**
 * Input name -> value: a zone text for `zone` inputs, a number (dollars, feet, year) otherwise;
 * null or missing = unknown (price-predictor/predict names only the inputs it knows).
 */
export type RiskInputs = Partial<Record<string, string | number | null>>;

/** One input of a risk prepared for distances: a zone group, a number (a logarithm for log-number), or null. */
export type RiskFeature = string | number | null;

/** The input's value in `doc` for `product`: trimmed upper-case zone text, or a finite number; else null. */
function documentValue(
  input: PredictorInput,
  doc: Record<string, unknown>,
  product: string,
): string | number | null {
  const raw = doc[inputField(input, product)];
  if (input.kind === 'zone') {
    const zone = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
    return zone || null;
  }
  return documentNumber(raw) ?? null;
}

/** The configured inputs read from an application document rated as `product`. */
export function riskInputsOf(
  doc: Record<string, unknown>,
  product: string,
  config: PricePredictorConfig,
): RiskInputs {
  return Object.fromEntries(config.inputs.map((input) => [input.input, documentValue(input, doc, product)]));
}

/** The zone group of a FEMA zone: the first group whose prefix the zone starts with, else other_group. */
export function zoneGroup(zone: string, input: PredictorInput): string {
  const upper = zone.trim().toUpperCase();
  const match = input.zone_groups?.find((group) => upper.startsWith(group.prefix.toUpperCase()));
  return match ? match.group : (input.other_group ?? 'other');
}

/** One input prepared for distances; a log-number that is not positive is unknown. */
export function featureOf(input: PredictorInput, value: string | number | null | undefined): RiskFeature {
  if (value === null || value === undefined || value === '') return null;
  if (input.kind === 'zone') return zoneGroup(String(value), input);
  const number = Number(value);
  if (!Number.isFinite(number)) return null;
  if (input.kind === 'log-number') return number > 0 ? Math.log(number) : null;
  return number;
}

/** Every configured input of `inputs` prepared for distances, in the configuration's order. */
export function featuresOf(inputs: RiskInputs, config: PricePredictorConfig): RiskFeature[] {
  return config.inputs.map((input) => featureOf(input, inputs[input.input]));
}

/** Distance counted for an input the asked risk has and a past quote does not. */
export const UNKNOWN_INPUT_DISTANCE = 1;

/**
 * Euclidean distance in scaled units between the asked risk and a past one, over the inputs the
 * asked risk has (an input it leaves empty does not count): zones 0 in the same group, else the
 * input's mismatch_distance; numbers |a - b| / scale.
 */
export function riskDistance(
  asked: RiskFeature[],
  past: RiskFeature[],
  config: PricePredictorConfig,
): number {
  let sum = 0;
  for (let i = 0; i < asked.length; i++) {
    const a = asked[i];
    if (a === null) continue;
    const b = past[i];
    const input = config.inputs[i];
    let d: number;
    if (b === null) d = UNKNOWN_INPUT_DISTANCE;
    else if (typeof a === 'string' || typeof b === 'string') d = a === b ? 0 : (input.mismatch_distance ?? 1);
    else d = (a - b) / (input.scale ?? 1);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** The insured value in dollars: the sum of the insured_value_inputs that are positive numbers (0 when none). */
export function insuredValue(inputs: RiskInputs, config: PricePredictorConfig): number {
  return config.insured_value_inputs.reduce((sum, name) => {
    const value = inputs[name];
    return typeof value === 'number' && value > 0 ? sum + value : sum;
  }, 0);
}
