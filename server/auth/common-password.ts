/**
 * Refuses a new password that is on a list of common (leaked) passwords: the 49,233 of
 * @zxcvbn-ts/language-common's `passwords-common` dictionary, which ships with the package, so
 * the check works offline (issue 38; docs/decisions/713-common-passwords-refused.md).
 */
import { ApiError } from '../http/api-error.ts';

/** The answer to a common password (422, on the field that carried it). */
export const COMMON_PASSWORD_MESSAGE =
  'This password is on a list of common passwords that attackers try first. Choose another one.';

let commonPasswords: Promise<ReadonlySet<string>> | null = null;

/** The list, loaded (and decompressed, about 50 ms) on the first password set, then kept. */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return commonPasswords;
}

/** True when `password`, lower-cased, is on the common-password list (the list is lower-case). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/**
 * Throws ApiError 422 COMMON_PASSWORD_MESSAGE, with `error_obj[field]`, when `password` is common.
 * Called wherever a password is set: users/create, auth/reset-password, auth/change-password.
 */
export async function refuseCommonPassword(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password))
    throw new ApiError(422, COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
}
