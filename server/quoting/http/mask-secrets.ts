/** What a secret is replaced with wherever it would be shown or logged. */
export const MASK = '********';

/** Replacement passes at most: enough for a secret that a replacement next to it forms again. */
const MAX_PASSES = 10;

/**
 * `text` with every occurrence of each secret replaced by MASK, repeated while a replacement
 * formed a secret again. Empty secrets and parts of MASK itself are not secrets. Issue 19: a
 * secret is never in a log line, an answer or the test-connection exchange.
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  const forms = secrets.filter((secret) => secret.length > 0 && !MASK.includes(secret));
  let masked = text;
  for (let pass = 0; pass < MAX_PASSES && forms.some((secret) => masked.includes(secret)); pass += 1) {
    for (const secret of forms) masked = masked.split(secret).join(MASK);
  }
  return masked;
}
