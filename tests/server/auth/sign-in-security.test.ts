/**
 * Issue 38, sign-in half, through app.inject on each database kind: common passwords refused
 * wherever a password is set; the sign-in throttle (failures only, normalised e-mail, per
 * address, TRUST_PROXY, two processes on one database, forgot-password); TOTP enrolment, the
 * mfa_token step, recovery codes; the company's sign-in policy (MFA for admins or everyone with
 * enrolment at sign-in, SAML only, idle timeout); the session list and ending sessions.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../../server/auth/common-password.ts';
import { hashSessionKey } from '../../../server/auth/session-key.ts';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../../server/auth/sign-in-throttle.ts';
import { rowsOf } from '../../../server/db/database.ts';
import { VERIFY_FIRST_MESSAGE } from '../../../server/routes/sign-in-security-routes.ts';
import { issuePasswordToken, RESET_TOKEN_TTL_MS } from '../../../server/services/password-reset-service.ts';
import { SAML_NOT_SET_UP_MESSAGE } from '../../../server/services/portal-settings/sign-in-settings.ts';
import {
  SAML_REQUIRED_MESSAGE,
  SIGN_IN_EXPIRED_MESSAGE,
  WRONG_CODE_MESSAGE,
} from '../../../server/services/sign-in-service.ts';
import { addAccount } from '../helpers/add-account.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { codeOf } from '../helpers/totp-code.ts';

const ACCOUNT_MAX = 10;
const ADDRESS_MAX = 25;
/** The one proxy the app trusts (TRUST_PROXY); requests from elsewhere keep their own address. */
const PROXY = '10.0.0.1';
const SAML_CERT = 'MIIC-not-checked-here';

