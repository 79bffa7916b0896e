/** get-agent-applications-list: every backend filter, pagination and status counts (docs/api.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNote } from '../../server/repositories/notes-repository.ts';
import { addAccount } from './helpers/add-account.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const PATH = 'agent-portal/get-agent-applications-list';

function address(n: number, city = 'Tampa') {
  return {
    searched_address: `${n} Listing St, ${city}, FL 33602`,
    address1: `${n} Listing St`,
    city,
    state: 'FL',
    zip: '33602',
    county: 'Hillsborough',
    lat: 27.95,
    lng: -82.46,
  };
}

describe.each(DATABASE_KINDS)('listing on %s', (kind) => {
  let t: TestApp;
  let key: string;
  let otherKey: string;
  let adminKey: string;
  let created: number[] = [];
  let baseline: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await addAccount(t.db, {
      email: 'lister@other.test',
      role: 'agent',
      companyName: 'Other',
      licensedStates: ['FL'],
    });
    [key, otherKey, adminKey] = await Promise.all([
      t.loginAs('agent@demo.test'),
      t.loginAs('lister@other.test'),
      t.loginAs('admin@demo.test'),
    ]);
    baseline = (await t.post(PATH, { session_key: key })).body.data.applications.total;
    created = [];
    for (let i = 1; i <= 30; i++) {
      const result = await t.post('agent-portal/create-new-application', {
        session_key: key,
        address: address(i, i % 3 === 0 ? 'Orlando' : 'Tampa'),
        carrier_quote_type: i % 5 === 0 ? 'Excess' : 'Primary',
      });
      expect(result.statusCode, result.body.message).toBe(200);
      created.push(result.body.data.application.id);
    }
    await t.post('agent-portal/create-new-application', { session_key: otherKey, address: address(99) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pages newest first with the Laravel pagination object', async () => {
    const first = await t.post(PATH, { session_key: key, filters: {} }, { page: 1 });
    expect(first.statusCode).toBe(200);
    const page = first.body.data.applications;
    expect(page.per_page).toBe(25);
    expect(page.current_page).toBe(1);
    expect(page.total).toBe(baseline + 30);
    expect(page.data).toHaveLength(25);
    expect(page.data[0].id).toBe(created[29]);
    expect(page.from).toBe(1);
    expect(page.last_page).toBe(Math.ceil((baseline + 30) / 25));
    expect(page.path).toBe('/api/agent-portal/get-agent-applications-list');
    expect(page.prev_page_url).toBeNull();
    expect(page.next_page_url).toBe('/api/agent-portal/get-agent-applications-list?page=2');
    const row = page.data[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        'id',
        'application_id',
        'status',
        'carrier_quote_type',
        'application_type',
        'searched_address',
        'client_name',
        'min_quote_amount',
        'application_source',
        'client_name_id',
        'alert_color',
        'created_at',
        'updated_at',
      ].sort(),
    );
    const second = (await t.post(PATH, { session_key: key }, { page: 2, per_page: 10 })).body.data
      .applications;
    expect(second.data.map((r: { id: number }) => r.id)).toEqual(created.slice(10, 20).reverse());
    expect(second.from).toBe(11);
    expect(second.prev_page_url).toBe('/api/agent-portal/get-agent-applications-list?page=1&per_page=10');
    expect(second.next_page_url).toBe('/api/agent-portal/get-agent-applications-list?page=3&per_page=10');
  });

  it('pages never overlap and cover every row once (any page size)', async () => {
    for (const perPage of [7, 25, 100]) {
      const seen: number[] = [];
      for (let pageNo = 1; ; pageNo++) {
        const page = (await t.post(PATH, { session_key: key }, { page: pageNo, per_page: perPage })).body.data
          .applications;
        seen.push(...page.data.map((r: { id: number }) => r.id));
        if (!page.next_page_url) break;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(baseline + 30);
    }
  });

  it('bounds per_page and rejects a malformed page', async () => {
    expect((await t.post(PATH, { session_key: key }, { per_page: 101 })).statusCode).toBe(400);
    expect((await t.post(PATH, { session_key: key }, { page: 'two' })).statusCode).toBe(400);
    expect((await t.post(PATH, { session_key: key }, { page: 0 })).statusCode).toBe(400);
  });

  it('filters by address (ILIKE), application id or RMGA reference, product and source', async () => {
    const orlando = (await t.post(PATH, { session_key: key, filters: { address: 'orlando' } })).body.data
      .applications;
    expect(orlando.total).toBe(10);
    const literal = (await t.post(PATH, { session_key: key, filters: { address: '%' } })).body.data
      .applications;
    expect(literal.total).toBe(0);
    const byId = (await t.post(PATH, { session_key: key, filters: { application_id: String(created[4]) } }))
      .body.data.applications;
    expect(byId.data.map((r: { id: number }) => r.id)).toEqual([created[4]]);
    const ref = `RMGA${String(created[4]).padStart(7, '0')}`;
    const byRef = (await t.post(PATH, { session_key: key, filters: { application_id: ref.toLowerCase() } }))
      .body.data.applications;
    expect(byRef.data.map((r: { application_id: string }) => r.application_id)).toEqual([ref]);
    const excess = (await t.post(PATH, { session_key: key, filters: { carrier_quote_type: 'Excess' } })).body
      .data.applications;
    expect(excess.total).toBe(6);
    expect(
      excess.data.every((r: { carrier_quote_type: string[] }) => r.carrier_quote_type[0] === 'Excess'),
    ).toBe(true);
    const source = (await t.post(PATH, { session_key: key, filters: { application_source: 'Agent Portal' } }))
      .body.data.applications;
    expect(source.total).toBe(baseline + 30);
    const none = (await t.post(PATH, { session_key: key, application_source: 'Bulk Upload' })).body.data
      .applications;
    expect(none.total).toBe(0);
    const client = (await t.post(PATH, { session_key: key, filters: { client_name_id: 'nobody' } })).body.data
      .applications;
    expect(client.total).toBe(0);
  });

  it('answers every filter at once, with and without a product (statement names past 63 bytes)', async () => {
    // An admin with address, id, agent, client and source filters: two shapes whose spelled-out
    // names share their first 63 bytes, which PostgreSQL keeps of a name. Sequential calls reuse
    // the pool's last connection, where the second shape once met the first's statement.
    const filters = {
      address: 'Listing',
      application_id: 'none',
      agent_id: 1,
      client_name_id: 'nobody',
      application_source: 'Agent Portal',
    };
    for (const product of [undefined, 'Excess', undefined, 'Primary']) {
      const answer = await t.post(PATH, {
        session_key: adminKey,
        filters: { ...filters, ...(product ? { carrier_quote_type: product } : {}) },
      });
      expect(answer.statusCode, answer.body.message).toBe(200);
      expect(answer.body.data.applications.total).toBe(0);
    }
  });

  it('answers status counts of the filtered set', async () => {
    const { status_counts } = (await t.post(PATH, { session_key: key, filters: { address: 'Listing St' } }))
      .body.data;
    expect(status_counts).toEqual({ new: 30, launched: 0, completed: 0 });
  });

  it('shows an agent only their own, an admin their company, filterable by agent', async () => {
    const other = (await t.post(PATH, { session_key: otherKey })).body.data.applications;
    expect(other.total).toBe(1);
    // An agent_id filter cannot widen an agent's view.
    const agentOfDemo = (await t.post(PATH, { session_key: key })).body.data.applications.data[0];
    void agentOfDemo;
    const widened = (await t.post(PATH, { session_key: otherKey, filters: { agent_id: 1 } })).body.data
      .applications;
    expect(widened.total).toBeLessThanOrEqual(1);
    const admin = (await t.post(PATH, { session_key: adminKey })).body.data.applications;
    expect(admin.total).toBe(baseline + 30);
    const customer = await t.post(PATH, { session_key: await t.loginAs('customer@demo.test') });
    expect(customer.statusCode).toBe(403);
  });

  it('colours a row by its most urgent active alert note', async () => {
    const id = created[0];
    await insertNote(t.db, id, {
      is_alert: true,
      is_active: true,
      sent_by: 'timeout_job_sms',
      status: 'sent',
      message: 'y',
    });
    await insertNote(t.db, id, {
      is_alert: true,
      is_active: true,
      sent_by: 'auto_sent_quote_complete',
      status: 'sent',
      message: 'o',
    });
    await insertNote(t.db, id, {
      is_alert: false,
      is_active: true,
      sent_by: 'auto_launch',
      status: 'failed',
      message: 'r',
    });
    const rows = (await t.post(PATH, { session_key: key, filters: { application_id: id } })).body.data
      .applications.data;
    expect(rows[0].alert_color).toBe('orange');
    const plain = (await t.post(PATH, { session_key: key, filters: { application_id: created[1] } })).body
      .data.applications.data;
    expect(plain[0].alert_color).toBeNull();
  });
});
