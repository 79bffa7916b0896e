/**
 * Fuzzed bad input on every endpoint (issue 5): for each endpoint of the OpenAPI document, bad
 * bodies from tests/server/abuse/bad-bodies.ts (wrong types, missing and extra fields, huge
 * strings, deep nesting, unicode, prototype-pollution keys, arrays for objects, valid-shaped
 * bodies with one bad field, ids of no record, hostile values on real records) sent with the
 * session key of a role that may call it, so they reach validation. Every answer is below 500 and
 * an envelope with a clear message, and not one row of any table changes (except by a body on
 * real records that succeeded). Endpoints without a JSON body get bad path parameters, query
 * strings and bodies instead. Decision 107. The number of bodies tried is printed and written to
 * test-results/fuzz-report.json.
 */
import { resolve } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCarriers } from '../../../carrier-catalog/manual-carriers.ts';
import { sovCarriers } from '../../../carrier-catalog/sov-carriers.ts';
import { examples } from '../../../schemas/schema-set.ts';
import { buildApp, REQUEST_AJV_OPTIONS } from '../../../server/app.ts';
import { type Executor, rowsOf } from '../../../server/db/database.ts';
import {
  type AccountsFixture,
  accountsFixture,
  ROLE_EMAILS,
  type Role,
} from '../helpers/accounts-fixture.ts';
import { type ApiEndpoint, apiEndpoints } from '../helpers/api-endpoints.ts';
import {
  dumpDifference,
  dumpTables,
  type TableDump,
  tableNames,
  tablesDigest,
} from '../helpers/dump-tables.ts';
import { MIAMI } from '../helpers/sample-records.ts';
import { DATABASE_KINDS, type DatabaseKind, startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  type BadBody,
  type BadKind,
  badBodies,
  bodyJson,
  nastyString,
  type RealRecords,
} from './bad-bodies.ts';
import { FuzzReport } from './fuzz-report.ts';
import type { JsonSchema } from './schema-arbitrary.ts';

/** Bodies per endpoint and database: under a minute for both databases on two cores. */
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 20);
const REPORT = resolve(import.meta.dirname, '../../../test-results/fuzz-report.json');

/**
 * Roles that may call the endpoint, so bodies get past the role checks to validation and the
 * handler, each body sent by one of them: agents and their admins work on applications, admins
 * and the super-admin record manual quotes and manage accounts and settings (each in their own
 * scope), an admin changes the own plan, a customer uses the customer portal.
 */
function rolesFor(path: string): Role[] {
  if (path.startsWith('/api/plans/') || path === '/api/billing-portal') return ['admin'];
  if (path.startsWith('/api/customer-portal/')) return ['customer'];
  if (path === '/api/agent-portal/record-manual-quote') return ['admin', 'super-admin'];
  if (path.startsWith('/api/agent-portal/') || path.startsWith('/api/sov/')) return ['agent', 'admin'];
  return ['super-admin', 'admin'];
}

// Ajv's strict-mode notes about the schemas are Fastify's to print, not this suite's.
const ajv = new Ajv({ ...REQUEST_AJV_OPTIONS, logger: false });
addFormats(ajv);

/** True when the server's validation would accept the JSON text (no NUL: a preValidation 400). */
function accepted(validate: (data: unknown) => boolean, json: string): boolean {
  return !json.includes('\\u0000') && validate(JSON.parse(json));
}

/** The answer is below 500 and, when JSON, the envelope with a clear message. */
function expectClearAnswer(statusCode: number, contentType: string, payload: string, what: string) {
  expect(statusCode, what).toBeLessThan(500);
  if (!contentType.startsWith('application/json')) return;
  const envelope = JSON.parse(payload);
  expect(envelope.code, what).toBe(statusCode);
  if (statusCode < 400) return;
  expect(envelope.status, what).toBe('error');
  expect(typeof envelope.message, what).toBe('string');
  expect(envelope.message.length, what).toBeGreaterThan(3);
  expect(envelope.message, what).not.toMatch(/Internal Server Error|\n\s+at /);
}

/**
 * The endpoints, read before the tests are collected so each gets a test named for it: the
 * OpenAPI document of an app whose database is never queried (it only registers routes).
 */