describe.each(DATABASE_KINDS)('sign-in security on %s', (kind) => {
  let t: TestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      signInThrottle: { accountMax: ACCOUNT_MAX, addressMax: ADDRESS_MAX, windowMs: 60_000 },
      trustProxy: PROXY,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new user of a new company (or of `companyId`) with password demo1234. */
  async function freshUser(role: 'admin' | 'agent' = 'agent', companyId?: number) {
    serial += 1;
    const email = `user${serial}-${kind}@signin.test`;
    const ids = await addAccount(t.db, { email, role, companyId, companyName: `Agency ${serial}` });
    return { email, ...ids };
  }

  /** A login from client address `address` (sent as the trusted proxy's X-Forwarded-For). */
  async function loginFrom(address: string, email: string, password: string, userAgent = 'test-agent') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': address, 'user-agent': userAgent },
      payload: { email, password },
    });
    return { statusCode: response.statusCode, body: response.json() };
  }

  /** Turns TOTP on for the signed-in `key`; answers the secret and the recovery codes. */
  async function enrolTotp(key: string) {
    const enrolled = await t.post('auth/mfa/totp-enroll', { session_key: key });
    expect(enrolled.statusCode, enrolled.body.message).toBe(200);
    const { secret } = enrolled.body.data;
    const confirmed = await t.post('auth/mfa/totp-confirm', { session_key: key, code: await codeOf(secret) });
    expect(confirmed.statusCode, confirmed.body.message).toBe(200);
    return { secret: secret as string, recoveryCodes: confirmed.body.data.recovery_codes as string[] };
  }

  it('refuses common passwords with 422 on user creation, password change and reset', async () => {
    const admin = await t.loginAs('admin@demo.test');
    const created = await t.post('users/create', {
      session_key: admin,
      name: 'Common Pass',
      email: `common-${kind}@demo.test`,
      password: 'password1',
      role: 'agent',
    });
    expect(created.statusCode).toBe(422);
    expect(created.body).toMatchObject({
      message: COMMON_PASSWORD_MESSAGE,
      error_obj: { password: COMMON_PASSWORD_MESSAGE },
    });
    const user = await freshUser();
    const key = await t.loginAs(user.email);
    const changed = await t.post('auth/change-password', {
      session_key: key,
      current_password: 'demo1234',
      password: 'QwertyUIOP',
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.body.message).toBe(COMMON_PASSWORD_MESSAGE);
    const { token } = await issuePasswordToken(t.db, user.userId, RESET_TOKEN_TTL_MS);
    const reset = await t.post('auth/reset-password', { token, password: '12345678' });
    expect(reset.statusCode).toBe(422);
    // The refused reset left the token unused: an uncommon password then succeeds with it.
    expect((await t.post('auth/reset-password', { token, password: 'lantern-oyster-71' })).statusCode).toBe(
      200,
    );
    expect(
      (await t.post('auth/login', { email: user.email, password: 'lantern-oyster-71' })).statusCode,
    ).toBe(200);
  });

  it('counts only failures, per normalised e-mail: the 11th attempt is 429 even with the right password', async () => {
    const { email } = await freshUser();
    for (let i = 0; i < 15; i++)
      expect((await loginFrom('192.0.2.1', email, 'demo1234')).statusCode).toBe(200);
    const variants = [email, ` ${email.toUpperCase()} `, `\t${email}`];
    const codes: number[] = [];
    for (let i = 0; i < ACCOUNT_MAX; i++)
      codes.push((await loginFrom(`192.0.2.${10 + i}`, variants[i % 3], 'wrong-guess')).statusCode);
    expect(codes).toEqual(Array(ACCOUNT_MAX).fill(401));
    const limited = await loginFrom('192.0.2.99', email.toUpperCase(), 'demo1234');
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toMatchObject({
      status: 'error',
      code: 429,
      message: TOO_MANY_ATTEMPTS_MESSAGE,
      data: null,
    });
  });

  it('limits one address failing across many accounts, and reads the address from the trusted proxy only', async () => {
    for (let i = 0; i < ADDRESS_MAX; i++) {
      const answer = await loginFrom('198.51.100.7', `nobody${i}-${kind}@signin.test`, 'wrong-guess');
      expect(answer.statusCode).toBe(401);
    }
    const { email } = await freshUser();
    expect((await loginFrom('198.51.100.7', email, 'demo1234')).statusCode).toBe(429);
    expect((await loginFrom('198.51.100.8', email, 'demo1234')).statusCode).toBe(200);
    // Not from the proxy: X-Forwarded-For is ignored, so a forged one buys no fresh counter.
    const direct = (forwarded: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': forwarded },
        payload: { email: `ghost${i}-${kind}@signin.test`, password: 'wrong-guess' },
      });
    for (let i = 0; i < ADDRESS_MAX; i++)
      expect((await direct(`203.0.113.${100 + i}`, i)).statusCode).toBe(401);
    expect((await direct('203.0.113.250', 0)).statusCode).toBe(429);
  });

  it('shares the counters between two server processes on one database', async () => {
    const second = await buildApp({
      db: t.db,
      portalDir: null,
      startWorker: false,
      signInThrottle: { accountMax: ACCOUNT_MAX, addressMax: 1000, windowMs: 60_000 },
    });
    try {
      const { email } = await freshUser();
      const codes: number[] = [];
      for (let i = 0; i < ACCOUNT_MAX; i++) {
        const app = i % 2 === 0 ? t.app : second;
        const answer = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'nope-nope' },
        });
        codes.push(answer.statusCode);
      }
      expect(codes).toEqual(Array(ACCOUNT_MAX).fill(401));
      for (const app of [t.app, second]) {
        const answer = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'demo1234' },
        });
        expect(answer.statusCode).toBe(429);
      }
    } finally {
      await second.close();
    }
  });

  it('limits forgot-password per normalised e-mail: no 11th reset mail to one inbox', async () => {
    const { email } = await freshUser();
    const codes: number[] = [];
    for (let i = 0; i < ACCOUNT_MAX + 2; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `192.0.2.${150 + i}` },
        payload: { email: i % 2 === 0 ? email : email.toUpperCase() },
      });
      codes.push(answer.statusCode);
    }
    expect(codes).toEqual([...Array(ACCOUNT_MAX).fill(200), 429, 429]);
    const rows = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`SELECT count(*)::int AS n FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = ${email}`,
      ),
    );
    expect(Number(rows[0].n)).toBe(ACCOUNT_MAX);
  });

  it('enrols TOTP, then signs in in two steps with a code or a recovery code once', async () => {
    const { email } = await freshUser();
    const key = await t.loginAs(email);
    const enrolled = await t.post('auth/mfa/totp-enroll', { session_key: key });
    expect(enrolled.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]{32}/);
    const wrong = await t.post('auth/mfa/totp-confirm', { session_key: key, code: '000000' });
    expect(wrong.statusCode).toBe(422);
    const confirmed = await t.post('auth/mfa/totp-confirm', {
      session_key: key,
      code: await codeOf(enrolled.body.data.secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.body.data.recovery_codes as string[];
    expect(codes.length).toBeGreaterThanOrEqual(8);
    expect(new Set(codes).size).toBe(codes.length);
    expect(confirmed.body.data.session_key).toBeUndefined();
    // Stored as hashes only.
    const stored = rowsOf<{ code_hash: string }>(
      await t.db.execute(sql`SELECT code_hash FROM mfa_recovery_codes`),
    );
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);
    expect((await t.post('auth/mfa/totp-enroll', { session_key: key })).statusCode).toBe(409);
    const status = await t.post('auth/mfa/status', { session_key: key });
    expect(status.body.data).toEqual({
      totp_enabled: true,
      recovery_codes_left: codes.length,
      passkeys: 0,
      required_by_company: false,
    });

    const first = await t.post('auth/login', { email, password: 'demo1234' });
    expect(first.body.data).toEqual({
      mfa_required: true,
      mfa_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      enrolment_required: false,
      methods: ['totp', 'recovery_code'],
    });
    expect(first.body.data.session_key).toBeUndefined();
    const bad = await t.post('auth/mfa/verify', { mfa_token: first.body.data.mfa_token, code: '123456' });
    expect(bad.statusCode).toBe(401);
    expect(bad.body.message).toBe(WRONG_CODE_MESSAGE);
    // The code of the next step: the confirm used the current one, and a step is accepted once.
    const code = await codeOf(enrolled.body.data.secret, 1);
    const verified = await t.post('auth/mfa/verify', { mfa_token: first.body.data.mfa_token, code });
    expect(verified.statusCode, verified.body.message).toBe(200);
    expect((await t.post('auth/me', { session_key: verified.body.data.session_key })).statusCode).toBe(200);
    // The token is spent; and the same code does not sign in a second time.
    expect(
      (await t.post('auth/mfa/verify', { mfa_token: first.body.data.mfa_token, code })).body.message,
    ).toBe(SIGN_IN_EXPIRED_MESSAGE);
    const again = await t.post('auth/login', { email, password: 'demo1234' });
    expect((await t.post('auth/mfa/verify', { mfa_token: again.body.data.mfa_token, code })).statusCode).toBe(
      401,
    );
    const recovered = await t.post('auth/mfa/verify', {
      mfa_token: again.body.data.mfa_token,
      code: ` ${codes[0].toUpperCase()} `,
    });
    expect(recovered.statusCode, recovered.body.message).toBe(200);
    const third = await t.post('auth/login', { email, password: 'demo1234' });
    expect(
      (await t.post('auth/mfa/verify', { mfa_token: third.body.data.mfa_token, code: codes[0] })).statusCode,
    ).toBe(401);
    expect((await t.post('auth/mfa/status', { session_key: key })).body.data.recovery_codes_left).toBe(
      codes.length - 1,
    );
  });

  it('kills an mfa_token after 5 wrong codes, and counts wrong codes toward the sign-in limit', async () => {
    const { email } = await freshUser();
    const { recoveryCodes } = await enrolTotp(await t.loginAs(email));
    const { body } = await t.post('auth/login', { email, password: 'demo1234' });
    for (let i = 0; i < 5; i++)
      expect(
        (await t.post('auth/mfa/verify', { mfa_token: body.data.mfa_token, code: '111111' })).body.message,
      ).toBe(WRONG_CODE_MESSAGE);
    const dead = await t.post('auth/mfa/verify', { mfa_token: body.data.mfa_token, code: recoveryCodes[0] });
    expect(dead.statusCode).toBe(401);
    expect(dead.body.message).toBe(SIGN_IN_EXPIRED_MESSAGE);
    const next = await t.post('auth/login', { email, password: 'demo1234' });
    for (let i = 0; i < ACCOUNT_MAX - 5; i++)
      await t.post('auth/mfa/verify', { mfa_token: next.body.data.mfa_token, code: '222222' });
    const fresh = await t.post('auth/login', { email, password: 'demo1234' });
    expect(fresh.statusCode).toBe(429);
  });

  it('walks users through enrolment at sign-in when the company requires MFA, for admins or everyone', async () => {
    const admin = await freshUser('admin');
    const agent = await freshUser('agent', admin.companyId);
    const adminKey = await t.loginAs(admin.email);
    const policy = (mfa_required: string, extra: object = {}) =>
      t.post('portal-settings/update-sign-in-policy', {
        session_key: adminKey,
        sign_in_policy: { mfa_required, saml_required: false, idle_timeout_minutes: 30, ...extra },
      });
    const saved = await policy('admins');
    expect(saved.statusCode, saved.body.message).toBe(200);
    expect(saved.body.data.settings.sign_in_policy).toEqual({
      mfa_required: 'admins',
      saml_required: false,
      idle_timeout_minutes: 30,
    });
    expect(
      (await t.post('auth/login', { email: agent.email, password: 'demo1234' })).body.data.session_key,
    ).toBeDefined();
    const adminStep = await t.post('auth/login', { email: admin.email, password: 'demo1234' });
    expect(adminStep.body.data).toMatchObject({ mfa_required: true, enrolment_required: true, methods: [] });

    expect((await policy('everyone')).statusCode).toBe(200);
    const step = await t.post('auth/login', { email: agent.email, password: 'demo1234' });
    expect(step.body.data).toMatchObject({ mfa_required: true, enrolment_required: true });
    const token = step.body.data.mfa_token;
    expect((await t.post('auth/me', { session_key: token })).statusCode).toBe(401);
    const enrolled = await t.post('auth/mfa/totp-enroll', { mfa_token: token });
    expect(enrolled.statusCode, enrolled.body.message).toBe(200);
    const confirmed = await t.post('auth/mfa/totp-confirm', {
      mfa_token: token,
      code: await codeOf(enrolled.body.data.secret),
    });
    expect(confirmed.statusCode, confirmed.body.message).toBe(200);
    expect(confirmed.body.data.recovery_codes.length).toBeGreaterThanOrEqual(8);
    expect(
      (await t.post('auth/me', { session_key: confirmed.body.data.session_key })).body.data.user.email,
    ).toBe(agent.email);
    // Now that the agent has a factor, a password alone cannot add another through a token.
    const later = await t.post('auth/login', { email: agent.email, password: 'demo1234' });
    expect(later.body.data.enrolment_required).toBe(false);
    const sneaky = await t.post('auth/mfa/totp-enroll', { mfa_token: later.body.data.mfa_token });
    expect(sneaky.statusCode).toBe(403);
    expect(sneaky.body.message).toBe(VERIFY_FIRST_MESSAGE);
    expect(
      (await t.post('auth/mfa/status', { session_key: confirmed.body.data.session_key })).body.data
        .required_by_company,
    ).toBe(true);

    // SAML only: refused until SAML is set up, then password sign-in answers 403.
    const refused = await policy('none', { saml_required: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.body.message).toBe(SAML_NOT_SET_UP_MESSAGE);
    // SAML is the Agency plan's (ADR 764); the fresh company starts on another.
    await t.db.execute(sql`UPDATE companies SET plan_id = 'agency' WHERE id = ${admin.companyId}`);
    const saml = await t.post('portal-settings/update-saml', {
      session_key: adminKey,
      saml: { entry_point: 'https://idp.example.test/sso', issuer: 'agent-portal', idp_cert: SAML_CERT },
    });
    expect(saml.statusCode, saml.body.message).toBe(200);
    expect((await policy('none', { saml_required: true })).statusCode).toBe(200);
    const password = await t.post('auth/login', { email: admin.email, password: 'demo1234' });
    expect(password.statusCode).toBe(403);
    expect(password.body.message).toBe(SAML_REQUIRED_MESSAGE);
    // A wrong password still answers 401: the SAML rule tells a guesser nothing.
    expect((await t.post('auth/login', { email: admin.email, password: 'wrong-one' })).statusCode).toBe(401);
  });

  it('ends a session idle longer than the company timeout (default 30 minutes) and keeps last use fresh', async () => {
    const admin = await freshUser('admin');
    const key = await t.loginAs(admin.email);
    const idleFor = (minutes: number) =>
      t.db.execute(
        sql`UPDATE sessions SET last_seen_at = now() - make_interval(mins => ${minutes}) WHERE key_hash = ${hashSessionKey(key)}`,
      );
    await idleFor(29);
    expect((await t.post('auth/me', { session_key: key })).statusCode).toBe(200);
    const seen = rowsOf<{ age: number }>(
      await t.db.execute(
        sql`SELECT extract(epoch FROM now() - last_seen_at)::int AS age FROM sessions WHERE key_hash = ${hashSessionKey(key)}`,
      ),
    );
    expect(Number(seen[0].age)).toBeLessThan(60);
    await idleFor(31);
    expect((await t.post('auth/me', { session_key: key })).statusCode).toBe(401);
    const second = await t.loginAs(admin.email);
    const saved = await t.post('portal-settings/update-sign-in-policy', {
      session_key: second,
      sign_in_policy: { mfa_required: 'none', saml_required: false, idle_timeout_minutes: 60 },
    });
    expect(saved.statusCode).toBe(200);
    // The company's timeout applies to open sessions at once.
    expect((await t.post('auth/me', { session_key: key })).statusCode).toBe(200);
    await idleFor(61);
    expect((await t.post('auth/me', { session_key: key })).statusCode).toBe(401);
  });

  it('lists my sessions with address and browser, ends one, and ends all others', async () => {
    const { email } = await freshUser();
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const here = (await loginFrom('192.0.2.201', email, 'demo1234', chrome)).body.data.session_key;
    const phone = (await loginFrom('192.0.2.202', email, 'demo1234')).body.data.session_key;
    const laptop = (await loginFrom('192.0.2.203', email, 'demo1234')).body.data.session_key;
    const listed = await t.post('auth/sessions/list', { session_key: here });
    expect(listed.statusCode).toBe(200);
    const sessions = listed.body.data.sessions;
    expect(sessions).toHaveLength(3);
    const current = sessions.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ client_address: '192.0.2.201', browser: 'Chrome 120 on Linux' });
    expect(Date.parse(current.created_at)).not.toBeNaN();
    expect(Date.parse(current.last_seen_at)).not.toBeNaN();
    const phoneRow = sessions.find((s: { client_address: string }) => s.client_address === '192.0.2.202');
    expect((await t.post('auth/sessions/revoke', { session_key: here, id: phoneRow.id })).statusCode).toBe(
      200,
    );
    expect((await t.post('auth/me', { session_key: phone })).statusCode).toBe(401);
    expect((await t.post('auth/me', { session_key: laptop })).statusCode).toBe(200);
    // Another user's session is not addressable.
    const other = await t.loginAs('agent@demo.test');
    const otherId = (await t.post('auth/sessions/list', { session_key: other })).body.data.sessions[0].id;
    expect((await t.post('auth/sessions/revoke', { session_key: here, id: otherId })).statusCode).toBe(404);
    expect((await t.post('auth/me', { session_key: other })).statusCode).toBe(200);
    expect((await t.post('auth/sessions/revoke-others', { session_key: here })).statusCode).toBe(200);
    expect((await t.post('auth/me', { session_key: laptop })).statusCode).toBe(401);
    expect((await t.post('auth/me', { session_key: here })).statusCode).toBe(200);
    expect((await t.post('auth/sessions/list', { session_key: here })).body.data.sessions).toHaveLength(1);
  });

  it("lets an admin end a user's sessions in their company only; super-admins any", async () => {
    const admin = await freshUser('admin');
    const agent = await freshUser('agent', admin.companyId);
    const agentKey = await t.loginAs(agent.email);
    const outsider = await t.loginAs('admin@demo.test');
    expect(
      (await t.post('users/revoke-sessions', { session_key: outsider, user_id: agent.userId })).statusCode,
    ).toBe(404);
    expect(
      (await t.post('users/revoke-sessions', { session_key: agentKey, user_id: agent.userId })).statusCode,
    ).toBe(403);
    expect((await t.post('auth/me', { session_key: agentKey })).statusCode).toBe(200);
    const ended = await t.post('users/revoke-sessions', {
      session_key: await t.loginAs(admin.email),
      user_id: agent.userId,
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.body.data).toEqual({ user_id: agent.userId });
    expect((await t.post('auth/me', { session_key: agentKey })).statusCode).toBe(401);
    const again = await t.loginAs(agent.email);
    const superAdmin = await t.loginAs('superadmin@demo.test');
    expect(
      (await t.post('users/revoke-sessions', { session_key: superAdmin, user_id: agent.userId })).statusCode,
    ).toBe(200);
    expect((await t.post('auth/me', { session_key: again })).statusCode).toBe(401);
  });
});
