/**
 * The generic HTTP connector against the fake carrier server (issue 19): each sample connection's
 * request and response mapping, each auth kind with token refresh, refusals, declines, slow
 * answers, Retry-After, retries only where idempotent, the circuit breaker opening and closing,
 * malformed answers, credentials the carrier refuses (HTTP 401 or 403, ADR 773) told apart from
 * other refusals and failures, and no secret in a log line, an error or an exchange.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CarriersFile } from '../../../carrier-catalog/carriers-file-types.ts';
import { CredentialsRefusedError } from '../../../server/quoting/credentials-refused-error.ts';
import { createLiveConnectors, type LiveConnectors } from '../../../server/quoting/http/live-connectors.ts';
import { MASK } from '../../../server/quoting/http/mask-secrets.ts';
import type { LaunchTarget, QuoteRequest } from '../../../server/quoting/types.ts';
import { contextFor, primaryDocument } from '../../carriers/sample-documents.ts';
import {
  FAKE_CREDENTIALS,
  type FakeCarrierServer,
  fileWithCarrierOrigin,
  startFakeCarrierServer,
} from '../helpers/fake-carrier-server.ts';

let fake: FakeCarrierServer;
let file: CarriersFile;
let clock: number;
let logLines: string[];
let live: LiveConnectors;

const target = (carrier: string, connection: string): LaunchTarget => ({
  carrier,
  sub_carrier: null,
  display_name: carrier,
  connector: `http:${connection}`,
  benefits: ['Stated benefit'],
});
const request = (carrier: string, connection: string, document = primaryDocument): QuoteRequest => ({
  target: target(carrier, connection),
  company_id: 7,
  document,
  ctx: contextFor('Primary'),
});
const signal = () => AbortSignal.timeout(20_000);
const bodies = (path: string) => fake.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body));

/** Credentials of company 9, which every fake carrier refuses. */
const WRONG_CREDENTIALS = {
  api_key: 'wrong',
  client_id: 'wrong',
  client_secret: 'wrong',
  username: 'x',
  password: 'y',
};

function connectors(
  overrides: (file: CarriersFile) => CarriersFile = (f) => f,
  fetchWith: typeof fetch = fetch,
): LiveConnectors {
  const catalogue = overrides(file);
  return createLiveConnectors({
    catalogue: () => catalogue,
    credentials: async (companyId, connectionId) =>
      companyId === 7 ? (FAKE_CREDENTIALS[connectionId] ?? null) : companyId === 9 ? WRONG_CREDENTIALS : null,
    fetch: fetchWith,
    now: () => clock,
    log: (fields, message) => logLines.push(JSON.stringify({ ...fields, message })),
  });
}

/** `file` with connection `id` changed by `change`. */
function withConnection(id: string, change: Record<string, unknown>) {
  return (f: CarriersFile): CarriersFile => ({
    ...f,
    connections: { ...f.connections, [id]: { ...f.connections?.[id], ...change } as never },
  });
}

beforeAll(async () => {
  fake = await startFakeCarrierServer();
  file = fileWithCarrierOrigin(fake.url);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.slowMs = 2000;
  clock = Date.parse('2026-11-25T12:00:00Z');
  logLines = [];
  live = connectors();
});

