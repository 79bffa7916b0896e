import { abortableWait } from '../abortable-wait.ts';
import { retryAfterMs } from './retry-after.ts';

/** One request and answer as the test-connection dialog shows it; secrets already masked by the caller. */
export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  status: number | null;
  answer: string;
}

export interface CarrierCallInput {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
  /** Whether 5xx answers, network errors and per-call timeouts may be retried. */
  idempotent: boolean;
  timeoutMs: number;
  maxAttempts: number;
  /** The quote's own signal (the worker's overall timeout). */
  signal: AbortSignal;
  fetch: typeof fetch;
  /** Every request made, with its answer (status null when none came). */
  record: (exchange: Exchange) => void;
}

/** A carrier answer that is not 429 nor (when retried) 5xx: its status and its text. */
export interface CarrierReply {
  status: number;
  text: string;
}

/** Thrown for a failure of the carrier (network, timeout, 5xx, 429 exhausted): counted by the breaker. */
export class CarrierFailure extends Error {}

/** Pause before retry n (1-based) of an idempotent call, in ms. */
const RETRY_BACKOFF_MS = 250;
/** Wait after a 429 without a readable Retry-After, in ms. */
const DEFAULT_RETRY_AFTER_MS = 1000;
/** Longest answer text kept in an exchange, in characters. */
const MAX_RECORDED_ANSWER = 4000;

/**
 * Makes one logical call to a carrier: each attempt is bounded by `timeoutMs`; a 429 waits its
 * Retry-After (seconds or date) and tries again while attempts remain; a 5xx, a network error or
 * a timed-out attempt is retried only when `idempotent`, after a short backoff. Answers any other
 * status as a CarrierReply. Throws CarrierFailure (message without secrets: the URL and status
 * only) when attempts run out, and the signal's reason when `signal` aborts. Issue 19.
 */
export async function callCarrier(input: CarrierCallInput): Promise<CarrierReply> {
  let lastProblem = 'no attempt made';
  for (let attempt = 1; attempt <= input.maxAttempts; attempt += 1) {
    const exchange: Exchange = {
      method: input.method,
      url: input.url,
      headers: input.headers,
      body: input.body,
      status: null,
      answer: '',
    };
    let response: Response;
    let text: string;
    try {
      const signal = AbortSignal.any([input.signal, AbortSignal.timeout(input.timeoutMs)]);
      response = await input.fetch(input.url, {
        method: input.method,
        headers: input.headers,
        body: input.body,
        signal,
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      if (input.signal.aborted) throw input.signal.reason;
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      lastProblem = timedOut
        ? `no answer within ${input.timeoutMs / 1000} s`
        : `could not be reached (${error instanceof Error ? error.message : 'network error'})`;
      exchange.answer = lastProblem;
      input.record(exchange);
      if (!input.idempotent || attempt === input.maxAttempts) break;
      await abortableWait(RETRY_BACKOFF_MS * attempt, input.signal);
      continue;
    }
    exchange.status = response.status;
    exchange.answer = text.slice(0, MAX_RECORDED_ANSWER);
    input.record(exchange);
    if (response.status === 429) {
      lastProblem = 'answered 429 Too Many Requests';
      if (attempt === input.maxAttempts) break;
      await abortableWait(
        retryAfterMs(response.headers.get('retry-after'), DEFAULT_RETRY_AFTER_MS),
        input.signal,
      );
      continue;
    }
    if (response.status >= 500) {
      lastProblem = `answered HTTP ${response.status}`;
      if (!input.idempotent || attempt === input.maxAttempts) break;
      await abortableWait(RETRY_BACKOFF_MS * attempt, input.signal);
      continue;
    }
    return { status: response.status, text };
  }
  throw new CarrierFailure(`${input.method} ${input.url} ${lastProblem}.`);
}
