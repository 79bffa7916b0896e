/**
 * A company's approved states and the agent's licence on every path that puts an address on an
 * application (issue 20, docs/decisions/330): update-application and launch-application that
 * change the state, the same calls with a partner API key, and bulk upload rows. Each refusal is
 * 422 with the message of server/config/state-refusal-messages.json and changes nothing; an
 * unchanged or allowed state goes through. Create is in applications.test.ts. PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PARTNER_SCOPES } from '../../server/auth/partner-scopes.ts';
import { companies } from '../../server/db/schema.ts';
import { NOT_APPROVED_STATE_MESSAGE, NOT_LICENSED_MESSAGE } from '../../server/services/state-refusal.ts';
import { bulkCsv } from '../helpers/bulk-upload-rows.ts';
import { type AccountsFixture, accountsFixture } from './helpers/accounts-fixture.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

/** Texas: the demo agent is licensed there (DEMO_AGENT_STATES); California: not. */
const TEXAS = { state: 'TX', city: 'Houston', zip: '77002' };
const CALIFORNIA = { state: 'CA', city: 'Los Angeles', zip: '90012' };

describe.each(DATABASE_KINDS)('approved states on %s', (kind) => {
  let t: TestApp;
  let f: AccountsFixture;

  const approve = (states: string[]) =>
    t.db.update(companies).set({ approved_states: states }).where(eq(companies.id, f.demoCompanyId));

  async function createdId(): Promise<number> {
    const created = await t.post('agent-portal/create-new-application', {
      session_key: f.keys.agent,
      address: MIAMI,
    });
    expect(created.statusCode, created.body.message).toBe(200);
    return created.body.data.application.id;
  }

  async function stored(id: number) {
    const answer = await t.post('agent-portal/get-application-by-id', {
      session_key: f.keys['super-admin'],
      application_id: id,
    });
    const { isItWorkingHour: _, ...application } = answer.body.data.application;
    return application;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    f = await accountsFixture(t);
  }, 240_000);
  // The demo agency is approved for Florida only: Texas is licensed but not approved.
  beforeEach(async () => {
    await approve(['FL']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses update-application moving the address to a state not approved or not licensed, changing nothing', async () => {
    const id = await createdId();
    const before = await stored(id);
    for (const [place, message] of [
      [TEXAS, NOT_APPROVED_STATE_MESSAGE],
      [CALIFORNIA, NOT_LICENSED_MESSAGE],
    ] as const) {
      const moved = await t.post('agent-portal/update-application', {
        session_key: f.keys.agent,
        application_id: id,
        address_details: place,
      });
      expect([moved.statusCode, moved.body.message, moved.body.error_obj]).toEqual([
        422,
        message,
        { state: message },
      ]);
      expect(await stored(id)).toEqual(before);
    }
    // The same state, other fields: saved. Once approved, Texas too.
    const same = await t.post('agent-portal/update-application', {
      session_key: f.keys.agent,
      application_id: id,
      address_details: { state: 'FL', first_name: 'Ana' },
    });
    expect(same.statusCode, same.body.message).toBe(200);
    await approve(['FL', 'TX']);
    const approved = await t.post('agent-portal/update-application', {
      session_key: f.keys.admin,
      application_id: id,
      address_details: TEXAS,
    });
    expect(approved.statusCode, approved.body.message).toBe(200);
    expect(approved.body.data.application.payload.useable_details.state).toBe('TX');
  });

  it('refuses launch-application with details that move the state, before anything is validated or queued', async () => {
    const id = await createdId();
    const before = await stored(id);
    const launched = await t.post('agent-portal/launch-application', {
      session_key: f.keys.agent,
      application_id: id,
      address_details: TEXAS,
    });
    expect([launched.statusCode, launched.body.message]).toEqual([422, NOT_APPROVED_STATE_MESSAGE]);
    expect(await stored(id)).toEqual(before);
    expect(await t.count('quote_jobs')).toBe(0);
  });

  it('refuses the same through a partner API key', async () => {
    const id = await createdId();
    const created = await t.post('api-credentials/create', {
      session_key: f.keys['super-admin'],
      company_id: f.demoCompanyId,
      name: 'approved states partner',
      scopes: [...PARTNER_SCOPES],
    });
    expect(created.statusCode, created.body.message).toBe(200);
    const call = async (path: string, body: object) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/agent-portal/${path}`,
        headers: { authorization: `Bearer ${created.body.data.credential.secret}` },
        payload: body,
      });
      return [answer.statusCode, answer.json().message];
    };
    const before = await stored(id);
    expect(await call('update-application', { application_id: id, address_details: TEXAS })).toEqual([
      422,
      NOT_APPROVED_STATE_MESSAGE,
    ]);
    expect(
      await call('create-new-application', {
        agent_id: f.agentIds.demo,
        address: { ...MIAMI, ...TEXAS, searched_address: '1 Main St, Houston, TX 77002' },
      }),
    ).toEqual([422, NOT_APPROVED_STATE_MESSAGE]);
    expect(await stored(id)).toEqual(before);
  });

  it('refuses every bulk upload row in a state the agency is not approved for', async () => {
    // The rows' ZIP codes are Florida's: approve Texas only.
    await approve(['TX']);
    const csv = bulkCsv(3);
    const name = 'approved-states.csv';
    const content_base64 = Buffer.from(csv).toString('base64');
    const proposal = await t.post('services/file-upload/preview-application-file', {
      session_key: f.keys.agent,
      file_name: name,
      content_base64,
      product: 'Primary',
    });
    expect(proposal.statusCode, proposal.body.message).toBe(200);
    const upload = await t.post('services/file-upload/create-application', {
      session_key: f.keys.agent,
      file_name: name,
      content_base64,
      product: 'Primary',
      mapping: proposal.body.data.mapping,
    });
    expect(upload.statusCode, upload.body.message).toBe(200);
    const applicationsBefore = await t.count('applications');
    await t.app.jobWorker.drain();
    const done = await t.post('services/file-upload/get-upload', {
      session_key: f.keys.agent,
      upload_id: upload.body.data.upload.id,
    });
    expect(done.body.data.upload).toMatchObject({ status: 'done', rows_created: 0, rows_refused: 3 });
    expect(done.body.data.refused.map((r: { messages: object }) => r.messages)).toEqual(
      Array(3).fill({ state: NOT_APPROVED_STATE_MESSAGE }),
    );
    expect(await t.count('applications')).toBe(applicationsBefore);
  });
});
