/**
 * Values update-application refused (issue 37 "The agent is told"): a 422 whose `error_obj` names
 * fields of the document sent (a value the application's schema version does not list) is kept per
 * field with the value refused, shown at the field while the form still holds that value, and left
 * out of the next saves, so every other edit is saved and the refusal is not retried in a loop.
 */
import type { Doc } from '../../../../engine/index.ts';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { sameValue } from './changed-fields.ts';

/** A refused value and the server's message for its field. */
export interface RefusedValue {
  value: unknown;
  message: string;
}

/** Refused values by field. */
export type RefusedValues = Readonly<Record<string, RefusedValue>>;

/**
 * The values of `sent` that a 422 answer refused, by field (the fields its `error_obj` names that
 * `sent` holds); null for any other answer.
 */
export function refusedValuesOf(
  envelope: ApiEnvelope<unknown>,
  sent: Doc,
): Record<string, RefusedValue> | null {
  if (envelope.code !== 422 || !envelope.error_obj) return null;
  const refused = Object.entries(envelope.error_obj).filter(([field]) => Object.hasOwn(sent, field));
  if (refused.length === 0) return null;
  return Object.fromEntries(refused.map(([field, message]) => [field, { value: sent[field], message }]));
}

/** The refusals that still hold for `doc`: fields whose value is still the one refused. */
export function standingRefusals(refused: RefusedValues, doc: Doc): Record<string, RefusedValue> {
  return Object.fromEntries(
    Object.entries(refused).filter(([field, entry]) => sameValue(doc[field], entry.value)),
  );
}

/** `doc` without the fields whose value is still a refused one (the server keeps what it holds). */
export function withoutRefused(doc: Doc, refused: RefusedValues): Doc {
  const standing = standingRefusals(refused, doc);
  return Object.fromEntries(Object.entries(doc).filter(([field]) => !Object.hasOwn(standing, field)));
}

/** The message to show at each field whose refused value `doc` still holds. */
export function refusalMessages(refused: RefusedValues, doc: Doc): Record<string, string> {
  return Object.fromEntries(
    Object.entries(standingRefusals(refused, doc)).map(([field, entry]) => [field, entry.message]),
  );
}
