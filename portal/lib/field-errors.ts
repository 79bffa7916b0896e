/** Field messages of an error answer, keyed by the form's field names. SPEC §8 error_obj. */
import type { ApiEnvelope } from './api-client.ts';

/**
 * `error_obj` of `envelope` keyed by the last segment of each body path (`/item/name`,
 * `body.name` and `name` all become `name`); an empty object on success or without `error_obj`.
 */
export function fieldErrors(envelope: Pick<ApiEnvelope<unknown>, 'error_obj'>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(envelope.error_obj ?? {})) {
    const key = path.split(/[./]/).filter(Boolean).pop() ?? path;
    if (typeof message === 'string' && !(key in errors)) errors[key] = message;
  }
  return errors;
}
