/** What a secret is replaced with wherever it would be shown or logged. */
export const MASK = '********';

/**
 * `text` with every occurrence of each secret
 * replaced by MASK. Secrets shorter than 4 characters are masked too. Issue 19: a secret is never
 * in a log line, an answer or the test-connection exchange.
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  const forms = secrets.filter((secret) => secret.length > 0);
  for (const secret of forms) masked = masked.split(secret).join(MASK);
  return masked;
}
