/**
 * A local HTTP server answering as the three sample carrier connections of carriers.json do
 * (issue 19): the API-key carrier (POST /v1/quotes, header x-api-key), the OAuth2 carrier
 * (POST /oauth2/token with Basic client credentials, POST /flood/v2/rate with a Bearer token) and
 * the create-then-poll carrier (POST /api/submissions then GET /api/submissions/<id>, Basic).
 * By document: zip 00000 is a validation error, a flood zone starting with V is declined, zip
 * 99999 answers after `slowMs`. By control: the next answers can be 5xx, 429 with Retry-After, or
 * malformed, and issued tokens can be expired. Every request is kept for the mapping checks.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { carriersFile } from '../../../carrier-catalog/carriers-file.ts';
import type { CarriersFile } from '../../../carrier-catalog/carriers-file-types.ts';
import type { ConnectionCredentials } from '../../../carrier-catalog/connection-types.ts';
import { fileWithConnectionOrigins } from '../../../server/quoting/http/connection-origins.ts';

/** The credentials the fake carriers accept, by connection id. */
export const FAKE_CREDENTIALS: Record<string, ConnectionCredentials> = {
  sample_api_key: { api_key: 'nep-key-SECRET-71f3' },
  sample_oauth2: { client_id: 'pal-client-9', client_secret: 'pal-SECRET-cs-4410' },
  sample_create_poll: { username: 'agency-7', password: 'sterling-SECRET-pw-0d2' },
};

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** When the request arrived (ms since the epoch). */
  at: number;
}

export interface FakeCarrierServer {
  url: string;
  requests: FakeRequest[];
  /** Tokens the token endpoint issued. */
  tokensIssued: number;
  /** The next `count` rating calls answer `status` (default 503). */
  failNext(count: number, status?: number): void;
  /** The next `count` rating calls answer 429 with `Retry-After: <seconds>`. */
  throttleNext(count: number, seconds: number): void;
  /** The next rating answer has a premium of the wrong type (and no required id). */
  malformNext(): void;
  /** Every token issued so far is refused from now on (401), as when tokens expire. */
  expireTokens(): void;
  /** Answer time of zip 99999 in ms (default 2000). */
  slowMs: number;
  close(): Promise<void>;
}

/** carriers.json with every connection's endpoint, token URL and origin moved to `url` (the fake server). */
export function fileWithCarrierOrigin(url: string, file: CarriersFile = carriersFile): CarriersFile {
  return fileWithConnectionOrigins(file, fakeCarrierOrigins(url, file));
}

/** Every connection id of `file` to `url`: the origins the fake server answers for. */
export function fakeCarrierOrigins(url: string, file: CarriersFile = carriersFile): Record<string, string> {
  return Object.fromEntries(Object.keys(file.connections ?? {}).map((id) => [id, url]));
}

type Json = Record<string, unknown>;

/** The value at dotted `path` of `body`, or undefined. */
function at(body: unknown, path: string): unknown {
  let node = body;
  for (const key of path.split('.'))
    node = node !== null && typeof node === 'object' ? (node as Json)[key] : undefined;
  return node;
}

