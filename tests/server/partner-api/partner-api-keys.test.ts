/**
 * Partner API keys (issue 16): the curl examples of /dashboard/api-partner run with `sh` against a
 * listening server (create, update, launch, read, list), then, through app.inject, what a key
 * cannot do: a revoked or rotated-away key is 401, a call outside the key's scopes or outside what
 * keys may call is 403 and changes nothing, another company's application is 404 as the access
 * matrix says for an admin, a company without subscription is 402, and a key past its rate limit
 * is 429 while other keys go on.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_EXAMPLES } from '../../../portal/features/api-partner/api/partner-examples.ts';
import { PARTNER_SCOPES, type PartnerScope } from '../../../server/auth/partner-scopes.ts';
import { apiCredentials, companies } from '../../../server/db/schema.ts';
import { PARTNER_RATE_LIMITED_MESSAGE } from '../../../server/http/partner-rate-limit.ts';
import { type AccountsFixture, accountsFixture } from '../helpers/accounts-fixture.ts';
import { MIAMI } from '../helpers/sample-records.ts';
import { DATABASE_KINDS, type LooseData, startTestApp, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
const RATE_LIMIT = 25;

describe.each(DATABASE_KINDS)('partner API keys on %s', (kind) => {
  let t: TestApp;
  let f: AccountsFixture;

  /** A new key of `companyId` (default the demo company) made by a super-admin; its id and secret. */
  async function newKey(scopes: PartnerScope[] = [...PARTNER_SCOPES], companyId?: number) {
    const created = await t.post('api-credentials/create', {
      session_key: f.keys['super-admin'],
      company_id: companyId ?? f.demoCompanyId,
      name: `partner ${Math.random()}`,
      scopes,
    });
    expect(created.statusCode, created.body.message).toBe(200);
    return created.body.data.credential as { id: number; secret: string; scopes: string[] };
  }

  /** POST /api/<path> with `Authorization: Bearer <secret>`. */
  async function withKey(secret: string, path: string, body: object = {}) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { authorization: `Bearer ${secret}` },
      payload: body,
    });
    return { statusCode: response.statusCode, body: response.json(), headers: response.headers };
  }

  async function storedApplication(id: number) {
    const answer = await t.post('agent-portal/get-application-by-id', {
      session_key: f.keys['super-admin'],
      application_id: id,
    });
    return answer.body.data.application;
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { partnerRateLimit: { max: RATE_LIMIT, timeWindowMs: 60_000 } });
    f = await accountsFixture(t);
    // Partner keys work on a plan with API credentials (ADR 764): Other Agency is seeded on Starter.
    await t.db.update(companies).set({ plan_id: 'agency' }).where(eq(companies.id, f.otherCompanyId));
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('runs every curl example of the API partner page against the server, in order', async () => {
    const { secret, id } = await newKey();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      API_BASE: `${address}/api`,
      API_KEY: secret,
      AGENT_ID: String(f.agentIds.demo),
      APPLICATION_ID: '',
    };
    const answers: Record<string, { code: number; message: string; data: LooseData }> = {};
    for (const example of PARTNER_EXAMPLES) {
      const { stdout } = await run('sh', ['-c', example.command], { env });
      answers[example.id] = JSON.parse(stdout);
      expect([example.id, answers[example.id].code, answers[example.id].message]).toEqual([
        example.id,
        200,
        expect.any(String),
      ]);
      if (example.id === 'create') env.APPLICATION_ID = String(answers.create.data.application.id);
      // Quotes are asked by the worker: let it answer before the application is read.
      if (example.id === 'launch') await t.app.quoteWorker.drain();
    }
    const applicationId = Number(env.APPLICATION_ID);
    expect(answers.create.data.application).toMatchObject({ status: 'new', agent_id: f.agentIds.demo });
    expect(answers.update.data.application.payload.useable_details.first_name).toBe('Maria');
    expect(answers.launch.data.application.status).toBe('launched');
    const read = answers.read.data.application;
    expect(read.id).toBe(applicationId);
    expect(read.quotes.length).toBeGreaterThan(1);
    expect(read.quotes.some((q: { status: string }) => q.status === 'quoted')).toBe(true);
    expect(read.quotes.every((q: { status: string }) => q.status !== 'pending')).toBe(true);
    // The list is the key's company's, newest first: the new application on top, no other company's.
    const rows = answers.list.data.applications.data as { id: number; agent_id: number }[];
    expect(rows[0].id).toBe(applicationId);
    const stored = await storedApplication(applicationId);
    expect(stored.quotes).toEqual(read.quotes);
    // The key's use is recorded.
    const [row] = await t.db.select().from(apiCredentials).where(eq(apiCredentials.id, id));
    expect(row.last_used_at).not.toBeNull();
  }, 240_000);

  it('refuses a revoked key and a rotated-away secret with 401, and the rotated secret works', async () => {
    const key = await newKey();
    const list = (secret: string) => withKey(secret, 'agent-portal/get-agent-applications-list');
    expect((await list(key.secret)).statusCode).toBe(200);

    const rotated = await t.post('api-credentials/rotate', {
      session_key: f.keys.admin,
      credential_id: key.id,
    });
    expect(rotated.statusCode, rotated.body.message).toBe(200);
    const fresh = rotated.body.data.credential.secret as string;
    expect(fresh).toMatch(/^sk_[0-9a-f]{64}$/);
    expect(rotated.body.data.credential.rotated_at).not.toBeNull();
    expect([(await list(key.secret)).statusCode, (await list(key.secret)).body.message]).toEqual([
      401,
      'Unauthenticated.',
    ]);
    expect((await list(fresh)).statusCode).toBe(200);

    const revoked = await t.post('api-credentials/revoke', {
      session_key: f.keys.admin,
      credential_id: key.id,
    });
    expect(revoked.statusCode).toBe(200);
    const refused = await list(fresh);
    expect([refused.statusCode, refused.body.message, refused.body.data]).toEqual([
      401,
      'Unauthenticated.',
      null,
    ]);
    // A revoked key cannot be rotated back to life.
    const again = await t.post('api-credentials/rotate', {
      session_key: f.keys.admin,
      credential_id: key.id,
    });
    expect([again.statusCode, again.body.message]).toEqual([404, 'Credential not found.']);
    // Unknown and empty keys are 401 too; a key wins over a good session key in the body.
    for (const secret of ['sk_unknown', '']) expect((await list(secret)).statusCode).toBe(401);
    const both = await withKey('sk_unknown', 'agent-portal/get-agent-applications-list', {
      session_key: f.keys.admin,
    });
    expect(both.statusCode).toBe(401);
  });

  it('answers 403 for a call outside the key scopes and changes nothing; an update of scopes takes effect', async () => {
    const reader = await newKey(['applications:read']);
    const before = await t.count('applications');
    const create = await withKey(reader.secret, 'agent-portal/create-new-application', {
      agent_id: f.agentIds.demo,
      address: MIAMI,
    });
    expect([create.statusCode, create.body.message, create.body.data]).toEqual([
      403,
      'This API key lacks the scope applications:write.',
      null,
    ]);
    expect(await t.count('applications')).toBe(before);

    const updated = await t.post('api-credentials/update', {
      session_key: f.keys.admin,
      credential_id: reader.id,
      scopes: ['applications:read', 'applications:write'],
    });
    expect(updated.body.data.credential.scopes).toEqual(['applications:read', 'applications:write']);
    const created = await withKey(reader.secret, 'agent-portal/create-new-application', {
      agent_id: f.agentIds.demo,
      address: MIAMI,
    });
    expect(created.statusCode, created.body.message).toBe(200);
    const launch = await withKey(reader.secret, 'agent-portal/launch-application', {
      application_id: created.body.data.application.id,
      address_details: {},
    });
    expect([launch.statusCode, launch.body.message]).toEqual([
      403,
      'This API key lacks the scope applications:launch.',
    ]);
    expect((await storedApplication(created.body.data.application.id)).status).toBe('new');
  });

  it('answers 403 to a key on every call keys may not make, whatever its scopes', async () => {
    const key = await newKey();
    const users = await t.count('users');
    for (const [path, body] of [
      ['users/list', {}],
      ['users/create', { name: 'Partner Made', email: 'partner-made@x.test', role: 'admin' }],
      ['api-credentials/create', { name: 'escalate' }],
      ['api-credentials/list', {}],
      ['agent-portal/delete-application-by-id', { application_id: 1 }],
      ['agent-portal/reset-application', { application_id: 1 }],
      ['auth/me', {}],
      ['portal-settings/get', {}],
    ] as const) {
      const answer = await withKey(key.secret, path, body);
      expect([path, answer.statusCode, answer.body.message]).toEqual([
        path,
        403,
        'API keys cannot call this endpoint.',
      ]);
    }
    expect(await t.count('users')).toBe(users);
  });

  it("answers 404 for another company's application and lists none of its rows", async () => {
    const otherKey = await newKey([...PARTNER_SCOPES], f.otherCompanyId);
    const own = await withKey((await newKey()).secret, 'agent-portal/create-new-application', {
      agent_id: f.agentIds.demo,
      address: MIAMI,
    });
    const ownId = own.body.data.application.id as number;
    const read = await withKey(otherKey.secret, 'agent-portal/get-application-by-id', {
      application_id: ownId,
    });
    expect([read.statusCode, read.body.data]).toEqual([404, null]);
    const update = await withKey(otherKey.secret, 'agent-portal/update-application', {
      application_id: ownId,
      address_details: { first_name: 'Intruder' },
    });
    expect(update.statusCode).toBe(404);
    expect((await storedApplication(ownId)).payload.useable_details.first_name).not.toBe('Intruder');
    // Creating for an agent of another company is refused as for its admin (403), creating nothing.
    const before = await t.count('applications');
    const foreignAgent = await withKey(otherKey.secret, 'agent-portal/create-new-application', {
      agent_id: f.agentIds.demo,
      address: MIAMI,
    });
    expect([foreignAgent.statusCode, foreignAgent.body.data]).toEqual([403, null]);
    expect(await t.count('applications')).toBe(before);
    const list = await withKey(otherKey.secret, 'agent-portal/get-agent-applications-list');
    const ids = list.body.data.applications.data.map((row: { id: number }) => row.id);
    expect(ids).not.toContain(ownId);
  });

  it('answers 402 to a key of a company on the agency plan without subscription or trial', async () => {
    await t.db.update(companies).set({ plan_id: 'agency' }).where(eq(companies.id, f.expiredCompanyId));
    const key = await newKey([...PARTNER_SCOPES], f.expiredCompanyId);
    const answer = await withKey(key.secret, 'agent-portal/get-agent-applications-list');
    expect([answer.statusCode, answer.body.message]).toEqual([402, 'Subscription required.']);
  });

  it('limits each key to its rate: 429 past it, other keys and sessions unaffected', async () => {
    const busy = await newKey(['applications:read']);
    const calm = await newKey(['applications:read']);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      statuses.push((await withKey(busy.secret, 'agent-portal/get-agent-applications-list')).statusCode);
    }
    expect(statuses.slice(0, RATE_LIMIT).every((status) => status === 200)).toBe(true);
    const limited = await withKey(busy.secret, 'agent-portal/get-agent-applications-list');
    expect([limited.statusCode, limited.body.message]).toEqual([429, PARTNER_RATE_LIMITED_MESSAGE]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await withKey(calm.secret, 'agent-portal/get-agent-applications-list')).statusCode).toBe(200);
    const session = await t.post('agent-portal/get-agent-applications-list', { session_key: f.keys.admin });
    expect(session.statusCode).toBe(200);
  });
});
