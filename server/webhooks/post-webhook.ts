/**
 * One POST of a webhook body (issue 14): to the address checkWebhookTarget approved (the host name
 * still names the TLS certificate and the Host header), at most WEBHOOK_TIMEOUT_MS, redirects not
 * followed, the answer read up to a bound. Never throws: every failure is an answer of its own.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTarget } from './webhook-target.ts';

/** Longest wait for one attempt (connect, send, read the answer), in ms. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Characters of the receiver's answer kept in the delivery log. */
export const RESPONSE_EXCERPT_CHARS = 500;
/** Bytes of the answer read at most; the rest is discarded. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** What came of one POST. */
export interface WebhookAnswer {
  /** The receiver's HTTP status, or null when none came (network error, timeout). */
  statusCode: number | null;
  durationMs: number;
  /** Why there is no 2xx status: a network error, the timeout, or null when an answer came. */
  error: string | null;
  /** The start of the answer's body (RESPONSE_EXCERPT_CHARS), or null. */
  responseExcerpt: string | null;
}

/** A lookup that answers the checked address whatever the host, in both of net's calling shapes. */
function pinnedLookup(target: WebhookTarget): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * POSTs `body` (JSON) with `headers` to `target`; resolves the status, duration and answer excerpt.
 * `signal` aborts the attempt (the job lost its lease).
 */
export function postWebhook(
  target: WebhookTarget,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<WebhookAnswer> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<WebhookAnswer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, durationMs: elapsed() });
    };
    const request = client.request(target.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        'User-Agent': 'mga-agent-portal-webhook/1',
        ...headers,
      },
      lookup: pinnedLookup(target),
      signal: options.signal,
    });
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `No answer within ${timeoutMs / 1000} s.`, responseExcerpt: null });
      request.destroy();
    }, timeoutMs);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < MAX_RESPONSE_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      const done = () =>
        finish({
          statusCode: response.statusCode ?? null,
          error: null,
          responseExcerpt:
            Buffer.concat(chunks)
              .toString('utf8')
              .replaceAll('\u0000', '')
              .slice(0, RESPONSE_EXCERPT_CHARS) || null,
        });
      response.on('end', done);
      // A receiver that closes mid-answer still answered with its status.
      response.on('error', done);
      response.on('aborted', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const reason = error.name === 'AbortError' ? 'The attempt was stopped.' : error.message || error.code;
      finish({ statusCode: null, error: reason ?? 'The connection failed.', responseExcerpt: null });
    });
    request.end(body);
  });
}