/** The number at `path` of `body`, 0 when it is not one. */
function num(body: unknown, path: string): number {
  const value = at(body, path);
  return typeof value === 'number' ? value : 0;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function basicOf(header: string | undefined): string | null {
  if (!header?.startsWith('Basic ')) return null;
  return Buffer.from(header.slice(6), 'base64').toString('utf8');
}

/** Annual premium in dollars the fake carriers quote: a simple rate on the limits. */
function premiumOf(building: number, contents: number): number {
  return Math.round((building * 0.0041 + contents * 0.0027 + 95) * 100) / 100;
}

/** Starts the fake carrier server on a free local port. */
export async function startFakeCarrierServer(): Promise<FakeCarrierServer> {
  const validTokens = new Set<string>();
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  let throttles = { count: 0, seconds: 0 };
  let malformed = false;
  let sequence = 0;
  const submissions = new Map<string, { body: Json; polls: number }>();

  const fake: FakeCarrierServer = {
    url: '',
    requests: [],
    tokensIssued: 0,
    slowMs: 2000,
    failNext(count, status = 503) {
      failures = { count, status };
    },
    throttleNext(count, seconds) {
      throttles = { count, seconds };
    },
    malformNext() {
      malformed = true;
    },
    expireTokens() {
      validTokens.clear();
    },
    close: async () => {},
  };

  /** A control answer (429, 5xx) for a rating call, or null to answer normally. */
  function controlled(response: ServerResponse): boolean {
    if (throttles.count > 0) {
      throttles.count -= 1;
      send(response, 429, { message: 'Too many requests' }, { 'retry-after': String(throttles.seconds) });
      return true;
    }
    if (failures.count > 0) {
      failures.count -= 1;
      send(response, failures.status, { message: 'Service unavailable' });
      return true;
    }
    return false;
  }

  async function later(zip: unknown) {
    if (zip === '99999') await new Promise((resolve) => setTimeout(resolve, fake.slowMs));
  }

  async function apiKeyCarrier(request: IncomingMessage, response: ServerResponse, body: Json) {
    if (request.headers['x-api-key'] !== FAKE_CREDENTIALS.sample_api_key?.api_key) {
      return send(response, 401, { errors: [{ message: 'Invalid API key' }] });
    }
    if (controlled(response)) return;
    await later(at(body, 'risk.address.zip'));
    if (at(body, 'risk.address.zip') === '00000') {
      return send(response, 422, {
        errors: [{ field: 'risk.address.zip', message: 'ZIP code 00000 is not valid.' }],
      });
    }
    const quoteId = `NEP-${++sequence}`;
    if (malformed) {
      malformed = false;
      return send(response, 200, { status: 'QUOTED', premium: { total: 'call us' } });
    }
    if (String(at(body, 'risk.floodZone') ?? '').startsWith('V')) {
      return send(response, 200, {
        quoteId,
        status: 'DECLINED',
        declineReasons: ['Coastal high hazard zones are outside our appetite.'],
      });
    }
    return send(response, 200, {
      quoteId,
      status: 'QUOTED',
      premium: {
        total: premiumOf(num(body, 'coverage.dwelling'), num(body, 'coverage.personalProperty')),
        taxes: 0,
      },
      coverage: {
        dwelling: at(body, 'coverage.dwelling'),
        personalProperty: at(body, 'coverage.personalProperty'),
        deductible: at(body, 'coverage.deductible'),
        lossOfUse: 10000,
      },
      bindUrl: `https://portal.neptune-sample.example/bind/${quoteId}`,
    });
  }

  function tokenEndpoint(request: IncomingMessage, response: ServerResponse, raw: string) {
    const creds = FAKE_CREDENTIALS.sample_oauth2;
    const form = new URLSearchParams(raw);
    if (basicOf(request.headers.authorization) !== `${creds?.client_id}:${creds?.client_secret}`) {
      return send(response, 401, { error: 'invalid_client' });
    }
    if (form.get('grant_type') !== 'client_credentials')
      return send(response, 400, { error: 'unsupported_grant_type' });
    fake.tokensIssued += 1;
    const token = `tok-${fake.tokensIssued}-SECRETTOKEN`;
    validTokens.add(token);
    return send(response, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: form.get('scope'),
    });
  }

  async function oauthCarrier(request: IncomingMessage, response: ServerResponse, body: Json) {
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!validTokens.has(token))
      return send(response, 401, { error: 'invalid_token', error_description: 'The access token expired.' });
    if (controlled(response)) return;
    await later(at(body, 'location.postal_code'));
    if (at(body, 'location.postal_code') === '00000') {
      return send(response, 400, {
        error: 'invalid_request',
        error_description: 'postal_code 00000 does not exist.',
      });
    }
    const rateId = `PAL-${++sequence}`;
    if (malformed) {
      malformed = false;
      return send(response, 200, { rate_id: rateId, eligible: 'yes' });
    }
    if (String(at(body, 'location.flood_zone') ?? '').startsWith('V')) {
      return send(response, 200, {
        rate_id: rateId,
        eligible: false,
        ineligibility_reason: 'V zones are not eligible.',
      });
    }
    return send(response, 200, {
      rate_id: rateId,
      eligible: true,
      annual_premium: premiumOf(num(body, 'limits.building'), num(body, 'limits.contents')),
      limits: { building: at(body, 'limits.building'), contents: at(body, 'limits.contents') },
      deductible: at(body, 'deductibles.all_perils'),
      endorsements: ['Replacement cost on contents', 'Pool repair'],
      portal_link: `https://agents.palomar-sample.example/rates/${rateId}`,
    });
  }

  async function pollCarrier(request: IncomingMessage, response: ServerResponse, body: Json, path: string) {
    const creds = FAKE_CREDENTIALS.sample_create_poll;
    if (basicOf(request.headers.authorization) !== `${creds?.username}:${creds?.password}`) {
      return send(response, 401, { validationMessages: ['Bad credentials'] });
    }
    if (request.method === 'POST') {
      if (controlled(response)) return;
      if (at(body, 'insured.address.zip') === '00000') {
        return send(response, 422, { validationMessages: ['insured.address.zip: 00000 is not a ZIP code.'] });
      }
      const id = `STR-${++sequence}`;
      submissions.set(id, { body, polls: 0 });
      return send(response, 202, {
        submissionId: id,
        state: 'RECEIVED',
        links: { self: `${fake.url}/api/submissions/${id}` },
      });
    }
    const id = path.split('/').pop() ?? '';
    const submission = submissions.get(id);
    if (!submission) return send(response, 404, { validationMessages: ['No such submission'] });
    if (controlled(response)) return;
    submission.polls += 1;
    if (submission.polls < 2) return send(response, 200, { submissionId: id, state: 'RATING' });
    const { body: sent } = submission;
    await later(at(sent, 'insured.address.zip'));
    if (malformed) {
      malformed = false;
      return send(response, 200, { submissionId: id, state: 'COMPLETE', result: { premium: null } });
    }
    if (String(at(sent, 'property.zone') ?? '').startsWith('V')) {
      return send(response, 200, {
        submissionId: id,
        state: 'REFERRED',
        reason: 'Referred to underwriting: V zone.',
      });
    }
    return send(response, 200, {
      submissionId: id,
      state: 'COMPLETE',
      result: {
        premium: premiumOf(num(sent, 'requested.buildingLimit'), num(sent, 'requested.contentsLimit')),
        buildingLimit: at(sent, 'requested.buildingLimit'),
        contentsLimit: at(sent, 'requested.contentsLimit'),
        deductible: at(sent, 'requested.deductible'),
      },
      portalUrl: `https://portal.sterling-sample.example/submissions/${id}`,
    });
  }

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (request.url ?? '').split('?')[0] ?? '';
    fake.requests.push({
      method: request.method ?? '',
      path,
      headers: request.headers,
      body: raw,
      at: Date.now(),
    });
    let body: Json = {};
    try {
      body = raw && request.headers['content-type'] === 'application/json' ? JSON.parse(raw) : {};
    } catch {
      return send(response, 400, { message: 'not JSON' });
    }
    if (path === '/v1/quotes' && request.method === 'POST') return apiKeyCarrier(request, response, body);
    if (path === '/oauth2/token' && request.method === 'POST') return tokenEndpoint(request, response, raw);
    if (path === '/flood/v2/rate' && request.method === 'POST') return oauthCarrier(request, response, body);
    if (path.startsWith('/api/submissions')) return pollCarrier(request, response, body, path);
    return send(response, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