async function documentedEndpoints(): Promise<ApiEndpoint[]> {
  const app = await buildApp({
    db: {} as Executor,
    portalDir: null,
    startWorker: false,
    carrierCatalogue: false,
    accounts: { mailSink: false },
  });
  await app.ready();
  const endpoints = apiEndpoints(app);
  await app.close();
  return endpoints;
}
const ENDPOINTS = await documentedEndpoints();

const report = new FuzzReport();

/** The content type of most bodies; others (text, form, none) are sent now and then. */
const JSON_TYPE = 'application/json';

/** Kinds of body that pass validation on purpose, for the handlers to refuse (or, own records, to take). */
const REACH_HANDLERS: readonly BadKind[] = ['absent-records', 'own-records'];

/**
 * A schema-invalid body is refused with a 4xx naming the problem: 'Invalid request: ...' (401
 * 'Invalid Details' when the body is no object, so it carries no session key), and for a 400 on
 * a broken or missing field an error_obj naming a body path (a prototype key is refused by the
 * JSON parser first, without one).
 */
function expectRefusedByValidation(
  response: { statusCode: number; body: string },
  payload: string,
  bad: BadBody,
  what: string,
) {
  expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
  const envelope = JSON.parse(response.body);
  if (bad.kind === 'not-an-object' && response.statusCode === 401) {
    expect(envelope.message, what).toBe('Invalid Details');
    return;
  }
  expect(envelope.message, what).toMatch(/^Invalid request: \S/);
  const prototypeKey = /"(__proto__|constructor)"/.test(payload);
  if (response.statusCode === 400 && bad.kind !== 'not-an-object' && !prototypeKey) {
    expect(Object.keys(envelope.error_obj ?? {}), what).toContainEqual(expect.stringMatching(/^body/));
  }
}

/**
 * Percent-encoded text; a lone surrogate, which has no UTF-8 form, becomes the bytes a careless
 * encoder would write for it (ED A0 80: invalid UTF-8), so the server meets those too.
 */
function urlEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split(/([\uD800-\uDFFF])/)
      .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

