import { CredentialsRefusedError, refusesCredentials } from '../credentials-refused-error.ts';
import { type CarrierReply, callCarrier, type Exchange } from './carrier-call.ts';

/** A token is renewed this long before the carrier says it expires, in ms. */
const EXPIRY_MARGIN_MS = 30_000;
/** Lifetime assumed when a token answer has no expires_in, in ms. */
const DEFAULT_LIFETIME_MS = 300_000;

export interface TokenRequest {
  tokenUrl: string;
  scope: string | undefined;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  signal: AbortSignal;
  fetch: typeof fetch;
  record: (exchange: Exchange) => void;
}

/** OAuth2 client-credentials access tokens cached per token URL and client id (issue 19). */
export interface TokenCache {
  /**
   * A cached unexpired token, or a new one from the token endpoint. Throws Error naming the token
   * URL's status (a CredentialsRefusedError when it is 401 or 403).
   */
  token(request: TokenRequest): Promise<string>;
  /** Forgets the token of this client (after the carrier answered 401 to it). */
  forget(tokenUrl: string, clientId: string): void;
}

function tokenOf(reply: CarrierReply, tokenUrl: string): { token: string; lifetimeMs: number } {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(reply.text);
  } catch {
    // An unreadable answer is reported below as having no access_token.
  }
  const fields = (parsed ?? {}) as { access_token?: unknown; expires_in?: unknown };
  if (reply.status !== 200 || typeof fields.access_token !== 'string' || !fields.access_token) {
    const message = `The token endpoint ${tokenUrl} answered HTTP ${reply.status} without an access token.`;
    // 401 or 403: the client id and secret were refused, which the carrier page lists (ADR 773).
    throw refusesCredentials(reply.status) ? new CredentialsRefusedError(message) : new Error(message);
  }
  const seconds = typeof fields.expires_in === 'number' ? fields.expires_in : null;
  return { token: fields.access_token, lifetimeMs: seconds === null ? DEFAULT_LIFETIME_MS : seconds * 1000 };
}

/** A token cache; `now` in ms since the epoch (injectable for tests). */
export function createTokenCache(now: () => number = Date.now): TokenCache {
  const tokens = new Map<string, { token: string; expiresAt: number }>();
  const keyOf = (tokenUrl: string, clientId: string) => `${tokenUrl}\n${clientId}`;
  return {
    async token(request) {
      const key = keyOf(request.tokenUrl, request.clientId);
      const cached = tokens.get(key);
      if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > now()) return cached.token;
      const form = new URLSearchParams({ grant_type: 'client_credentials' });
      if (request.scope) form.set('scope', request.scope);
      const basic = Buffer.from(`${request.clientId}:${request.clientSecret}`).toString('base64');
      const reply = await callCarrier({
        url: request.tokenUrl,
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        idempotent: true,
        timeoutMs: request.timeoutMs,
        maxAttempts: 2,
        signal: request.signal,
        fetch: request.fetch,
        record: request.record,
      });
      const { token, lifetimeMs } = tokenOf(reply, request.tokenUrl);
      tokens.set(key, { token, expiresAt: now() + lifetimeMs });
      return token;
    },
    forget(tokenUrl, clientId) {
      tokens.delete(keyOf(tokenUrl, clientId));
    },
  };
}
