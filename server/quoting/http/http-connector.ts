import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import jsonLogic from 'json-logic-js';
import {
  type ConnectionCredentials,
  HTTP_CONNECTOR_PREFIX,
  type HttpConnection,
} from '../../../carrier-catalog/connection-types.ts';
import { abortableWait } from '../abortable-wait.ts';
import { CredentialsRefusedError, refusesCredentials } from '../credentials-refused-error.ts';
import { parseQuoteAnswer } from '../parse-quote-answer.ts';
import type { Connector, QuoteAnswer, QuoteRequest } from '../types.ts';
import { CarrierFailure, type CarrierReply, callCarrier, type Exchange } from './carrier-call.ts';
import { type CircuitBreaker, createCircuitBreaker } from './circuit-breaker.ts';
import { type ConcurrencyLimit, createConcurrencyLimit, perProcessLimit } from './concurrency-limit.ts';
import { buildRequestBody, mapAnswer } from './json-logic-mapping.ts';
import { MASK, maskSecrets } from './mask-secrets.ts';
import { createTokenCache, type TokenCache } from './oauth-tokens.ts';

export interface HttpConnectorOptions {
  /** carriers.json `connections` key. */
  connectionId: string;
  connection: HttpConnection;
  /** The company's stored credentials for this connection, or null when none are entered. */
  credentials: (companyId: number | null) => Promise<ConnectionCredentials | null>;
  fetch?: typeof fetch;
  /** ms since the epoch; injectable so breaker tests need no waiting. */
  now?: () => number;
  /** One line per carrier call (method, URL, status), never a header or a body. */
  log?: (fields: Record<string, unknown>, message: string) => void;
  tokens?: TokenCache;
  /** Server processes sharing the connection's `max_concurrent` (SERVER_PROCESSES; default 1). */
  processes?: number;
}

/**
 * A quote tried for the test-connection dialog: the answer or the error, and every exchange, masked.
 * `credentials_refused` is true when the error is a CredentialsRefusedError: a 401 or 403 the one
 * token renewal did not cure, or one from the token endpoint; an expired token that the renewal
 * replaced is not a refusal, though its 401 is among the exchanges.
 */
export interface TriedQuote {
  answer: QuoteAnswer | null;
  error: string | null;
  credentials_refused: boolean;
  exchanges: Exchange[];
}

/** An HTTP connector; `tryQuote` is `quote` that keeps the exchanges and catches the error. */
export interface HttpConnector extends Connector {
  tryQuote(request: QuoteRequest, signal: AbortSignal): Promise<TriedQuote>;
}

/** Thrown for a request the carrier refused (4xx): the carrier is up, so the breaker is not told. */
class CarrierRefusal extends Error {}

const ajv = new Ajv2020({ allErrors: false, strict: false });

function parseJson(reply: CarrierReply, what: string): unknown {
  try {
    return JSON.parse(reply.text);
  } catch {
    throw new CarrierFailure(`${what} is not JSON (HTTP ${reply.status}).`);
  }
}

function masked(exchange: Exchange, secrets: string[], authHeader: string | null): Exchange {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(exchange.headers)) {
    const secret = name.toLowerCase() === 'authorization' || name.toLowerCase() === authHeader;
    headers[name] = secret ? MASK : maskSecrets(value, secrets);
  }
  const tokenField = /("access_token"\s*:\s*")[^"]*"/g;
  return {
    ...exchange,
    url: maskSecrets(exchange.url, secrets),
    headers,
    body: exchange.body === null ? null : maskSecrets(exchange.body, secrets),
    answer: maskSecrets(exchange.answer, secrets).replace(tokenField, `$1${MASK}"`),
  };
}

