/**
 * Forgot and reset password through the real SMTP sink (docs/api-accounts.md Auth): the mail is
 * read as the SMTP server received it, its link followed; change password.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/database.ts';
import { addAccount } from '../helpers/add-account.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const SAME_MESSAGE = 'If an account exists for that e-mail, a reset link has been sent.';

describe.each(DATABASE_KINDS)('password reset on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      accounts: { publicBaseUrl: 'https://portal.example.test', smtpUrl: null, mailSink: true },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function resetMailFor(email: string): Promise<{ text: string; token: string }> {
    const sink = t.app.mailSink;
    if (!sink) throw new Error('no mail sink');
    const mail = await sink.waitFor((message) => message.envelopeTo.includes(email));
    const match = mail.text.match(
      /https:\/\/portal\.example\.test\/auth\/reset-password\?token=([0-9a-f]{64})/,
    );
    if (!match) throw new Error(`no reset link in: ${mail.text}`);
    return { text: mail.text, token: match[1] };
  }

  it('answers the same success for a known and an unknown e-mail, and mails only the known one', async () => {
    await addAccount(t.db, { email: 'forgetful@demo.test', role: 'agent', companyId: t.seed.companyId });
    const before = t.app.mailSink?.messages.length ?? 0;
    const known = await t.post('auth/forgot-password', { email: 'Forgetful@Demo.test' });
    const unknown = await t.post('auth/forgot-password', { email: 'ghost@demo.test' });
    for (const result of [known, unknown]) {
      expect(result.statusCode).toBe(200);
      expect(result.body).toMatchObject({ status: 'success', message: SAME_MESSAGE, data: null });
    }
    const mail = await resetMailFor('forgetful@demo.test');
    expect(mail.text).toContain('60 minutes');
    // Give a stray mail to the unknown address the time to arrive, then check there is none.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = t.app.mailSink?.messages.slice(before) ?? [];
    expect(after.flatMap((m) => m.envelopeTo)).toEqual(['forgetful@demo.test']);
    expect(after[0].subject).toBe('Reset your password');
  });

  it('follows the e-mailed link: new password works, old fails, sessions are revoked, token single-use', async () => {
    await addAccount(t.db, { email: 'resetter@demo.test', role: 'agent', companyId: t.seed.companyId });
    const oldKey = await t.loginAs('resetter@demo.test');
    await t.post('auth/forgot-password', { email: 'resetter@demo.test' });
    const { token } = await resetMailFor('resetter@demo.test');

    const stored = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`SELECT count(*)::int AS n FROM password_reset_tokens WHERE token_hash = ${token}`,
      ),
    );
    expect(Number(stored[0].n)).toBe(0);

    const reset = await t.post('auth/reset-password', { token, password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.body.message).toBe('Your password has been reset.');
    expect((await t.post('auth/me', { session_key: oldKey })).statusCode).toBe(401);
    expect(
      (await t.post('auth/login', { email: 'resetter@demo.test', password: 'demo1234' })).statusCode,
    ).toBe(401);
    expect(
      (await t.post('auth/login', { email: 'resetter@demo.test', password: 'brand-new-pass' })).statusCode,
    ).toBe(200);

    const again = await t.post('auth/reset-password', { token, password: 'another-pass' });
    expect(again.statusCode).toBe(422);
    expect(again.body.message).toBe('This password reset link is invalid or has expired.');
  });

  it('refuses an expired token and a short password', async () => {
    await addAccount(t.db, { email: 'late@demo.test', role: 'agent', companyId: t.seed.companyId });
    await t.post('auth/forgot-password', { email: 'late@demo.test' });
    const { token } = await resetMailFor('late@demo.test');
    const short = await t.post('auth/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body.error_obj).toHaveProperty('body.password');
    await t.db.execute(sql`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'`);
    const expired = await t.post('auth/reset-password', { token, password: 'long-enough' });
    expect(expired.statusCode).toBe(422);
    expect((await t.post('auth/login', { email: 'late@demo.test', password: 'demo1234' })).statusCode).toBe(
      200,
    );
  });

  it('stores the token for 60 minutes', async () => {
    await addAccount(t.db, { email: 'timer@demo.test', role: 'agent', companyId: t.seed.companyId });
    const started = Date.now();
    await t.post('auth/forgot-password', { email: 'timer@demo.test' });
    const rows = rowsOf<{ expires_at: string | Date }>(
      await t.db.execute(
        sql`SELECT t.expires_at FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = 'timer@demo.test'`,
      ),
    );
    const minutes = (new Date(rows[0].expires_at).getTime() - started) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60.1);
  });

  it('changes the password with the current one and keeps only this session', async () => {
    await addAccount(t.db, { email: 'changer@demo.test', role: 'customer', companyId: t.seed.companyId });
    const keep = await t.loginAs('changer@demo.test');
    const other = await t.loginAs('changer@demo.test');
    const wrong = await t.post('auth/change-password', {
      session_key: keep,
      current_password: 'nope',
      password: 'changed-pass',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body.error_obj).toEqual({ current_password: 'The current password is incorrect.' });
    const ok = await t.post('auth/change-password', {
      session_key: keep,
      current_password: 'demo1234',
      password: 'changed-pass',
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.post('auth/me', { session_key: keep })).statusCode).toBe(200);
    expect((await t.post('auth/me', { session_key: other })).statusCode).toBe(401);
    expect(
      (await t.post('auth/login', { email: 'changer@demo.test', password: 'changed-pass' })).statusCode,
    ).toBe(200);
  });
});
