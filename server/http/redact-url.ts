/**
 * The one place that takes secrets out of what is logged (issue 38; docs/decisions/722-secrets-out-of-logs.md):
 * the values of query parameters that carry a session key, a token, a code or a secret are replaced
 * by `[redacted]` in every request URL the server logs (the logger's `req` serializer) and in every
 * URL of a text it logs (the local mail sink's messages).
 */

/** Query parameters whose values are secrets (lower-case). */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'session_key',
  'token',
  'url_token',
  'mfa_token',
  'code',
  'key',
  'secret',
  'password',
  'signature',
  'samlresponse',
]);

const REDACTED = '[redacted]';

/**
 * `url` (a path with its query, or an absolute URL) with the value of every secret query
 * parameter replaced by `[redacted]`; everything else byte for byte as it was.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const hash = url.indexOf('#', query);
  const end = hash === -1 ? url.length : hash;
  const parts = url
    .slice(query + 1, end)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals === -1 ? part : part.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as it came.
      }
      return equals !== -1 && SECRET_QUERY_PARAMETERS.has(decoded.toLowerCase())
        ? `${name}=${REDACTED}`
        : part;
    });
  return `${url.slice(0, query + 1)}${parts.join('&')}${url.slice(end)}`;
}

/** `text` with every http(s) URL in it passed through redactUrl (a mail's links). */
export function redactUrlsInText(text: string): string {
  return text.replace(/https?:\/\/[^\s<>"']+/g, (url) => redactUrl(url));
}

/**
 * The logger's `req` serializer: method, redacted URL, host and client address of a request (what
 * Fastify logs by default, without the secrets).
 */
export function redactedRequest(request: {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
