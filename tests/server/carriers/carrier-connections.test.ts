/**
 * Live carrier connections end to end (issue 19): an admin stores credentials write-only and
 * enables a connection in settings, tests it (secrets masked), and a launch of that company asks
 * the fake carrier for that carrier only (bindable, with its reference and bind URL) while the
 * others stay sandbox (indicative) and other companies are not affected; a malformed carrier
 * answer is that carrier's error quote with its alert note; no secret of any auth kind, token or
 * Basic header is in an answer or a log line (the app's own log, captured at trace level); a
 * connection test records a refusal of the credentials, not an expired token its renewal replaced.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '../../../engine/types.ts';
import { examples } from '../../../schemas/schema-set.ts';
import { rowsOf } from '../../../server/db/database.ts';
import {
  FAKE_CREDENTIALS,
  type FakeCarrierServer,
  fakeCarrierOrigins,
  startFakeCarrierServer,
} from '../helpers/fake-carrier-server.ts';
import { MIAMI } from '../helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const API_KEY = FAKE_CREDENTIALS.sample_api_key?.api_key as string;

interface QuoteView {
  carrier: string;
  status: string;
  premium: number | null;
  message: string | null;
  indicative: boolean;
  carrier_reference: string | null;
  bind_url: string | null;
}

describe.each(DATABASE_KINDS)('carrier connections on %s', (kind) => {
  let t: TestApp;
  let fake: FakeCarrierServer;
  let adminKey: string;
  let agentKey: string;
  let otherAgentKey: string;
  const logLines: string[] = [];
  const answers: string[] = [];
  let lastApplication: Record<string, unknown> = {};

  const post = async (path: string, body: Record<string, unknown>) => {
    const result = await t.post(path, body);
    answers.push(JSON.stringify(result.body));
    return result;
  };

  async function launched(
    key: string,
    doc: Doc = structuredClone(examples.primary) as Doc,
  ): Promise<QuoteView[]> {
    const created = await post('agent-portal/create-new-application', { session_key: key, address: MIAMI });
    const id = created.body.data.application.id;
    const launch = await post('agent-portal/launch-application', {
      session_key: key,
      application_id: id,
      address_details: doc,
    });
    expect(launch.statusCode, launch.body.message).toBe(200);
    await t.app.quoteWorker.drain();
    const done = await post('agent-portal/get-application-by-id', { session_key: key, application_id: id });
    lastApplication = done.body.data.application;
    return done.body.data.application.quotes;
  }

  beforeAll(async () => {
    fake = await startFakeCarrierServer();
    t = await startTestApp(kind, {
      carrierConnections: { origins: fakeCarrierOrigins(fake.url) },
      logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
    });
    [adminKey, agentKey, otherAgentKey] = await Promise.all(
      ['admin@demo.test', 'agent@demo.test', 'otheragent@demo.test'].map((email) => t.loginAs(email)),
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('lists the sample connections switched off, with the credentials they need', async () => {
    const result = await post('carrier-connections/list', { session_key: adminKey });
    expect(result.statusCode).toBe(200);
    expect(result.body.data.connections).toEqual([
      expect.objectContaining({
        id: 'sample_api_key',
        auth_kind: 'api_key',
        // The endpoint actually asked (here the fake carrier), not carriers.json's placeholder.
        endpoint: `${fake.url}/v1/quotes`,
        carriers: ['Neptune Flood'],
        credential_names: ['api_key'],
        credentials_set: [],
        enabled: false,
      }),
      expect.objectContaining({
        id: 'sample_oauth2',
        auth_kind: 'oauth2_client_credentials',
        credential_names: ['client_id', 'client_secret'],
        enabled: false,
      }),
      expect.objectContaining({ id: 'sample_create_poll', auth_kind: 'basic', enabled: false }),
    ]);
  });

  it('refuses to switch a connection on without its credentials, and an unknown one, changing nothing', async () => {
    const missing = await post('carrier-connections/update', {
      session_key: adminKey,
      connection_id: 'sample_api_key',
      enabled: true,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.body.error_obj).toEqual({
      'credentials.api_key': 'Neptune Flood (sample API-key connection) needs api_key.',
    });
    const wrongName = await post('carrier-connections/update', {
      session_key: adminKey,
      connection_id: 'sample_api_key',
      enabled: false,
      credentials: { password: 'x' },
    });
    expect(wrongName.statusCode).toBe(422);
    const unknown = await post('carrier-connections/update', {
      session_key: adminKey,
      connection_id: 'nowhere',
      enabled: false,
    });
    expect(unknown.statusCode).toBe(404);
    const list = await post('carrier-connections/list', { session_key: adminKey });
    expect(list.body.data.connections[0]).toMatchObject({ credentials_set: [], enabled: false });
  });

  it('stores credentials write-only and tests the connection with the exchange masked', async () => {
    const saved = await post('carrier-connections/update', {
      session_key: adminKey,
      connection_id: 'sample_api_key',
      enabled: true,
      credentials: { api_key: API_KEY },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    expect(saved.body.data.connections[0]).toMatchObject({ credentials_set: ['api_key'], enabled: true });
    // Switching off and on again keeps the stored key.
    await post('carrier-connections/update', {
      session_key: adminKey,
      connection_id: 'sample_api_key',
      enabled: false,
    });
    const again = await post('carrier-connections/update', {
      session_key: adminKey,
      connection_id: 'sample_api_key',
      enabled: true,
    });
    expect(again.statusCode).toBe(200);

    const tested = await post('carrier-connections/test', {
      session_key: adminKey,
      connection_id: 'sample_api_key',
    });
    expect(tested.statusCode).toBe(200);
    expect(tested.body.message).toBe('The carrier answered: quoted.');
    const { test } = tested.body.data;
    expect(test.answer).toMatchObject({ status: 'quoted', indicative: false });
    expect(test.exchanges).toHaveLength(1);
    expect(test.exchanges[0]).toMatchObject({
      method: 'POST',
      status: 200,
      headers: { 'x-api-key': '********' },
    });
    expect(JSON.parse(test.exchanges[0].body).coverage).toEqual({
      dwelling: 450000,
      personalProperty: 100000,
      deductible: 5000,
    });

    const untested = await post('carrier-connections/test', {
      session_key: adminKey,
      connection_id: 'sample_oauth2',
    });
    expect(untested.body.message).toBe(
      'The test failed: No credentials are stored for Palomar Flood (sample OAuth2 connection).',
    );
  });

  it("asks the connected carrier for its company's launches: bindable beside indicative sandbox quotes", async () => {
    const quotes = await launched(agentKey);
    const neptune = quotes.find((quote) => quote.carrier === 'neptune');
    expect(neptune).toMatchObject({
      status: 'quoted',
      indicative: false,
      carrier_reference: expect.stringMatching(/^NEP-\d+$/),
      bind_url: expect.stringMatching(/^https:\/\/portal\.neptune-sample\.example\/bind\/NEP-\d+$/),
    });
    const others = quotes.filter((quote) => quote.carrier !== 'neptune' && quote.status === 'quoted');
    expect(others.length).toBeGreaterThan(3);
    for (const quote of others)
      expect(quote).toMatchObject({ indicative: true, carrier_reference: null, bind_url: null });

    const before = fake.requests.length;
    const otherCompany = await launched(otherAgentKey);
    expect(fake.requests.length).toBe(before);
    expect(otherCompany.find((quote) => quote.carrier === 'neptune')).toMatchObject({
      indicative: true,
      bind_url: null,
    });
  });

  it("records a malformed answer as that carrier's error quote only, with the red alert note naming it", async () => {
    fake.malformNext();
    const quotes = await launched(agentKey);
    const notes = lastApplication.notes as { color: string; payload: Record<string, unknown> }[];
    expect(notes).toContainEqual(
      expect.objectContaining({
        color: 'red',
        payload: expect.objectContaining({
          sent_by: 'auto_launch',
          is_alert: true,
          message: 'Automatic launch failed for Neptune Flood.',
        }),
      }),
    );
    expect(quotes.find((quote) => quote.carrier === 'neptune')).toMatchObject({
      status: 'error',
      premium: null,
      message:
        "Neptune Flood (sample API-key connection)'s answer was refused by its answer schema: answer must have required property 'quoteId'.",
    });
    expect(quotes.filter((quote) => quote.status === 'quoted').length).toBeGreaterThan(3);
  });

  it('never answers or logs a stored secret of any auth kind, an access token or a Basic header', async () => {
    // Store, test and use the OAuth2 and Basic connections too, through a token expiry, a refusal
    // and a carrier failure, so every path that could leak has run.
    for (const connection of ['sample_oauth2', 'sample_create_poll']) {
      const saved = await post('carrier-connections/update', {
        session_key: adminKey,
        connection_id: connection,
        enabled: true,
        credentials: FAKE_CREDENTIALS[connection],
      });
      expect(saved.statusCode, saved.body.message).toBe(200);
      const tested = await post('carrier-connections/test', {
        session_key: adminKey,
        connection_id: connection,
      });
      expect(tested.body.message).toBe('The carrier answered: quoted.');
    }
    fake.expireTokens();
    const quotes = await launched(agentKey);
    for (const carrier of ['neptune', 'palomar', 'sterling'])
      expect(quotes.find((quote) => quote.carrier === carrier)).toMatchObject({
        status: 'quoted',
        indicative: false,
      });
    const refused = await launched(agentKey, { ...(structuredClone(examples.primary) as Doc), zip: '00000' });
    expect(refused.find((quote) => quote.carrier === 'palomar')?.message).toMatch(
      /refused the request \(HTTP 400\)/,
    );
    fake.failNext(1, 502);
    await launched(agentKey);
    await post('portal-settings/get', { session_key: adminKey });
    await post('carrier-connections/list', { session_key: adminKey });

    const secrets = [
      ...Object.values(FAKE_CREDENTIALS).flatMap((credentials) => Object.values(credentials)),
      'SECRETTOKEN',
      ...Object.values(FAKE_CREDENTIALS)
        .filter((credentials) => credentials.password)
        .map((credentials) =>
          Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64'),
        ),
    ];
    expect(fake.tokensIssued).toBeGreaterThanOrEqual(2);
    expect(logLines.filter((line) => line.includes('"carrier call"')).length).toBeGreaterThan(8);
    for (const secret of secrets) {
      expect(
        answers.filter((answer) => answer.includes(secret)),
        secret,
      ).toEqual([]);
      expect(
        logLines.filter((line) => line.includes(secret)),
        secret,
      ).toEqual([]);
    }
  });

  it('records an expired token the renewal replaced as no refusal, and a refused client secret as one', async () => {
    const lastTest = async () =>
      rowsOf<{ passed: boolean; credentials_refused: boolean }>(
        await t.db.execute(
          sql`SELECT passed, credentials_refused FROM carrier_connection_tests ORDER BY id DESC LIMIT 1`,
        ),
      )[0];
    const testOAuth = () =>
      post('carrier-connections/test', { session_key: adminKey, connection_id: 'sample_oauth2' });
    // The cached token expires: the carrier answers 401, the one renewal gets a new token, it quotes.
    await testOAuth();
    fake.expireTokens();
    const renewed = await testOAuth();
    expect(renewed.body.message).toBe('The carrier answered: quoted.');
    expect(renewed.body.data.test.exchanges.map((exchange: { status: number }) => exchange.status)).toContain(
      401,
    );
    expect(await lastTest()).toEqual({ passed: true, credentials_refused: false });

    // A wrong client secret: the token endpoint answers 401, a refusal of the credentials.
    await post('carrier-connections/update', {
      session_key: adminKey,
      connection_id: 'sample_oauth2',
      enabled: true,
      credentials: { ...FAKE_CREDENTIALS.sample_oauth2, client_secret: 'revoked-secret' },
    });
    fake.expireTokens();
    const refused = await testOAuth();
    expect(refused.body.message).toMatch(/^The test failed: /);
    expect(await lastTest()).toEqual({ passed: false, credentials_refused: true });
  });
});
