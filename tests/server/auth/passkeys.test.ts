/**
 * Issue 38, passkeys as a second factor (docs/decisions/754-passkeys-as-a-second-factor.md),
 * through app.inject on each database kind with a software authenticator
 * (tests/server/helpers/software-authenticator.ts): adding a passkey turns two-step sign-in on;
 * a sign-in completes with it (session, cookie, audit event, counter); a forged, replayed or
 * expired challenge, another origin or relying party, an unknown passkey and a counter that did
 * not move are refused; removal; the relying party comes from WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN.
 * A first passkey brings recovery codes as the authenticator app does, and the last factor's
 * removal takes them (ADR 755).
 */
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashRecoveryCode, RECOVERY_CODE_COUNT } from '../../../server/auth/recovery-codes.ts';
import { rowsOf } from '../../../server/db/database.ts';
import {
  NO_PASSKEY_MESSAGE,
  PASSKEY_ALREADY_ADDED_MESSAGE,
  PASSKEY_EXPIRED_MESSAGE,
  PASSKEY_NOT_FOUND_MESSAGE,
  PASSKEY_NOT_RECOGNISED_MESSAGE,
} from '../../../server/services/passkey-service.ts';
import { SIGN_IN_EXPIRED_MESSAGE, WRONG_CODE_MESSAGE } from '../../../server/services/sign-in-service.ts';
import { addAccount } from '../helpers/add-account.ts';
import { type Ceremony, SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

/** The relying party the suite's app is configured with (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN). */
const RP_ID = 'portal.test';
const ORIGIN = 'https://portal.test';

describe.each(DATABASE_KINDS)('passkeys on %s', (kind) => {
  let t: TestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      signInThrottle: { accountMax: 10, addressMax: 100, windowMs: 60_000 },
      webauthn: { rpId: RP_ID, origin: ORIGIN },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new agent of a new company, signed in: its e-mail, user id and session key. */
  async function signedInUser() {
    serial += 1;
    const email = `passkey${serial}-${kind}@passkeys.test`;
    const { userId } = await addAccount(t.db, {
      email,
      role: 'agent',
      companyName: `Passkey agency ${serial}`,
    });
    return { email, userId, key: await t.loginAs(email) };
  }

  /** What the browser signs for the options `options` on the portal's origin. */
  const ceremonyOf = (options: { challenge: string }, origin = ORIGIN): Ceremony => ({
    challenge: options.challenge,
    origin,
    rpId: RP_ID,
  });

  /** Adds `authenticator`'s passkey to the account of `key`; answers the call's result. */
  async function addPasskey(key: string, authenticator: SoftwareAuthenticator, name = 'Work laptop') {
    const options = await t.post('auth/mfa/passkey-register-options', { session_key: key });
    expect(options.statusCode, options.body.message).toBe(200);
    return t.post('auth/mfa/passkey-register', {
      session_key: key,
      name,
      response: authenticator.register(ceremonyOf(options.body.data)),
    });
  }

  /** The password step of `email`, which must ask for the second factor: its mfa_token. */
  async function passwordStep(email: string): Promise<string> {
    const step = await t.post('auth/login', { email, password: 'demo1234' });
    expect(step.body.data.mfa_required, step.body.message).toBe(true);
    return step.body.data.mfa_token;
  }

  /** The passkey step's options for `mfaToken` (must be answered). */
  async function signInOptions(mfaToken: string) {
    const options = await t.post('auth/mfa/passkey-options', { mfa_token: mfaToken });
    expect(options.statusCode, options.body.message).toBe(200);
    return options.body.data as { challenge: string; rpId: string; allowCredentials: { id: string }[] };
  }

  const storedCounter = async (credentialId: string) =>
    Number(
      rowsOf<{ counter: string | number }>(
        await t.db.execute(
          sql`SELECT counter FROM webauthn_credentials WHERE credential_id = ${credentialId}`,
        ),
      )[0]?.counter,
    );

  it('adds a passkey under the configured relying party, which turns two-step sign-in on', async () => {
    const { email, key } = await signedInUser();
    const device = new SoftwareAuthenticator();
    const options = await t.post('auth/mfa/passkey-register-options', { session_key: key });
    expect(options.statusCode).toBe(200);
    expect(options.body.data).toMatchObject({
      rp: { id: RP_ID, name: 'MGA Agent Portal' },
      user: { name: email },
      attestation: 'none',
      excludeCredentials: [],
    });
    const added = await t.post('auth/mfa/passkey-register', {
      session_key: key,
      name: '  Work laptop ',
      response: device.register(ceremonyOf(options.body.data)),
    });
    expect(added.statusCode, added.body.message).toBe(200);
    expect(added.body.data.passkey).toEqual({
      id: expect.any(Number),
      name: 'Work laptop',
      created_at: expect.any(String),
      transports: ['internal'],
    });
    expect(added.body.data.recovery_codes).toHaveLength(10);
    const listed = await t.post('auth/mfa/passkeys-list', { session_key: key });
    expect(listed.body.data.passkeys).toEqual([added.body.data.passkey]);
    expect((await t.post('auth/mfa/status', { session_key: key })).body.data).toMatchObject({
      totp_enabled: false,
      passkeys: 1,
    });
    // The password alone no longer signs in: the second step names the passkey.
    const step = await t.post('auth/login', { email, password: 'demo1234' });
    expect(step.body.data).toMatchObject({
      mfa_required: true,
      enrolment_required: false,
      methods: ['recovery_code', 'passkey'],
    });
    expect(step.body.data.session_key).toBeUndefined();
    // The next registration leaves the passkey out, and the same passkey is not stored twice.
    const again = await t.post('auth/mfa/passkey-register-options', { session_key: key });
    expect(again.body.data.excludeCredentials).toEqual([
      { id: device.id, type: 'public-key', transports: ['internal'] },
    ]);
    const twice = await t.post('auth/mfa/passkey-register', {
      session_key: key,
      name: 'Again',
      response: device.register(ceremonyOf(again.body.data)),
    });
    expect([twice.statusCode, twice.body.message]).toEqual([409, PASSKEY_ALREADY_ADDED_MESSAGE]);
  });

  it('refuses a registration from another origin or relying party, or with a spent, replaced or expired challenge (422)', async () => {
    const { userId, key } = await signedInUser();
    const device = new SoftwareAuthenticator();
    const register = (response: unknown) =>
      t.post('auth/mfa/passkey-register', { session_key: key, name: 'Phone', response });
    const optionsOf = async () =>
      (await t.post('auth/mfa/passkey-register-options', { session_key: key })).body.data;

    const first = await optionsOf();
    const elsewhere = await register(device.register(ceremonyOf(first, 'https://evil.test')));
    expect([elsewhere.statusCode, elsewhere.body.message]).toEqual([422, PASSKEY_NOT_RECOGNISED_MESSAGE]);
    // That attempt spent the challenge: the right origin with it now is too late.
    const spent = await register(device.register(ceremonyOf(first)));
    expect([spent.statusCode, spent.body.message]).toEqual([422, PASSKEY_EXPIRED_MESSAGE]);

    const otherRp = await register(device.register({ ...ceremonyOf(await optionsOf()), rpId: 'evil.test' }));
    expect([otherRp.statusCode, otherRp.body.message]).toEqual([422, PASSKEY_NOT_RECOGNISED_MESSAGE]);

    const forged = await register(device.register(ceremonyOf({ challenge: 'bm90LWlzc3VlZA' })));
    expect([forged.statusCode, forged.body.message]).toEqual([422, PASSKEY_EXPIRED_MESSAGE]);

    // A second start replaces the first: only the latest challenge answers.
    const replaced = await optionsOf();
    const latest = await optionsOf();
    expect((await register(device.register(ceremonyOf(replaced)))).body.message).toBe(
      PASSKEY_EXPIRED_MESSAGE,
    );

    await t.db.execute(
      sql`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE user_id = ${userId}`,
    );
    const late = await register(device.register(ceremonyOf(latest)));
    expect([late.statusCode, late.body.message]).toEqual([422, PASSKEY_EXPIRED_MESSAGE]);
    // None of them stored a passkey, and the session is still good.
    expect((await t.post('auth/mfa/passkeys-list', { session_key: key })).body.data.passkeys).toEqual([]);
  });

  it('signs in with a passkey: the session and its cookie, auth.mfa_verified, the counter moved on', async () => {
    const { email, userId, key } = await signedInUser();
    const device = new SoftwareAuthenticator();
    expect((await addPasskey(key, device)).statusCode).toBe(200);
    expect(await storedCounter(device.id)).toBe(0);

    const mfaToken = await passwordStep(email);
    const options = await signInOptions(mfaToken);
    expect(options).toMatchObject({ rpId: RP_ID, allowCredentials: [{ id: device.id, type: 'public-key' }] });
    const verified = await t.post('auth/mfa/passkey-verify', {
      mfa_token: mfaToken,
      response: device.assert(ceremonyOf(options)),
    });
    expect(verified.statusCode, verified.body.message).toBe(200);
    const sessionKey = verified.body.data.session_key as string;
    expect(verified.body.data.user).toMatchObject({ email });
    expect((await t.post('auth/me', { session_key: sessionKey })).statusCode).toBe(200);
    expect(String(verified.headers['set-cookie'])).toContain(`portal_session=${sessionKey};`);
    expect(String(verified.headers['set-cookie'])).toContain('HttpOnly');
    expect(await storedCounter(device.id)).toBe(1);
    const audited = rowsOf<{ action: string }>(
      await t.db.execute(
        sql`SELECT action FROM audit_events WHERE target_type = 'user' AND target_id = ${String(userId)} ORDER BY id`,
      ),
    );
    expect(audited.map((row) => row.action)).toContain('auth.mfa_verified');

    // The token is spent: neither its options nor its answer serve again.
    expect((await t.post('auth/mfa/passkey-options', { mfa_token: mfaToken })).body.message).toBe(
      SIGN_IN_EXPIRED_MESSAGE,
    );
    const next = await passwordStep(email);
    await signInOptions(next);
    expect(
      (
        await t.post('auth/mfa/passkey-verify', {
          mfa_token: next,
          response: device.assert(ceremonyOf(options)),
        })
      ).body.message,
    ).toBe(PASSKEY_EXPIRED_MESSAGE);
  });

  it('refuses a forged or replayed challenge, another origin, an unknown passkey and a counter that did not move (401)', async () => {
    const { email, userId, key } = await signedInUser();
    const device = new SoftwareAuthenticator();
    await addPasskey(key, device);
    const verify = (mfaToken: string, response: unknown) =>
      t.post('auth/mfa/passkey-verify', { mfa_token: mfaToken, response });
    const refusal = async (call: Promise<{ statusCode: number; body: { message: string } }>) => {
      const { statusCode, body } = await call;
      return [statusCode, body.message];
    };

    // Each refusal spends its challenge and counts on the token (four here; the fifth kills it).
    let token = await passwordStep(email);
    await signInOptions(token);
    expect(await refusal(verify(token, device.assert(ceremonyOf({ challenge: 'Zm9yZ2Vk' }))))).toEqual([
      401,
      PASSKEY_EXPIRED_MESSAGE,
    ]);

    let options = await signInOptions(token);
    expect(await refusal(verify(token, device.assert(ceremonyOf(options, 'https://evil.test'))))).toEqual([
      401,
      PASSKEY_NOT_RECOGNISED_MESSAGE,
    ]);
    // The same challenge again, now from the right origin: spent.
    expect(await refusal(verify(token, device.assert(ceremonyOf(options))))).toEqual([
      401,
      PASSKEY_EXPIRED_MESSAGE,
    ]);

    options = await signInOptions(token);
    const stranger = new SoftwareAuthenticator();
    expect(await refusal(verify(token, stranger.assert(ceremonyOf(options))))).toEqual([
      401,
      PASSKEY_NOT_RECOGNISED_MESSAGE,
    ]);

    // A fresh sign-in: a good one, then its answer replayed and a counter that did not move.
    token = await passwordStep(email);
    options = await signInOptions(token);
    const good = device.assert(ceremonyOf(options));
    expect((await verify(token, good)).statusCode).toBe(200);
    const counter = await storedCounter(device.id);
    token = await passwordStep(email);
    await signInOptions(token);
    expect(await refusal(verify(token, good))).toEqual([401, PASSKEY_EXPIRED_MESSAGE]);
    options = await signInOptions(token);
    expect(await refusal(verify(token, device.assert(ceremonyOf(options), counter)))).toEqual([
      401,
      PASSKEY_NOT_RECOGNISED_MESSAGE,
    ]);
    expect(await storedCounter(device.id)).toBe(counter);

    // An expired challenge: the device's next answer is good but late.
    options = await signInOptions(token);
    await t.db.execute(
      sql`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE user_id = ${userId}`,
    );
    expect(await refusal(verify(token, device.assert(ceremonyOf(options))))).toEqual([
      401,
      PASSKEY_EXPIRED_MESSAGE,
    ]);
    // Three refusals leave the token alive (five kill it): the device's next answer completes it.
    options = await signInOptions(token);
    expect((await verify(token, device.assert(ceremonyOf(options)))).statusCode).toBe(200);
    expect(await storedCounter(device.id)).toBe(device.counter);
  });

  it('removes a passkey (404 for another user’s); without a second factor the password signs in again', async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const added = await addPasskey(owner.key, new SoftwareAuthenticator());
    const id = added.body.data.passkey.id as number;
    const foreign = await t.post('auth/mfa/passkey-remove', { session_key: other.key, id });
    expect([foreign.statusCode, foreign.body.message]).toEqual([404, PASSKEY_NOT_FOUND_MESSAGE]);
    expect(
      (await t.post('auth/mfa/passkeys-list', { session_key: owner.key })).body.data.passkeys,
    ).toHaveLength(1);

    const removed = await t.post('auth/mfa/passkey-remove', { session_key: owner.key, id: String(id) });
    expect([removed.statusCode, removed.body.data]).toEqual([200, { removed_id: id }]);
    expect((await t.post('auth/mfa/passkeys-list', { session_key: owner.key })).body.data.passkeys).toEqual(
      [],
    );
    const login = await t.post('auth/login', { email: owner.email, password: 'demo1234' });
    expect(login.body.data.session_key).toEqual(expect.any(String));
  });

  it('answers recovery codes with a first passkey, hashed, shown once; each signs in once', async () => {
    const { email, userId, key } = await signedInUser();
    const added = await addPasskey(key, new SoftwareAuthenticator());
    expect([added.statusCode, added.body.message]).toEqual([
      200,
      'Passkey added. Two-step sign-in is on. Keep your recovery codes somewhere safe.',
    ]);
    const codes: string[] = added.body.data.recovery_codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored as TOTP's are: the SHA-256 of each code, never the code.
    const stored = rowsOf<{ code_hash: string }>(
      await t.db.execute(sql`SELECT code_hash FROM mfa_recovery_codes WHERE user_id = ${userId}`),
    ).map((row) => row.code_hash);
    expect(stored.sort()).toEqual(codes.map(hashRecoveryCode).sort());
    // A second passkey brings none: the first ones are still there.
    const second = await addPasskey(key, new SoftwareAuthenticator(), 'Phone');
    expect([second.statusCode, second.body.data.recovery_codes]).toEqual([200, undefined]);
    expect((await t.post('auth/mfa/status', { session_key: key })).body.data).toMatchObject({
      totp_enabled: false,
      recovery_codes_left: RECOVERY_CODE_COUNT,
      passkeys: 2,
    });

    // A lost passkey: a recovery code (typed loosely) finishes the sign-in, once.
    const signIn = await t.post('auth/mfa/verify', {
      mfa_token: await passwordStep(email),
      code: ` ${codes[0].toUpperCase()} `,
    });
    expect(signIn.statusCode, signIn.body.message).toBe(200);
    expect((await t.post('auth/me', { session_key: signIn.body.data.session_key })).statusCode).toBe(200);
    const again = await t.post('auth/mfa/verify', { mfa_token: await passwordStep(email), code: codes[0] });
    expect([again.statusCode, again.body.message]).toEqual([401, WRONG_CODE_MESSAGE]);
    expect((await t.post('auth/mfa/status', { session_key: key })).body.data.recovery_codes_left).toBe(
      RECOVERY_CODE_COUNT - 1,
    );
  });

  it('answers no recovery codes with a passkey to a user with the authenticator app; the last factor takes them', async () => {
    const { email, key } = await signedInUser();
    const { secret } = (await t.post('auth/mfa/totp-enroll', { session_key: key })).body.data;
    const now = Math.floor(Date.now() / 1000);
    const confirmed = await t.post('auth/mfa/totp-confirm', {
      session_key: key,
      code: await generate({ secret, epoch: now }),
    });
    const appCodes: string[] = confirmed.body.data.recovery_codes;
    const added = await addPasskey(key, new SoftwareAuthenticator());
    expect([added.statusCode, added.body.message, added.body.data.recovery_codes]).toEqual([
      200,
      'Passkey added. Two-step sign-in is on.',
      undefined,
    ]);

    // A passkey-only user who removes their last passkey keeps no codes that could stand for one.
    const owner = await signedInUser();
    const first = await addPasskey(owner.key, new SoftwareAuthenticator());
    const codes: string[] = first.body.data.recovery_codes;
    const removed = await t.post('auth/mfa/passkey-remove', {
      session_key: owner.key,
      id: first.body.data.passkey.id,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.post('auth/mfa/status', { session_key: owner.key })).body.data).toMatchObject({
      passkeys: 0,
      recovery_codes_left: 0,
    });
    // Added again, the passkey brings new codes; the old ones sign in no more.
    const renewed = await addPasskey(owner.key, new SoftwareAuthenticator());
    expect(renewed.body.data.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    const old = await t.post('auth/mfa/verify', {
      mfa_token: await passwordStep(owner.email),
      code: codes[1],
    });
    expect([old.statusCode, old.body.message]).toEqual([401, WRONG_CODE_MESSAGE]);
    // The app's codes still sign its user in beside the passkey.
    const withAppCode = await t.post('auth/mfa/verify', {
      mfa_token: await passwordStep(email),
      code: appCodes[0],
    });
    expect(withAppCode.statusCode, withAppCode.body.message).toBe(200);
  });

  it('answers no passkey options to a sign-in whose user has only the authenticator app (422)', async () => {
    const { email, key } = await signedInUser();
    const { secret } = (await t.post('auth/mfa/totp-enroll', { session_key: key })).body.data;
    const now = Math.floor(Date.now() / 1000);
    await t.post('auth/mfa/totp-confirm', { session_key: key, code: await generate({ secret, epoch: now }) });
    const options = await t.post('auth/mfa/passkey-options', { mfa_token: await passwordStep(email) });
    expect([options.statusCode, options.body.message]).toEqual([422, NO_PASSKEY_MESSAGE]);
  });
});
