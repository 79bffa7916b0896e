/**
 * A cell of the access matrix and the runner that asserts it for every caller: the status, that
 * a refused call left its target as it was, that a refusal carries no data, that no answer
 * carries a stored secret, and that a successful answer shows nothing of another company (the
 * cell's `leaks`).
 */
import { isDeepStrictEqual } from 'node:util';
import type { CallResult } from '../helpers/test-app.ts';
import type { AccessWorld, Side } from './access-world.ts';
import { CALLERS, type Caller, type Expected } from './callers.ts';

/** What a caller sends; the runner adds the caller's session key. */
export interface CellRequest {
  body?: Record<string, unknown>;
  /** The URL when it differs from the endpoint's path (path parameters filled in). */
  url?: string;
  /** A raw payload with its content type (form posts); no session key is added then. */
  form?: string;
  /** File bytes posted as they are (a video upload); the session key goes in the query string. */
  upload?: { contentType: string; payload: Buffer; query: Record<string, string> };
}

export interface Cell {
  name: string;
  /** The endpoint as the OpenAPI document lists it: 'POST /api/users/get'. */
  endpoint: string;
  /** Whose records the call aims at; 'none' for calls that touch no company's records. */
  side: Side | 'none';
  expected: Expected;
  /** The request of a caller (may create a fresh target first). */
  request: (caller: Caller) => Promise<CellRequest> | CellRequest;
  /** The target's state, which any refused call (4xx) must leave unchanged. */
  unchanged?: () => Promise<unknown>;
  /** The session key a caller sends, when not the world's (e.g. a fresh one to log out). */
  key?: (caller: Caller) => Promise<string | undefined>;
  /** Problems of a successful answer (2xx or redirect), e.g. another company's rows in a listing. */
  leaks?: (answer: CallResult, caller: Caller) => Promise<string[]> | string[];
}

const REFUSALS = new Set([401, 402, 403, 404]);

/** Stored secrets no answer may carry, to anyone (docs/decisions/098-secrets-are-write-only-in-the-portal.md). */
const SECRET_FIELDS = new Set([
  'password',
  'password_hash',
  'secret_hash',
  'key_hash',
  'token_hash',
  'idp_cert',
  'auth_token',
]);

/** Paths of the secret fields inside an answer body. */
function secretsIn(value: unknown, path = 'body'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => secretsIn(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(SECRET_FIELDS.has(key) ? [`${path}.${key}`] : []),
    ...secretsIn(inner, `${path}.${key}`),
  ]);
}

/** The message a 401 carries for a caller without a key and with a revoked one. SPEC §6, §8. */
const UNAUTHENTICATED: Partial<Record<Caller, string>> = {
  anonymous: 'Invalid Details',
  revoked: 'Unauthenticated.',
  orphaned: 'Unauthenticated.',
};

async function send(
  w: AccessWorld,
  cell: Cell,
  key: string | undefined,
  request: CellRequest,
): Promise<CallResult> {
  const [method, path] = cell.endpoint.split(' ');
  const url = request.url ?? path;
  const keyQuery: Record<string, string> = key === undefined ? {} : { session_key: key };
  const response = request.upload
    ? await w.t.app.inject({
        method: 'POST',
        url,
        query: { ...keyQuery, ...request.upload.query },
        headers: { 'content-type': request.upload.contentType },
        payload: request.upload.payload,
      })
    : request.form !== undefined
      ? await w.t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: request.form,
        })
      : method === 'GET'
        ? await w.t.app.inject({ method: 'GET', url, query: keyQuery })
        : await w.t.app.inject({
            method: 'POST',
            url,
            payload: { ...(key === undefined ? {} : { session_key: key }), ...(request.body ?? {}) },
          });
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return {
    statusCode: response.statusCode,
    body: json
      ? response.json()
      : { status: 'success', code: response.statusCode, message: '', data: null, error_obj: {} },
    headers: response.headers,
  };
}

/**
 * One call of a cell as `caller` (sending `key`, and `request(caller)`), checked against
 * `expected`; returns one line per broken expectation.
 */
export async function checkCall(
  w: AccessWorld,
  cell: Cell,
  caller: Caller,
  key: string | undefined,
  expected: number,
): Promise<string[]> {
  const problems: string[] = [];
  const where = `${cell.name} as ${caller}`;
  const request = await cell.request(caller);
  const before = await cell.unchanged?.();
  const answer = await send(w, cell, key, request);
  const status = answer.statusCode;
  if (status !== expected)
    problems.push(`${where}: expected ${expected}, got ${status} ${answer.body.message}`);
  if (status >= 400 && cell.unchanged && !isDeepStrictEqual(await cell.unchanged(), before)) {
    problems.push(`${where}: answered ${status} but changed its target`);
  }
  if (REFUSALS.has(status) && answer.body.data !== null) {
    problems.push(`${where}: a ${status} answer carries data ${JSON.stringify(answer.body.data)}`);
  }
  if (status === 401 && UNAUTHENTICATED[caller] && answer.body.message !== UNAUTHENTICATED[caller]) {
    problems.push(`${where}: 401 says "${answer.body.message}"`);
  }
  for (const secret of secretsIn(answer.body)) problems.push(`${where}: answers the secret ${secret}`);
  if (status < 400 && cell.leaks) {
    for (const leak of await cell.leaks(answer, caller)) problems.push(`${where}: ${leak}`);
  }
  return problems;
}

/**
 * Runs every caller of every cell; returns one line per broken expectation (empty when the
 * matrix holds) and the number of calls made.
 */
export async function runCells(
  w: AccessWorld,
  cells: Cell[],
): Promise<{ problems: string[]; calls: number }> {
  const problems: string[] = [];
  let calls = 0;
  for (const cell of cells) {
    for (const [index, caller] of CALLERS.entries()) {
      const key = cell.key ? await cell.key(caller) : w.keys[caller];
      problems.push(...(await checkCall(w, cell, caller, key, cell.expected[index])));
      calls++;
    }
  }
  return { problems, calls };
}
