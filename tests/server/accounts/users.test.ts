/** User management rules (SPEC §6, docs/api-accounts.md Users). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsFixture, accountsFixture } from '../helpers/accounts-fixture.ts';
import { MIAMI } from '../helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

describe.each(DATABASE_KINDS)('users on %s', (kind) => {
  let t: TestApp;
  let f: AccountsFixture;
  beforeAll(async () => {
    t = await startTestApp(kind);
    f = await accountsFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newUser = (role: string, extra: Record<string, unknown> = {}) => ({
    name: 'Nora New',
    email: `${role}-${Math.random().toString(36).slice(2)}@users.test`,
    password: 'password-1',
    role,
    ...extra,
  });

  it('lets admins create admin, agent and customer users in their own company only', async () => {
    for (const role of ['admin', 'agent', 'customer']) {
      const result = await t.post('users/create', { session_key: f.keys.admin, ...newUser(role) });
      expect(result.statusCode, result.body.message).toBe(200);
      expect(result.body.data.user).toMatchObject({
        role,
        company: { id: f.demoCompanyId, name: 'Demo Agency' },
      });
      expect(result.body.data.user).not.toHaveProperty('password_hash');
      // The new account can sign in.
      expect(
        (await t.post('auth/login', { email: result.body.data.user.email, password: 'password-1' }))
          .statusCode,
      ).toBe(200);
    }
    const elsewhere = await t.post('users/create', {
      session_key: f.keys.admin,
      ...newUser('agent', { company_id: f.otherCompanyId }),
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('refuses the super-admin role to everyone and user creation to agents and customers', async () => {
    const before = await t.count('users');
    for (const key of [f.keys['super-admin'], f.keys.admin]) {
      const result = await t.post('users/create', {
        session_key: key,
        ...newUser('super-admin', { company_id: f.demoCompanyId }),
      });
      expect(result.statusCode).toBe(400);
    }
    for (const key of [f.keys.agent, f.keys.customer]) {
      const result = await t.post('users/create', { session_key: key, ...newUser('agent') });
      expect([result.statusCode, result.body.message]).toEqual([403, 'Forbidden.']);
    }
    expect(await t.count('users')).toBe(before);
  });

  it('makes a super-admin choose the company and lets them use any', async () => {
    const none = await t.post('users/create', { session_key: f.keys['super-admin'], ...newUser('admin') });
    expect([none.statusCode, none.body.message]).toEqual([422, 'Choose a company.']);
    const other = await t.post('users/create', {
      session_key: f.keys['super-admin'],
      ...newUser('agent', { company_id: f.otherCompanyId, licensed_states: ['tx', 'FL', 'TX'] }),
    });
    expect(other.statusCode).toBe(200);
    expect(other.body.data.user.agent.licensed_states).toEqual(['TX', 'FL']);
  });

  it('rejects a taken e-mail, unknown states and licensed states for non-agents', async () => {
    const taken = await t.post('users/create', {
      session_key: f.keys.admin,
      ...newUser('agent', { email: 'AGENT@demo.test' }),
    });
    expect([taken.statusCode, taken.body.message]).toEqual([409, 'The email has already been taken.']);
    const badState = await t.post('users/create', {
      session_key: f.keys.admin,
      ...newUser('agent', { licensed_states: ['ZZ'] }),
    });
    expect([badState.statusCode, badState.body.message]).toEqual([422, 'Unknown state: ZZ.']);
    const customerStates = await t.post('users/create', {
      session_key: f.keys.admin,
      ...newUser('customer', { licensed_states: ['FL'] }),
    });
    expect([customerStates.statusCode, customerStates.body.message]).toEqual([
      422,
      'Only agents have licensed states.',
    ]);
  });

  it('answers one 200 and 409s to concurrent creations of one e-mail, never a 500', async () => {
    const body = { session_key: f.keys.admin, ...newUser('agent') };
    const results = await Promise.all([1, 2, 3].map(() => t.post('users/create', body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it("edits an agent's licensed states, and the licence check of create follows (with the agency's approval)", async () => {
    const agentId = f.userIds['agent@demo.test'];
    const ca = {
      ...MIAMI,
      searched_address: '1 Main St, Los Angeles, CA 90012',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90012',
    };
    const refused = await t.post('agent-portal/create-new-application', {
      session_key: f.keys.agent,
      address: ca,
    });
    expect(refused.statusCode).toBe(422);
    const updated = await t.post('users/update', {
      session_key: f.keys.admin,
      user_id: agentId,
      licensed_states: ['FL', 'CA'],
    });
    expect(updated.body.data.user.agent.licensed_states).toEqual(['FL', 'CA']);
    const agentKey = await t.loginAs('agent@demo.test');
    // Licensed now, but the agency is not approved for CA (ADR 150) until a super-admin adds it.
    const notApproved = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: ca,
    });
    expect([notApproved.statusCode, notApproved.body.message]).toEqual([
      422,
      'Invalid state! Agency is not approved for the given address state.',
    ]);
    const company = await t.post('companies/get', {
      session_key: f.keys['super-admin'],
      company_id: f.demoCompanyId,
    });
    const approvedStates = [...company.body.data.company.approved_states, 'CA'];
    const approved = await t.post('companies/set-approved-states', {
      session_key: f.keys['super-admin'],
      company_id: f.demoCompanyId,
      approved_states: approvedStates,
    });
    expect(approved.statusCode, approved.body.message).toBe(200);
    const allowed = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: ca,
    });
    expect(allowed.statusCode, allowed.body.message).toBe(200);
  });

  it('lists only the own company for admins, and never shows super-admins to them', async () => {
    const list = await t.post('users/list', { session_key: f.keys.admin });
    const emails = list.body.data.users.map((u: { email: string }) => u.email);
    expect(emails).toContain('agent@demo.test');
    expect(emails).not.toContain('superadmin@demo.test');
    expect(emails).not.toContain('otheragent@demo.test');
    const all = await t.post('users/list', { session_key: f.keys['super-admin'], search: 'other' });
    expect(all.body.data.users.map((u: { email: string }) => u.email).sort()).toEqual([
      'otheradmin@demo.test',
      'otheragent@demo.test',
    ]);
  });

  it('never deletes yourself or an agent with applications; deletes others and their sessions', async () => {
    const self = await t.post('users/delete', {
      session_key: f.keys.admin,
      user_id: f.userIds['admin@demo.test'],
    });
    expect([self.statusCode, self.body.message]).toEqual([422, 'You cannot delete yourself.']);
    const busy = await t.post('users/delete', {
      session_key: f.keys.admin,
      user_id: f.userIds['agent@demo.test'],
    });
    expect([busy.statusCode, busy.body.message]).toEqual([
      409,
      'This agent has applications and cannot be deleted.',
    ]);
    const created = await t.post('users/create', { session_key: f.keys.admin, ...newUser('customer') });
    const key = await t.loginAs(created.body.data.user.email, 'password-1');
    const deleted = await t.post('users/delete', {
      session_key: f.keys.admin,
      user_id: created.body.data.user.id,
    });
    expect(deleted.body.data).toEqual({ deleted_id: created.body.data.user.id });
    expect((await t.post('auth/me', { session_key: key })).statusCode).toBe(401);
  });

  it("assigns an agent to a customer of the same company only, and can't change own role", async () => {
    const assigned = await t.post('users/assign-agent', {
      session_key: f.keys.admin,
      customer_user_id: f.userIds['customer@demo.test'],
      agent_id: f.agentIds.demo,
    });
    expect(assigned.body.data.user.assigned_agent_id).toBe(f.agentIds.demo);
    const foreign = await t.post('users/assign-agent', {
      session_key: f.keys['super-admin'],
      customer_user_id: f.userIds['customer@demo.test'],
      agent_id: f.agentIds.other,
    });
    expect([foreign.statusCode, foreign.body.message]).toEqual([404, 'Agent not found.']);
    const notCustomer = await t.post('users/assign-agent', {
      session_key: f.keys.admin,
      customer_user_id: f.userIds['agent@demo.test'],
      agent_id: null,
    });
    expect(notCustomer.statusCode).toBe(422);
    const ownRole = await t.post('users/update', {
      session_key: f.keys.admin,
      user_id: f.userIds['admin@demo.test'],
      role: 'agent',
    });
    expect([ownRole.statusCode, ownRole.body.message]).toEqual([422, 'You cannot change your own role.']);
  });
});