/** `?a=1&b=2` of `query`, values encoded with urlEncoded; '' when empty. */
function queryString(query: Record<string, string>): string {
  const pairs = Object.entries(query).map(([name, value]) => `${urlEncoded(name)}=${urlEncoded(value)}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/**
 * A commercial application of the demo agent, launched, its automatic quotes done, with a manual
 * and an SOV quote pending, so manual-quote and SOV bodies meet quotes they may act on.
 */
async function launchedCommercial(t: TestApp, agentKey: string): Promise<void> {
  const created = await t.post('agent-portal/create-new-application', {
    session_key: agentKey,
    carrier_quote_type: 'Commercial',
    address: MIAMI,
  });
  const id = created.body.data.application.id;
  const launched = await t.post('agent-portal/launch-application', {
    session_key: agentKey,
    application_id: id,
    address_details: structuredClone(examples.commercial),
  });
  expect(launched.statusCode, launched.body.message).toBe(200);
  await t.app.quoteWorker.drain();
  const manual = manualCarriers().find(
    (c) => c.quote_types.includes('Commercial') && c.states.includes('FL'),
  );
  const sov = sovCarriers().find((c) => c.states.includes('FL'));
  for (const [path, list] of [
    ['launch-application-manual-carriers', { manual_carrier_names_list: [manual?.carrier] }],
    ['launch-application-sov-carriers', { sov_carrier_names_list: [sov?.quote_manager_id] }],
  ] as const) {
    const result = await t.post(`agent-portal/${path}`, {
      session_key: agentKey,
      application_id: id,
      ...list,
    });
    expect(result.statusCode, result.body.message).toBe(200);
  }
}

/** Real ids (and carrier names) by body field name, and the application form's field names. */
async function realRecords(t: TestApp, f: AccountsFixture): Promise<RealRecords> {
  const ids = async (table: string) =>
    rowsOf<{ id: number }>(await t.db.execute(sql.raw(`SELECT id FROM ${table} ORDER BY id`))).map(
      (r) => r.id,
    );
  // Not the four role users whose keys the suite holds: deleting them would end its sessions.
  const others = ['otheradmin@demo.test', 'otheragent@demo.test', 'expired@demo.test'].map(
    (e) => f.userIds[e],
  );
  return {
    values: {
      application_id: await ids('applications'),
      quote_id: await ids('quotes'),
      note_id: await ids('notes'),
      // Not the demo company: a success could end its subscription and turn later calls into 402s.
      company_id: [f.otherCompanyId, f.expiredCompanyId],
      user_id: others,
      customer_user_id: [f.userIds['customer@demo.test']],
      agent_id: [f.agentIds.demo, f.agentIds.other],
      carrier_id: sovCarriers().map((c) => c.quote_manager_id),
    },
    documentKeys: [...new Set(Object.values(examples).flatMap((document) => Object.keys(document)))],
  };
}

describe.each(DATABASE_KINDS)('fuzzed bad input on every endpoint (%s)', (kind: DatabaseKind) => {
  let t: TestApp;
  let f: AccountsFixture;
  let tables: string[];
  let baseline: TableDump;
  let baselineDigest: string;
  let real: RealRecords;

  beforeAll(async () => {
    t = await startTestApp(kind, { accounts: { mailSink: false } });
    f = await accountsFixture(t);
    await launchedCommercial(t, f.keys.agent);
    real = await realRecords(t, f);
    // No table is excluded: nothing in the app writes on a read or on a refused call but a
    // session's last-seen minute, which the dumps leave out (dump-tables.ts ACTIVITY_COLUMNS).
    tables = await tableNames(t.db);
    await takeBaseline();
  });
  afterAll(async () => {
    await t?.close();
    report.write(REPORT);
    console.log(
      `fuzz (${kind}): ${report.total(kind)} bodies on ${report.endpoints(kind)} endpoints; ${report.total()} in all so far`,
    );
  });

  /** Fails with the rows that changed when the database no longer matches the baseline. */
  async function expectNoRowChanged(what: string) {
    if ((await tablesDigest(t.db, tables)) === baselineDigest) return;
    const difference = dumpDifference(baseline, await dumpTables(t.db, tables));
    expect(difference, `${what} changed rows`).toEqual({});
  }

  /**
   * After each call that may have reached a handler (an answer below 400, or a body meant to
   * pass validation) the tables are compared at once, naming the body; the others, refused before any handler ran,
   * are covered by the comparison after each endpoint's run (a digest query costs as much as a
   * call, and would halve the bodies tried in the time).
   */
  const reachedHandler = (bad: BadBody | null, statusCode: number) =>
    statusCode < 400 || (bad !== null && REACH_HANDLERS.includes(bad.kind));

  /** The rows every later call must leave as they are: at the start, and after a call succeeded. */
  async function takeBaseline() {
    baseline = await dumpTables(t.db, tables);
    baselineDigest = await tablesDigest(t.db, tables);
  }

  /**
   * After a call that succeeded: a body on real records may rightly have ended the caller's own
   * session (`auth/sessions/revoke` of a small id that is its own, `auth/logout`), which would turn
   * every later call into a 401. The role signs in again, and the new session's rows are the
   * baseline from then on.
   */
  async function keepSessionAlive(role: Role) {
    const me = await t.post('auth/me', { session_key: f.keys[role] });
    if (me.statusCode !== 401) return;
    f.keys[role] = await t.loginAs(ROLE_EMAILS[role]);
    await takeBaseline();
  }

  it('covers the endpoints of the running app', () => {
    expect(apiEndpoints(t.app)).toEqual(ENDPOINTS);
    expect(ENDPOINTS.length).toBeGreaterThan(70);
  });

  // One test per endpoint, named for it, so a failure names the endpoint.
  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s',
    async (name, endpoint) => {
      const roles = rolesFor(endpoint.path);
      const key = f.keys[roles[0]];
      // A role, its key looked up at the call: keepSessionAlive may have replaced it.
      const anyRole = fc.constantFrom(...roles);
      if (endpoint.bodySchema) {
        const validate = ajv.compile(endpoint.bodySchema);
        const withKey = (bad: BadBody, sessionKey: string) =>
          bad.body !== null && typeof bad.body === 'object' && !Array.isArray(bad.body)
            ? { ...bad.body, session_key: sessionKey }
            : bad.body;
        const bodies = badBodies(endpoint.bodySchema as JsonSchema, real).filter(
          (bad) => REACH_HANDLERS.includes(bad.kind) || !accepted(validate, bodyJson(withKey(bad, key))),
        );
        const contentType = fc.oneof(
          { weight: 12, arbitrary: fc.constant(JSON_TYPE) },
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', null),
        );
        const query = fc.option(
          fc.dictionary(fc.constantFrom('page', 'per_page', 'session_key', 'x'), nastyString, { maxKeys: 2 }),
          { freq: 4 },
        );
        await fc.assert(
          fc.asyncProperty(bodies, anyRole, query, contentType, async (bad, role, search, type) => {
            const payload = bodyJson(withKey(bad, f.keys[role]));
            const response = await t.app.inject({
              method: endpoint.method as 'POST',
              // A path parameter (the texting webhooks' company) gets a real id, so bodies reach validation.
              url: `${endpoint.path.replace(/\{[a-z_]+\}/g, String(f.otherCompanyId))}${queryString(search ?? {})}`,
              headers: type === null ? {} : { 'content-type': type },
              payload,
            });
            report.record(
              kind,
              name,
              type === JSON_TYPE ? bad.kind : 'not-json-content-type',
              response.statusCode,
            );
            const what = `${name} ${bad.kind} as ${type}: ${bad.what} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
            expectClearAnswer(
              response.statusCode,
              String(response.headers['content-type']),
              response.body,
              what,
            );
            if (type !== JSON_TYPE) {
              // Text is parsed as a string (no session key in it), anything else is a 415.
              expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
              return;
            }
            if (bad.kind === 'own-records' && response.statusCode < 400) {
              await takeBaseline();
              await keepSessionAlive(role);
              return;
            }
            if (!REACH_HANDLERS.includes(bad.kind)) expectRefusedByValidation(response, payload, bad, what);
            if (reachedHandler(bad, response.statusCode)) await expectNoRowChanged(what);
          }),
          { numRuns: RUNS_PER_ENDPOINT },
        );
      } else {
        const parameter = fc.oneof(
          nastyString,
          fc.constantFrom('0', '-1', '2147483648', '99999999999', '1.5', '1e3', String(f.otherCompanyId)),
          fc.nat().map(String),
        );
        const anyKey = fc.constantFrom(...roles.map((role) => f.keys[role]));
        const session = fc.oneof(anyKey, nastyString, fc.constant(undefined));
        const body = fc.oneof(
          fc
            .jsonValue({ maxDepth: 2 })
            .map((value) => ({ type: 'application/json', text: JSON.stringify(value) })),
          fc
            .dictionary(fc.constantFrom('SAMLResponse', 'RelayState', 'x'), nastyString, { maxKeys: 2 })
            .map((fields) => ({
              type: 'application/x-www-form-urlencoded',
              text: new URLSearchParams(fields as Record<string, string>).toString(),
            })),
          fc.constant({ type: 'text/plain', text: 'not json' }),
        );
        await fc.assert(
          fc.asyncProperty(parameter, session, body, async (value, sessionKey, sent) => {
            const url = `${endpoint.path.replace(/\{[a-z_]+\}/g, urlEncoded(value))}${queryString(
              sessionKey === undefined ? {} : { session_key: sessionKey },
            )}`;
            const response = await t.app.inject({
              method: endpoint.method as 'GET' | 'POST',
              url,
              ...(endpoint.method === 'POST'
                ? { headers: { 'content-type': sent.type }, payload: sent.text }
                : {}),
            });
            report.record(kind, name, 'path-query-or-form', response.statusCode);
            const what = `${name} ${url} ${sent.type} ${sent.text.slice(0, 80)} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
            expectClearAnswer(
              response.statusCode,
              String(response.headers['content-type']),
              response.body,
              what,
            );
            if (reachedHandler(null, response.statusCode)) await expectNoRowChanged(what);
          }),
          { numRuns: RUNS_PER_ENDPOINT },
        );
      }
      await expectNoRowChanged(`the bodies sent to ${name}`);
    },
  );

  it('changed not one row of any table, by a full dump', async () => {
    expect(await dumpTables(t.db, tables)).toEqual(baseline);
  });
});
