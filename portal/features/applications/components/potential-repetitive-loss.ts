/**
 * When a commercial application is a potential repetitive loss. ADR 072: the trade's definition is
 * two or more paid flood claims over $1,000 within 10 years, or a single loss whose repair reached
 * a quarter of the building's value (the substantial-damage share used for repetitive-loss
 * structures). The form records one loss, so the dialog asks for the count.
 */

/** A claim counts toward repetitive loss above this amount, in dollars. */
export const REPETITIVE_LOSS_CLAIM_MIN = 1000;

/** A single loss at or above this share of the building value counts as substantial. */
export const SUBSTANTIAL_LOSS_SHARE = 0.25;

/** What the assessment reads: the prior-loss answer, the count the agent gives, amounts in dollars. */
export interface RepetitiveLossFacts {
  priorLoss: unknown;
  /** Flood losses in the last 10 years, as the agent answered (1 or more); null before answering. */
  lossCount: number | null;
  /** Reported loss amount in dollars, or null. */
  amount: number | null;
  /** Building replacement cost (or limit) in dollars, or null. */
  buildingValue: number | null;
}

/** True when the dialog must be shown: the commercial prior flood loss answer is Yes. */
export function asksAboutRepetitiveLoss(doc: Record<string, unknown>): boolean {
  return doc.underwriting_prior_flood_loss === 'Yes';
}

/**
 * True for a potential repetitive loss: prior loss Yes and either 2+ losses with the reported one
 * over $1,000, or a reported loss of at least 25% of a known building value.
 */
export function isPotentialRepetitiveLoss(facts: RepetitiveLossFacts): boolean {
  if (facts.priorLoss !== 'Yes') return false;
  const amount = facts.amount ?? 0;
  const repeated = (facts.lossCount ?? 0) >= 2 && amount > REPETITIVE_LOSS_CLAIM_MIN;
  const substantial =
    facts.buildingValue !== null &&
    facts.buildingValue > 0 &&
    amount >= facts.buildingValue * SUBSTANTIAL_LOSS_SHARE;
  return repeated || substantial;
}
