/**
 * JSON-logic truthiness (jsonlogic.com/truthy, as json-logic-js applies it): JavaScript's,
 * except that an empty array is false. Decides every `when`, `assert` and applicability.
 */
export function isTruthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}
