/**
 * Issue 38, an admin's reset of a user's second factor (users/reset-mfa, ADR 755), through
 * app.inject on each database kind: the user's authenticator app, recovery codes and passkeys go, their sessions end, a
 * sign-in half-way is spent, `user.mfa_reset` is in their agency's trail; a company that requires
 * a second factor walks them through enrolment at the next sign-in; who may reset whom (agents
 * 403, another company's user or a super-admin 404 to an admin, oneself 422), and a refusal
 * changes nothing.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../../server/db/schema.ts';
import { secondFactorsOf } from '../../../server/repositories/mfa-repository.ts';
import { SIGN_IN_EXPIRED_MESSAGE } from '../../../server/services/sign-in-service.ts';
import { CANNOT_RESET_OWN_MFA } from '../../../server/services/users-service.ts';
import { addAccount } from '../helpers/add-account.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { codeOf } from '../helpers/totp-code.ts';

const RP_ID = 'portal.test';
const ORIGIN = 'https://portal.test';

describe.each(DATABASE_KINDS)('users/reset-mfa on %s', (kind) => {
  let t: TestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await startTestApp(kind, { webauthn: { rpId: RP_ID, origin: ORIGIN } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new agency with an admin (signed in) and an agent. */
  async function agency() {
    serial += 1;
    const adminEmail = `admin${serial}-${kind}@reset-mfa.test`;
    const agentEmail = `agent${serial}-${kind}@reset-mfa.test`;
    const admin = await addAccount(t.db, {
      email: adminEmail,
      role: 'admin',
      companyName: `Reset ${serial}`,
    });
    const agent = await addAccount(t.db, { email: agentEmail, role: 'agent', companyId: admin.companyId });
    return {
      companyId: admin.companyId,
      admin: { ...admin, email: adminEmail, key: await t.loginAs(adminEmail) },
      agent: { ...agent, email: agentEmail },
    };
  }

  /**
   * Signs `email` in with the password alone and gives them the authenticator app (its secret)
   * and a passkey; answers the session key, which stays signed in.
   */
  async function withBothFactors(email: string) {
    const key = await t.loginAs(email);
    const enrolled = await t.post('auth/mfa/totp-enroll', { session_key: key });
    const secret: string = enrolled.body.data.secret;
    const confirmed = await t.post('auth/mfa/totp-confirm', { session_key: key, code: await codeOf(secret) });
    expect(confirmed.statusCode, confirmed.body.message).toBe(200);
    const options = await t.post('auth/mfa/passkey-register-options', { session_key: key });
    const added = await t.post('auth/mfa/passkey-register', {
      session_key: key,
      name: 'Phone',
      response: new SoftwareAuthenticator().register({
        challenge: options.body.data.challenge,
        origin: ORIGIN,
        rpId: RP_ID,
      }),
    });
    expect(added.statusCode, added.body.message).toBe(200);
    return { key, secret };
  }

  /** users/reset-mfa by the session `key` (null: without one). */
  const reset = (key: string | null, userId: unknown) =>
    t.post('users/reset-mfa', key === null ? { user_id: userId } : { session_key: key, user_id: userId });

  it('removes the app, recovery codes and passkeys, ends the sessions and a sign-in half-way; audited', async () => {
    const { companyId, admin, agent } = await agency();
    const { key, secret } = await withBothFactors(agent.email);
    expect(await secondFactorsOf(t.db, agent.userId)).toEqual({ totp: true, passkeys: 1, recoveryCodes: 10 });
    const halfWay = await t.post('auth/login', { email: agent.email, password: 'demo1234' });
    expect(halfWay.body.data).toMatchObject({
      mfa_required: true,
      methods: ['totp', 'recovery_code', 'passkey'],
    });

    const answer = await reset(admin.key, String(agent.userId));
    expect([answer.statusCode, answer.body.message]).toEqual([
      200,
      'Two-step sign-in reset. The user sets it up again at their next sign-in.',
    ]);
    expect(answer.body.data).toEqual({ user_id: agent.userId, totp_removed: true, passkeys_removed: 1 });
    expect(await secondFactorsOf(t.db, agent.userId)).toEqual({ totp: false, passkeys: 0, recoveryCodes: 0 });
    // Signed out everywhere; the sign-in that had passed the password must start again.
    expect((await t.post('auth/me', { session_key: key })).statusCode).toBe(401);
    const late = await t.post('auth/mfa/verify', {
      mfa_token: halfWay.body.data.mfa_token,
      code: await codeOf(secret, 1),
    });
    expect([late.statusCode, late.body.message]).toEqual([401, SIGN_IN_EXPIRED_MESSAGE]);
    // The admin's own session is untouched.
    expect((await t.post('auth/me', { session_key: admin.key })).statusCode).toBe(200);

    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.mfa_reset'), eq(auditEvents.target_id, String(agent.userId))))
      .orderBy(desc(auditEvents.id));
    expect(event).toMatchObject({
      actor_user_id: admin.userId,
      acting_as_user_id: admin.userId,
      company_id: companyId,
      target_type: 'user',
      details: { totp: true, passkeys: 1 },
    });

    // Without a policy, the password alone signs in again.
    const login = await t.post('auth/login', { email: agent.email, password: 'demo1234' });
    expect(login.body.data.session_key).toEqual(expect.any(String));
    // Nothing left to remove: the reset still answers, and says so.
    expect((await reset(admin.key, agent.userId)).body.data).toEqual({
      user_id: agent.userId,
      totp_removed: false,
      passkeys_removed: 0,
    });
  });

  it('walks the user through enrolment at the next sign-in when the company requires a second factor', async () => {
    const { admin, agent } = await agency();
    await withBothFactors(agent.email);
    const policy = await t.post('portal-settings/update-sign-in-policy', {
      session_key: admin.key,
      sign_in_policy: { mfa_required: 'everyone', saml_required: false, idle_timeout_minutes: 30 },
    });
    expect(policy.statusCode, policy.body.message).toBe(200);
    expect((await reset(admin.key, agent.userId)).statusCode).toBe(200);

    const step = await t.post('auth/login', { email: agent.email, password: 'demo1234' });
    expect(step.body.data).toMatchObject({ mfa_required: true, enrolment_required: true, methods: [] });
    expect(step.body.data.session_key).toBeUndefined();
    const token = step.body.data.mfa_token;
    const enrolled = await t.post('auth/mfa/totp-enroll', { mfa_token: token });
    expect(enrolled.statusCode, enrolled.body.message).toBe(200);
    const confirmed = await t.post('auth/mfa/totp-confirm', {
      mfa_token: token,
      code: await codeOf(enrolled.body.data.secret),
    });
    expect(confirmed.statusCode, confirmed.body.message).toBe(200);
    expect(confirmed.body.data.recovery_codes).toHaveLength(10);
    expect((await t.post('auth/me', { session_key: confirmed.body.data.session_key })).statusCode).toBe(200);
  });

  it('lets admins reset their own company’s users and super-admins anyone’s; a refusal changes nothing', async () => {
    const mine = await agency();
    const theirs = await agency();
    await withBothFactors(mine.agent.email);
    await withBothFactors(theirs.agent.email);
    const colleague = `colleague${serial}-${kind}@reset-mfa.test`;
    await addAccount(t.db, { email: colleague, role: 'agent', companyId: mine.companyId });
    const agentKey = await t.loginAs(colleague);
    const superKey = await t.loginAs('superadmin@demo.test');
    const demoAdminKey = await t.loginAs('admin@demo.test');
    const [superAdmin] = await t.db.select().from(users).where(eq(users.email, 'superadmin@demo.test'));
    const superAdminId = superAdmin.id;
    const kept = { totp: true, passkeys: 1, recoveryCodes: 10 };

    const refusals: [string, string | null, unknown, number][] = [
      ['an agent of the company', agentKey, mine.agent.userId, 403],
      ["another company's admin", theirs.admin.key, mine.agent.userId, 404],
      ['an admin, for a super-admin of the company', demoAdminKey, superAdminId, 404],
      ['an admin, for themself', mine.admin.key, mine.admin.userId, 422],
      ['an admin, for no such user', mine.admin.key, 987_654_321, 404],
      ['an admin, for a user id that is not one', mine.admin.key, 'twelve', 400],
      ['nobody signed in', null, mine.agent.userId, 401],
    ];
    for (const [who, key, userId, status] of refusals) {
      const answer = await reset(key, userId);
      expect([who, answer.statusCode, answer.body.data]).toEqual([who, status, null]);
    }
    expect((await reset(mine.admin.key, mine.admin.userId)).body.message).toBe(CANNOT_RESET_OWN_MFA);
    expect(await secondFactorsOf(t.db, mine.agent.userId)).toEqual(kept);
    expect((await reset(superKey, superAdminId)).statusCode).toBe(422);

    expect((await reset(superKey, theirs.agent.userId)).body.data).toEqual({
      user_id: theirs.agent.userId,
      totp_removed: true,
      passkeys_removed: 1,
    });
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'user.mfa_reset'), eq(auditEvents.target_id, String(theirs.agent.userId))),
      );
    // A super-admin's reset shows in the user's agency's trail.
    expect(event).toMatchObject({ actor_user_id: superAdminId, company_id: theirs.companyId });
    expect((await reset(mine.admin.key, mine.agent.userId)).statusCode).toBe(200);
  });
});