/**
 * A connector asking one carrier's rating API as its carriers.json connection says (issue 19,
 * docs/decisions/360-carrier-connections-as-data.md): the request body is built by the request
 * mapping over `{doc, ctx, carrier}`, sent with the company's credentials (API key header, Basic,
 * or an OAuth2 client-credentials token cached until shortly before it expires and renewed once
 * when the carrier answers 401), optionally polled until rated, checked against the connection's
 * answer schema and mapped to a QuoteAnswer (`indicative: false`). Throws, for the worker to record
 * as the carrier's error: no credentials, a refusal (4xx, with the carrier's message when the
 * mapping finds one; a CredentialsRefusedError for a 401 or 403 after the token renewal, or from
 * the token endpoint, ADR 773), a failure (network, timeout, 5xx, 429 exhausted, non-JSON or off-schema
 * answer), and, while the circuit breaker is open, that the carrier is not asked until a time.
 * No message, log line or exchange carries a secret.
 */
export function createHttpConnector(options: HttpConnectorOptions): HttpConnector {
  const { connection, connectionId } = options;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const tokens = options.tokens ?? createTokenCache(now);
  const breaker: CircuitBreaker = createCircuitBreaker(
    connection.breaker.failures,
    connection.breaker.open_ms,
    now,
  );
  const limit: ConcurrencyLimit = createConcurrencyLimit(
    perProcessLimit(connection.max_concurrent, options.processes ?? 1),
  );
  const validateAnswer: ValidateFunction = ajv.compile(connection.answer_schema);
  const endpointOrigin = new URL(connection.endpoint).origin;
  const apiKeyHeader = connection.auth.kind === 'api_key' ? connection.auth.header.toLowerCase() : null;

  async function authorization(
    credentials: ConnectionCredentials,
    signal: AbortSignal,
    record: (exchange: Exchange) => void,
  ): Promise<Record<string, string>> {
    const auth = connection.auth;
    if (auth.kind === 'api_key') return { [auth.header]: credentials.api_key ?? '' };
    if (auth.kind === 'basic') {
      const pair = `${credentials.username ?? ''}:${credentials.password ?? ''}`;
      return { authorization: `Basic ${Buffer.from(pair).toString('base64')}` };
    }
    const token = await tokens.token({
      tokenUrl: auth.token_url,
      scope: auth.scope,
      clientId: credentials.client_id ?? '',
      clientSecret: credentials.client_secret ?? '',
      timeoutMs: connection.timeout_ms,
      signal,
      fetch: doFetch,
      record,
    });
    return { authorization: `Bearer ${token}` };
  }

  async function send(
    url: string,
    method: string,
    body: string | null,
    idempotent: boolean,
    credentials: ConnectionCredentials,
    signal: AbortSignal,
    record: (exchange: Exchange) => void,
  ): Promise<CarrierReply> {
    const call = async () =>
      callCarrier({
        url,
        method,
        headers: {
          accept: 'application/json',
          ...(body === null ? {} : { 'content-type': 'application/json' }),
          ...(await authorization(credentials, signal, record)),
        },
        body,
        idempotent,
        timeoutMs: connection.timeout_ms,
        maxAttempts: connection.max_attempts,
        signal,
        fetch: doFetch,
        record,
      });
    const reply = await call();
    if (reply.status !== 401 || connection.auth.kind !== 'oauth2_client_credentials') return reply;
    // An expired or revoked token: one new token, one more try.
    tokens.forget(connection.auth.token_url, credentials.client_id ?? '');
    return call();
  }

  /** The refusal of a 4xx or 5xx reply; a 401 or 403 (after the token renewal) refuses the credentials. */
  function refusal(reply: CarrierReply): Error {
    let found: string | null = null;
    try {
      found = messageOf(JSON.parse(reply.text));
    } catch {
      found = null;
    }
    const message = `${connection.label} refused the request (HTTP ${reply.status})${found ? `: ${found}` : '.'}`;
    return refusesCredentials(reply.status)
      ? new CredentialsRefusedError(message)
      : new CarrierRefusal(message);
  }

  function messageOf(answer: unknown): string | null {
    if (connection.response.message === undefined) return null;
    const value = jsonLogic.apply(connection.response.message as jsonLogic.RulesLogic, { answer });
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  }

  async function finalAnswer(
    first: CarrierReply,
    credentials: ConnectionCredentials,
    signal: AbortSignal,
    record: (exchange: Exchange) => void,
  ): Promise<unknown> {
    const created = parseJson(first, `${connection.label}'s answer`);
    const poll = connection.poll;
    if (!poll) return created;
    const url = jsonLogic.apply(poll.url as jsonLogic.RulesLogic, { answer: created });
    if (typeof url !== 'string' || !URL.canParse(url) || new URL(url).origin !== endpointOrigin) {
      throw new CarrierFailure(`${connection.label} gave no poll URL on its own origin.`);
    }
    for (let polls = 0; polls < poll.max_polls; polls += 1) {
      await abortableWait(poll.interval_ms, signal);
      const reply = await send(url, 'GET', null, true, credentials, signal, record);
      if (reply.status >= 400) throw refusal(reply);
      const answer = parseJson(reply, `${connection.label}'s poll answer`);
      if (!jsonLogic.truthy(jsonLogic.apply(poll.pending as jsonLogic.RulesLogic, { answer }))) return answer;
    }
    throw new CarrierFailure(`${connection.label} was still rating after ${poll.max_polls} polls.`);
  }

  async function ask(
    request: QuoteRequest,
    signal: AbortSignal,
    record: (exchange: Exchange) => void,
  ): Promise<QuoteAnswer> {
    const credentials = await options.credentials(request.company_id ?? null);
    if (!credentials) throw new Error(`No credentials are stored for ${connection.label}.`);
    const secrets = Object.values(credentials);
    const maskedRecord = (exchange: Exchange) => {
      const safe = masked(exchange, secrets, apiKeyHeader);
      options.log?.(
        { connection: connectionId, method: safe.method, url: safe.url, status: safe.status },
        'carrier call',
      );
      record(safe);
    };
    const blockedUntil = breaker.blockedUntil();
    if (blockedUntil !== null) {
      throw new Error(
        `Not asked: ${connection.label} failed ${connection.breaker.failures} times in a row; it is asked again from ${new Date(blockedUntil).toISOString()}.`,
      );
    }
    return limit.run(async () => {
      try {
        const data = { doc: request.document, ctx: request.ctx, carrier: request.target };
        const body =
          connection.method === 'GET' ? null : JSON.stringify(buildRequestBody(connection.request, data));
        const first = await send(
          connection.endpoint,
          connection.method,
          body,
          connection.idempotent,
          credentials,
          signal,
          maskedRecord,
        );
        if (first.status >= 400) throw refusal(first);
        const answer = await finalAnswer(first, credentials, signal, maskedRecord);
        if (!validateAnswer(answer)) {
          const [problem] = validateAnswer.errors ?? [];
          throw new CarrierFailure(
            `${connection.label}'s answer was refused by its answer schema: answer${problem?.instancePath ?? ''} ${problem?.message ?? 'is invalid'}.`,
          );
        }
        const mapped = mapAnswer(connection.response, { answer, doc: request.document, ctx: request.ctx });
        const result = parseQuoteAnswer({
          ...mapped,
          benefits: mapped.benefits ?? request.target.benefits,
          indicative: false,
        });
        breaker.success();
        return result;
      } catch (error) {
        // A refused request or refused credentials (the token endpoint's too): the carrier answered.
        if (error instanceof CarrierRefusal || error instanceof CredentialsRefusedError) breaker.success();
        else breaker.failure();
        throw error;
      }
    }, signal);
  }

  return {
    id: `${HTTP_CONNECTOR_PREFIX}${connectionId}`,
    quote(request, signal) {
      return ask(request, signal, () => {});
    },
    async tryQuote(request, signal) {
      const exchanges: Exchange[] = [];
      try {
        const answer = await ask(request, signal, (exchange) => exchanges.push(exchange));
        return { answer, error: null, credentials_refused: false, exchanges };
      } catch (error) {
        return {
          answer: null,
          error: error instanceof Error ? error.message : String(error),
          credentials_refused: error instanceof CredentialsRefusedError,
          exchanges,
        };
      }
    },
  };
}
