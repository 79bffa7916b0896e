import type { CoverageExtra } from '../../carrier-catalog/carriers-file-types.ts';
import type { Doc } from '../../engine/index.ts';
import { documentNumber } from './document-number.ts';
import { ratedLimitFields } from './sandbox-rate.ts';

/** Coverages of a sandbox quote and the dollars of extras bought on top of the included ones. */
export interface SandboxCoverages {
  coverages: Record<string, number | string>;
  purchased: number;
}

function amountOf(doc: Doc, field: string): number {
  return Math.max(0, documentNumber(doc[field]) ?? 0);
}

/**
 * Coverages as quoted (dollars): the rated limits echoed as building_limit and contents_limit
 * (for Excess these are the excess layer, also echoed as excess_building_limit and
 * excess_contents_limit), the deductible (left out for an Excess document without one), then each carrier extra of carriers.json: a fixed
 * `amount`, `percent` of a document field (rounded to whole dollars) or a text `value`.
 * A `purchasable` extra adds whole `step`s of the amount the agent asked for in `from_field`,
 * as long as the total stays within `max_percent` of `of` and `max_amount`; the bought part is
 * echoed as `<coverage>_purchased`. SPEC §1 stated carrier benefits.
 */
export function sandboxCoverages(doc: Doc, product: string, extras: CoverageExtra[] = []): SandboxCoverages {
  const fields = ratedLimitFields(product);
  const coverages: Record<string, number | string> = {
    building_limit: amountOf(doc, fields.building),
    contents_limit: amountOf(doc, fields.contents),
  };
  // An excess layer sits on the primary policy and often has no deductible of its own.
  if (product !== 'Excess' || documentNumber(doc.deductible) !== null) {
    coverages.deductible = amountOf(doc, 'deductible');
  }
  if (product === 'Excess') {
    coverages.excess_building_limit = coverages.building_limit;
    coverages.excess_contents_limit = coverages.contents_limit;
  }
  let purchased = 0;
  for (const extra of extras) {
    if (extra.value !== undefined) {
      coverages[extra.coverage] = extra.value;
    } else if (extra.percent !== undefined && extra.of !== undefined) {
      coverages[extra.coverage] = Math.round((extra.percent / 100) * amountOf(doc, extra.of));
    } else {
      const included = extra.amount ?? 0;
      let bought = 0;
      if (extra.purchasable) {
        const { from_field, step, max_percent, of, max_amount } = extra.purchasable;
        const cap = Math.min((max_percent / 100) * amountOf(doc, of), max_amount);
        const wantedSteps = Math.floor(amountOf(doc, from_field) / step);
        const roomSteps = Math.max(0, Math.floor((cap - included) / step));
        bought = Math.min(wantedSteps, roomSteps) * step;
        coverages[`${extra.coverage}_purchased`] = bought;
      }
      coverages[extra.coverage] = included + bought;
      purchased += bought;
    }
  }
  return { coverages, purchased };
}
