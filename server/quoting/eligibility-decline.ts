import jsonLogic from 'json-logic-js';
import type { EligibilityRule } from '../../carrier-catalog/carriers-file-types.ts';
import type { Doc, RuleContext } from '../../engine/index.ts';

/**
 * The decline message of the first eligibility rule whose `when` (JSON-logic over `{doc, ctx}`)
 * is truthy, or null when the carrier accepts the document. Rules run in carriers.json order.
 * Throws what json-logic-js throws for an unknown operator (a carriers.json defect).
 * ARCHITECTURE §Carriers (eligibility as data).
 */
export function eligibilityDecline(rules: EligibilityRule[], doc: Doc, ctx: RuleContext): string | null {
  const data = { doc, ctx };
  for (const rule of rules) {
    if (jsonLogic.truthy(jsonLogic.apply(rule.when as jsonLogic.RulesLogic, data)))
      return rule.decline_message;
  }
  return null;
}
