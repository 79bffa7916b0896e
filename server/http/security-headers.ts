/**
 * The security headers of every answer (helmet, docs/decisions/631-get-application-cpu.md): helmet
 * runs once, at start-up, on a response that records what it sets, and each answer then gets that
 * list. With fixed options (no per-request directive functions, no nonces) helmet sets the same
 * headers on every answer, and running its ten middlewares per request was about 2.5 % of a get's
 * CPU.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Sets the security headers on an answer. */
export type SetSecurityHeaders = (response: ServerResponse) => void;

/** What helmet does to every answer: the headers it sets (in its order) and those it removes. */
export interface FixedSecurityHeaders {
  set: [string, string | string[]][];
  removed: string[];
}

/**
 * What helmet `options` does to every answer. Throws when helmet would answer differently per
 * request (a directive given as a function) or not synchronously.
 */
export function securityHeadersOf(options: HelmetOptions): FixedSecurityHeaders {
  const csp = options.contentSecurityPolicy;
  const directives = csp && typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  const perRequest = directives.some(
    (value) =>
      typeof value === 'function' || (Array.isArray(value) && value.some((v) => typeof v === 'function')),
  );
  if (perRequest) throw new Error('security headers with per-request directives cannot be fixed at start-up');
  const headers = new Map<string, [string, string | string[]]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? [...value] : String(value)]);
      removed.delete(name.toLowerCase());
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
      removed.add(name.toLowerCase());
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return { set: [...headers.values()], removed: [...removed] };
}

/** The setter of helmet `options`' fixed headers (securityHeadersOf's errors). */
export function securityHeadersSetter(options: HelmetOptions): SetSecurityHeaders {
  const { set, removed } = securityHeadersOf(options);
  return (response) => {
    for (const name of removed) response.removeHeader(name);
    for (const [name, value] of set) response.setHeader(name, value);
  };
}
