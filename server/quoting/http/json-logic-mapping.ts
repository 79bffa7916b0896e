import jsonLogic from 'json-logic-js';
import type { ResponseMapping } from '../../../carrier-catalog/connection-types.ts';

/** JSON-logic `rule` applied to `data` (json-logic-js, no custom operators). */
function apply(rule: unknown, data: unknown): unknown {
  return jsonLogic.apply(rule as jsonLogic.RulesLogic, data);
}

/**
 * The carrier's request body: each dotted path of `request` (e.g. "risk.address.zip") set to its
 * JSON-logic value over `data` (`{doc, ctx, carrier}`); a null or absent value leaves the path out.
 * Throws what json-logic-js throws for an unknown operator. Issue 19 request mapping.
 */
export function buildRequestBody(request: Record<string, unknown>, data: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [path, rule] of Object.entries(request)) {
    const value = apply(rule, data);
    if (value === null || value === undefined) continue;
    const keys = path.split('.');
    let node = body;
    for (const key of keys.slice(0, -1)) {
      const next = node[key];
      node[key] = next !== null && typeof next === 'object' ? next : {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys[keys.length - 1] as string] = value;
  }
  return body;
}

/** What a response mapping gives before the answer schema of quote answers checks it. */
export interface MappedAnswer {
  status: unknown;
  premium: unknown;
  coverages: Record<string, unknown>;
  benefits: unknown;
  message: unknown;
  carrier_reference: unknown;
  bind_url: unknown;
}

/**
 * The carrier's answer mapped by `mapping` over `data` (`{answer, doc, ctx}`): coverages whose
 * value is null are left out, `deductible` becomes the `deductible` coverage, absent optional
 * expressions give null. The result is checked by parseQuoteAnswer, not here. Issue 19.
 */
export function mapAnswer(mapping: ResponseMapping, data: unknown): MappedAnswer {
  const coverages: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(mapping.coverages)) {
    const value = apply(rule, data);
    if (value !== null && value !== undefined) coverages[name] = value;
  }
  const optional = (rule: unknown) => (rule === undefined ? null : (apply(rule, data) ?? null));
  const deductible = optional(mapping.deductible);
  if (deductible !== null) coverages.deductible = deductible;
  return {
    status: apply(mapping.status, data),
    premium: optional(mapping.premium),
    coverages,
    benefits: optional(mapping.benefits),
    message: optional(mapping.message),
    carrier_reference: optional(mapping.carrier_reference),
    bind_url: optional(mapping.bind_url),
  };
}
