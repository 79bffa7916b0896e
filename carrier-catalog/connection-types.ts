/**
 * The shapes of a carriers.json `connections` entry: how the generic HTTP connector asks one
 * carrier's rating API (issue 19, docs/decisions/360-carrier-connections-as-data.md). Mappings are
 * JSON-logic (json-logic-js); times are ms; URLs are absolute https (http only for localhost).
 */

/** How the connector proves who it is. Which credential names each kind needs: CREDENTIAL_NAMES. */
export type ConnectionAuth =
  | { kind: 'api_key'; header: string }
  | { kind: 'basic' }
  | { kind: 'oauth2_client_credentials'; token_url: string; scope?: string };

/** Credentials a company stores for a connection: api_key; username+password; client_id+client_secret. */
export type ConnectionCredentials = Record<string, string>;

/**
 * The carrier's answer mapped to our QuoteAnswer: each value is JSON-logic over
 * `{answer, doc, ctx}` (`answer` = the carrier's parsed JSON). `status` must give
 * quoted|declined|error; `coverages` maps our coverage names to expressions; `deductible` is
 * written as the `deductible` coverage; `benefits` gives a list of texts (else the carrier's own).
 */
export interface ResponseMapping {
  status: unknown;
  premium: unknown;
  coverages: Record<string, unknown>;
  deductible?: unknown;
  benefits?: unknown;
  message?: unknown;
  carrier_reference?: unknown;
  bind_url?: unknown;
}

/** Second step of a create-then-poll carrier: GET `url` until `pending` is falsy. */
export interface PollStep {
  /** JSON-logic over `{answer}` (the create call's answer) giving the absolute URL to GET. */
  url: unknown;
  /** JSON-logic over `{answer}` (a poll answer): truthy while the quote is still being rated. */
  pending: unknown;
  interval_ms: number;
  max_polls: number;
}

/** One carrier rating API. */
export interface HttpConnection {
  /** What the agent and the logs call it, e.g. "Sample Flood (API key)". */
  label: string;
  endpoint: string;
  method: 'POST' | 'PUT' | 'GET';
  auth: ConnectionAuth;
  /** Body paths (dotted, e.g. "risk.address.zip") to JSON-logic over `{doc, ctx, carrier}`. */
  request: Record<string, unknown>;
  response: ResponseMapping;
  /** JSON Schema the carrier's (final) answer must match before it is mapped. */
  answer_schema: Record<string, unknown>;
  poll?: PollStep;
  /** True when repeating the first call cannot create a second quote (then 5xx and network errors are retried). */
  idempotent: boolean;
  /** Per call, ms. */
  timeout_ms: number;
  /** Attempts of an idempotent call, and of any call answered 429. */
  max_attempts: number;
  /** Calls to this carrier in flight at once (per process). */
  max_concurrent: number;
  /** Failures in a row that open the breaker, and how long it stays open in ms. */
  breaker: { failures: number; open_ms: number };
}

/** Credential names each auth kind needs, in the order the settings dialog shows them. */
export const CREDENTIAL_NAMES: Record<ConnectionAuth['kind'], string[]> = {
  api_key: ['api_key'],
  basic: ['username', 'password'],
  oauth2_client_credentials: ['client_id', 'client_secret'],
};

/** The id prefix of HTTP connectors: a quote asked through connection X has connector `http:X`. */
export const HTTP_CONNECTOR_PREFIX = 'http:';
