/**
 * The fields of a request body before its JSON Schema has run (a preValidation hook reads the
 * session_key of any body, ADR 013): a plain object's own fields, or none for any other body
 * (absent, null, an array, a string). Typed as unknown values, never cast (issue 41).
 */
export function uncheckedBodyFields(body: unknown): Readonly<Record<string, unknown>> {
  return isFieldRecord(body) ? body : {};
}

/** True for a non-null object that is not an array: a JSON object body. */
function isFieldRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
