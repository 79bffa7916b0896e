/**
 * Thrown by a live connector when the carrier refused the company's credentials: HTTP 401 or 403
 * from its rating API (after the one OAuth token renewal) or from its token endpoint. The quote
 * worker records the quote as an `error` with this message and `credentials_refused`, so the
 * carrier page lists the company without a connection test (issue 43;
 * docs/decisions/773-credentials-refused-in-live-quotes.md).
 */
export class CredentialsRefusedError extends Error {}

/** HTTP statuses a carrier answers when it refuses the credentials sent: 401 and 403. */
export function refusesCredentials(status: number): boolean {
  return status === 401 || status === 403;
}
