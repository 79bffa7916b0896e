/** The authenticator app's code in server suites (issue 38, RFC 6238 through otplib). */
import { generate } from 'otplib';

/** The TOTP code of `secret` `stepsAhead` 30-second steps from now (one ahead is accepted). */
export function codeOf(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
}
