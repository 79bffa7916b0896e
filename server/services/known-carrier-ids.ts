/**
 * The membership check of the carrier ids a launch names (issue 43, docs/decisions/772): the body
 * schema checks their shape only, so that a carrier a super-admin publishes is taken at once;
 * whether each id is a carrier of the catalogue in use is checked here, against the catalogue the
 * act reads. The refusal is the 400 the schema's enum gave (SPEC §7, §8; docs/api.md Errors).
 */

import { ApiError } from '../http/api-error.ts';
import { describeValidation } from '../http/error-handler.ts';

/** Ajv's text for a value outside an enum, kept so the answer reads as the enum check's did. */
const NOT_ALLOWED = 'must be equal to one of the allowed values';

/**
 * Throws ApiError 400 'Invalid request: body.<field>.<index> must be equal to one of the allowed
 * values' (error_obj keyed by that path) for the first of `ids` not in `known`; returns otherwise.
 */
export function requireKnownCarrierIds(
  field: string,
  ids: readonly string[],
  known: readonly string[],
): void {
  const index = ids.findIndex((id) => !known.includes(id));
  if (index === -1) return;
  const { message, errorObj } = describeValidation(
    [{ instancePath: `/${field}/${index}`, keyword: 'enum', message: NOT_ALLOWED, params: {} }],
    'body',
  );
  throw new ApiError(400, message, errorObj);
}