describe('the API-key connection (sample_api_key)', () => {
  it('maps the document to the carrier body and the carrier answer to a bindable quote', async () => {
    const answer = await live
      .connectorFor('http:sample_api_key')
      .quote(request('neptune', 'sample_api_key'), signal());
    expect(bodies('/v1/quotes')).toEqual([
      {
        product: 'Primary',
        risk: {
          address: { state: 'FL', zip: '33139' },
          floodZone: 'AE',
          foundation: 'Slab',
          yearBuilt: '1998',
          stories: 2,
          replacementCost: 400000,
        },
        coverage: { dwelling: 250000, personalProperty: 100000, deductible: 5000 },
      },
    ]);
    expect(fake.requests[0]?.headers['x-api-key']).toBe(FAKE_CREDENTIALS.sample_api_key?.api_key);
    expect(answer).toEqual({
      status: 'quoted',
      premium: 1390,
      coverages: { building_limit: 250000, contents_limit: 100000, loss_of_use: 10000, deductible: 5000 },
      benefits: ['Stated benefit'],
      message: null,
      indicative: false,
      carrier_reference: 'NEP-1',
      bind_url: 'https://portal.neptune-sample.example/bind/NEP-1',
    });
  });

  it('declines with the carrier reason and refuses a validation error with the carrier message', async () => {
    const connector = live.connectorFor('http:sample_api_key');
    const declined = await connector.quote(
      request('neptune', 'sample_api_key', { ...primaryDocument, flood_zone: 'VE' }),
      signal(),
    );
    expect(declined).toMatchObject({
      status: 'declined',
      premium: null,
      message: 'Coastal high hazard zones are outside our appetite.',
      indicative: false,
    });
    await expect(
      connector.quote(request('neptune', 'sample_api_key', { ...primaryDocument, zip: '00000' }), signal()),
    ).rejects.toThrow(
      'Neptune Flood (sample API-key connection) refused the request (HTTP 422): ZIP code 00000 is not valid.',
    );
  });

  it('is not retried after a 5xx (creating a quote is not idempotent) but waits out a 429 Retry-After', async () => {
    const connector = live.connectorFor('http:sample_api_key');
    fake.failNext(1, 503);
    await expect(connector.quote(request('neptune', 'sample_api_key'), signal())).rejects.toThrow(
      /\/v1\/quotes answered HTTP 503\.$/,
    );
    expect(fake.requests).toHaveLength(1);
    fake.throttleNext(1, 1);
    const answer = await connector.quote(request('neptune', 'sample_api_key'), signal());
    expect(answer.status).toBe('quoted');
    const [throttled, retried] = fake.requests.slice(1);
    expect((retried?.at ?? 0) - (throttled?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('gives up on a slow answer at the connection timeout', async () => {
    fake.slowMs = 1500;
    const connector = connectors(withConnection('sample_api_key', { timeout_ms: 300 })).connectorFor(
      'http:sample_api_key',
    );
    await expect(
      connector.quote(request('neptune', 'sample_api_key', { ...primaryDocument, zip: '99999' }), signal()),
    ).rejects.toThrow(/no answer within 0\.3 s\.$/);
  });

  it('refuses a malformed answer by the answer schema', async () => {
    fake.malformNext();
    await expect(
      live.connectorFor('http:sample_api_key').quote(request('neptune', 'sample_api_key'), signal()),
    ).rejects.toThrow(
      "Neptune Flood (sample API-key connection)'s answer was refused by its answer schema: answer must have required property 'quoteId'.",
    );
  });

  it('asks nothing without the company credentials', async () => {
    await expect(
      live
        .connectorFor('http:sample_api_key')
        .quote({ ...request('neptune', 'sample_api_key'), company_id: 8 }, signal()),
    ).rejects.toThrow('No credentials are stored for Neptune Flood (sample API-key connection).');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the OAuth2 connection (sample_oauth2)', () => {
  it('maps both ways and reuses one cached token', async () => {
    const connector = live.connectorFor('http:sample_oauth2');
    const issuedBefore = fake.tokensIssued;
    const answer = await connector.quote(request('palomar', 'sample_oauth2'), signal());
    await connector.quote(request('palomar', 'sample_oauth2'), signal());
    expect(fake.tokensIssued - issuedBefore).toBe(1);
    const [tokenCall] = fake.requests.filter((r) => r.path === '/oauth2/token');
    expect(new URLSearchParams(tokenCall?.body)).toEqual(
      new URLSearchParams({ grant_type: 'client_credentials', scope: 'rating' }),
    );
    expect(bodies('/flood/v2/rate')[0]).toEqual({
      program: 'Primary',
      location: { state_code: 'FL', postal_code: '33139', flood_zone: 'AE', distance_to_coast_miles: 2 },
      building: { foundation: 'Slab', elevation_difference_ft: 1, replacement_cost: 400000 },
      limits: { building: 250000, contents: 100000 },
      deductibles: { all_perils: 5000 },
    });
    expect(answer).toEqual({
      status: 'quoted',
      premium: 1390,
      coverages: { building_limit: 250000, contents_limit: 100000, deductible: 5000 },
      benefits: ['Replacement cost on contents', 'Pool repair'],
      message: null,
      indicative: false,
      carrier_reference: expect.stringMatching(/^PAL-\d+$/),
      bind_url: expect.stringMatching(/^https:\/\/agents\.palomar-sample\.example\/rates\/PAL-\d+$/),
    });
  });

  it('gets a new token when the carrier answers 401 to an expired one', async () => {
    const connector = live.connectorFor('http:sample_oauth2');
    await connector.quote(request('palomar', 'sample_oauth2'), signal());
    const issued = fake.tokensIssued;
    fake.expireTokens();
    const answer = await connector.quote(request('palomar', 'sample_oauth2'), signal());
    expect(answer.status).toBe('quoted');
    expect(fake.tokensIssued).toBe(issued + 1);
  });

  it('renews a token shortly before it expires', async () => {
    const connector = live.connectorFor('http:sample_oauth2');
    await connector.quote(request('palomar', 'sample_oauth2'), signal());
    const issued = fake.tokensIssued;
    clock += 3600_000 - 20_000;
    await connector.quote(request('palomar', 'sample_oauth2'), signal());
    expect(fake.tokensIssued).toBe(issued + 1);
  });

  it('retries a 5xx (rating is idempotent), declines, and refuses a 400 with its description', async () => {
    const connector = live.connectorFor('http:sample_oauth2');
    fake.failNext(1, 502);
    expect((await connector.quote(request('palomar', 'sample_oauth2'), signal())).status).toBe('quoted');
    expect(fake.requests.filter((r) => r.path === '/flood/v2/rate')).toHaveLength(2);
    const declined = await connector.quote(
      request('palomar', 'sample_oauth2', { ...primaryDocument, flood_zone: 'V1' }),
      signal(),
    );
    expect(declined).toMatchObject({
      status: 'declined',
      premium: null,
      message: 'V zones are not eligible.',
    });
    await expect(
      connector.quote(request('palomar', 'sample_oauth2', { ...primaryDocument, zip: '00000' }), signal()),
    ).rejects.toThrow('refused the request (HTTP 400): postal_code 00000 does not exist.');
  });

  it('refuses an answer whose fields have the wrong types', async () => {
    fake.malformNext();
    await expect(
      live.connectorFor('http:sample_oauth2').quote(request('palomar', 'sample_oauth2'), signal()),
    ).rejects.toThrow("'s answer was refused by its answer schema: answer/eligible must be boolean.");
  });
});

describe('the create-then-poll connection (sample_create_poll)', () => {
  it('creates a submission, polls it until rated, and maps the final answer', async () => {
    const answer = await live
      .connectorFor('http:sample_create_poll')
      .quote(request('sterling', 'sample_create_poll'), signal());
    expect(fake.requests.map((r) => `${r.method} ${r.path.replace(/STR-\d+/, 'ID')}`)).toEqual([
      'POST /api/submissions',
      'GET /api/submissions/ID',
      'GET /api/submissions/ID',
    ]);
    expect(bodies('/api/submissions')[0]).toEqual({
      lineOfBusiness: 'FLOOD_Primary',
      insured: { address: { state: 'FL', zip: '33139' } },
      property: { zone: 'AE', foundationType: 'Slab', constructionYear: '1998' },
      requested: { buildingLimit: 250000, contentsLimit: 100000, deductible: 5000 },
    });
    expect(fake.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('agency-7:sterling-SECRET-pw-0d2').toString('base64')}`,
    );
    expect(answer).toEqual({
      status: 'quoted',
      premium: 1390,
      coverages: { building_limit: 250000, contents_limit: 100000, deductible: 5000 },
      benefits: ['Stated benefit'],
      message: null,
      indicative: false,
      carrier_reference: expect.stringMatching(/^STR-\d+$/),
      bind_url: expect.stringMatching(/^https:\/\/portal\.sterling-sample\.example\/submissions\/STR-\d+$/),
    });
  });

  it('answers a referral as a decline with its reason and a validation error as a refusal', async () => {
    const connector = live.connectorFor('http:sample_create_poll');
    const referred = await connector.quote(
      request('sterling', 'sample_create_poll', { ...primaryDocument, flood_zone: 'VE' }),
      signal(),
    );
    expect(referred).toMatchObject({ status: 'declined', message: 'Referred to underwriting: V zone.' });
    await expect(
      connector.quote(
        request('sterling', 'sample_create_poll', { ...primaryDocument, zip: '00000' }),
        signal(),
      ),
    ).rejects.toThrow('refused the request (HTTP 422): insured.address.zip: 00000 is not a ZIP code.');
  });

  it('refuses a final answer without a premium', async () => {
    fake.malformNext();
    await expect(
      live.connectorFor('http:sample_create_poll').quote(request('sterling', 'sample_create_poll'), signal()),
    ).rejects.toThrow('answer/result/premium must be number.');
  });
});

/** The error `promise` rejects with (it must reject). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error(`expected a rejection, got ${String(error)}`);
  return error;
}

describe('credentials the carrier refuses (ADR 773)', () => {
  const refused = (carrier: string, connection: string) => ({
    ...request(carrier, connection),
    company_id: 9,
  });

  it('are a CredentialsRefusedError with the refusal message of every other 4xx', async () => {
    const apiKey = await rejection(
      live.connectorFor('http:sample_api_key').quote(refused('neptune', 'sample_api_key'), signal()),
    );
    expect(apiKey).toBeInstanceOf(CredentialsRefusedError);
    expect(apiKey.message).toBe(
      'Neptune Flood (sample API-key connection) refused the request (HTTP 401): Invalid API key',
    );
    const basic = await rejection(
      live.connectorFor('http:sample_create_poll').quote(refused('sterling', 'sample_create_poll'), signal()),
    );
    expect(basic).toBeInstanceOf(CredentialsRefusedError);
    expect(basic.message).toMatch(/refused the request \(HTTP 401\)/);
  });

  it('include a client id and secret the token endpoint refuses', async () => {
    const token = await rejection(
      live.connectorFor('http:sample_oauth2').quote(refused('palomar', 'sample_oauth2'), signal()),
    );
    expect(token).toBeInstanceOf(CredentialsRefusedError);
    expect(token.message).toBe(
      `The token endpoint ${fake.url}/oauth2/token answered HTTP 401 without an access token.`,
    );
  });

  it('are a 401 after the one token renewal, or a 403', async () => {
    let refusals: { count: number; status: number } = { count: 0, status: 401 };
    const refusing: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (refusals.count > 0 && url.endsWith('/flood/v2/rate')) {
        refusals = { ...refusals, count: refusals.count - 1 };
        return new Response(JSON.stringify({ error: 'refused', error_description: 'Not licensed.' }), {
          status: refusals.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      return fetch(input, init);
    };
    const connector = connectors(undefined, refusing).connectorFor('http:sample_oauth2');
    // One 401 is an expired token: a new token, one more try, a quote.
    refusals = { count: 1, status: 401 };
    expect((await connector.quote(request('palomar', 'sample_oauth2'), signal())).status).toBe('quoted');
    refusals = { count: 2, status: 401 };
    const unauthorized = await rejection(connector.quote(request('palomar', 'sample_oauth2'), signal()));
    expect(unauthorized).toBeInstanceOf(CredentialsRefusedError);
    expect(unauthorized.message).toBe(
      'Palomar Flood (sample OAuth2 connection) refused the request (HTTP 401): Not licensed.',
    );
    refusals = { count: 1, status: 403 };
    const forbidden = await rejection(connector.quote(request('palomar', 'sample_oauth2'), signal()));
    expect(forbidden).toBeInstanceOf(CredentialsRefusedError);
    expect(forbidden.message).toMatch(/\(HTTP 403\): Not licensed\.$/);
  });

  it('are not a validation refusal nor a failure, and open no breaker', async () => {
    const connector = live.connectorFor('http:sample_api_key');
    const invalid = await rejection(
      connector.quote(request('neptune', 'sample_api_key', { ...primaryDocument, zip: '00000' }), signal()),
    );
    expect(invalid.message).toMatch(/HTTP 422/);
    expect(invalid).not.toBeInstanceOf(CredentialsRefusedError);
    fake.failNext(1, 500);
    const failed = await rejection(connector.quote(request('neptune', 'sample_api_key'), signal()));
    expect(failed.message).toMatch(/HTTP 500/);
    expect(failed).not.toBeInstanceOf(CredentialsRefusedError);
    const oauth = live.connectorFor('http:sample_oauth2');
    for (let i = 0; i < 6; i += 1) {
      expect(await rejection(oauth.quote(refused('palomar', 'sample_oauth2'), signal()))).toBeInstanceOf(
        CredentialsRefusedError,
      );
    }
    expect((await oauth.quote(request('palomar', 'sample_oauth2'), signal())).status).toBe('quoted');
  });
});

describe('the circuit breaker', () => {
  it('stops asking after 5 failures in a row, lets one trial through after open_ms, and closes on success', async () => {
    const connector = live.connectorFor('http:sample_api_key');
    fake.failNext(5, 500);
    for (let i = 0; i < 5; i += 1) {
      await expect(connector.quote(request('neptune', 'sample_api_key'), signal())).rejects.toThrow(
        /HTTP 500/,
      );
    }
    await expect(connector.quote(request('neptune', 'sample_api_key'), signal())).rejects.toThrow(
      'Not asked: Neptune Flood (sample API-key connection) failed 5 times in a row; it is asked again from 2026-11-25T12:01:00.000Z.',
    );
    expect(fake.requests).toHaveLength(5);
    clock += 60_000;
    fake.failNext(1, 500);
    await expect(connector.quote(request('neptune', 'sample_api_key'), signal())).rejects.toThrow(/HTTP 500/);
    await expect(connector.quote(request('neptune', 'sample_api_key'), signal())).rejects.toThrow(
      'it is asked again from 2026-11-25T12:02:00.000Z.',
    );
    clock += 60_000;
    expect((await connector.quote(request('neptune', 'sample_api_key'), signal())).status).toBe('quoted');
    expect((await connector.quote(request('neptune', 'sample_api_key'), signal())).status).toBe('quoted');
    expect(fake.requests).toHaveLength(8);
  });

  it('is not opened by refusals (the carrier answered) nor by declines', async () => {
    const connector = live.connectorFor('http:sample_api_key');
    for (let i = 0; i < 6; i += 1) {
      await expect(
        connector.quote(request('neptune', 'sample_api_key', { ...primaryDocument, zip: '00000' }), signal()),
      ).rejects.toThrow(/HTTP 422/);
    }
    expect((await connector.quote(request('neptune', 'sample_api_key'), signal())).status).toBe('quoted');
  });
});

describe('secrets', () => {
  it('are never in a log line, an error message or the test-connection exchanges', async () => {
    const secrets = [...Object.values(FAKE_CREDENTIALS).flatMap((c) => Object.values(c)), 'SECRETTOKEN'];
    const seen: string[] = [];
    fake.expireTokens();
    for (const [carrier, id] of [
      ['neptune', 'sample_api_key'],
      ['palomar', 'sample_oauth2'],
      ['sterling', 'sample_create_poll'],
    ] as const) {
      const connector = live.connection(id);
      const tried = await connector.tryQuote(request(carrier, id), signal());
      const refused = await connector.tryQuote(
        request(carrier, id, { ...primaryDocument, zip: '00000' }),
        signal(),
      );
      expect(tried.answer?.status).toBe('quoted');
      expect(refused.error).toMatch(/refused the request/);
      seen.push(JSON.stringify([tried, refused]));
      const auth = tried.exchanges[0]?.headers;
      expect(auth?.authorization ?? auth?.['x-api-key']).toBe(MASK);
    }
    const palomar = JSON.parse(seen[1] ?? '[]')[0];
    expect(palomar.exchanges[0].answer).toContain(`"access_token":"${MASK}"`);
    seen.push(...logLines);
    expect(logLines.length).toBeGreaterThan(6);
    const all = seen.join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
  });
});
