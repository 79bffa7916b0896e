/**
 * Invitations (issue 16): users/create without a password e-mails a set-password link through the
 * real SMTP sink; the link (the password-reset path) sets the password within 72 hours and is
 * refused after, on a fixed clock (only Date is faked); an invited user cannot sign in before.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVITATION_TTL_MS } from '../../../server/services/password-reset-service.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const T0 = new Date('2026-11-25T09:00:00.000Z');

describe.each(DATABASE_KINDS)('invitations on %s', (kind) => {
  let t: TestApp;
  let adminKey: string;

  beforeAll(async () => {
    t = await startTestApp(kind, {
      accounts: { publicBaseUrl: 'https://portal.example.test', smtpUrl: null, mailSink: true },
    });
  }, 240_000);
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Invites `email` at T0 as the demo admin; the answer and the token of the e-mailed link. */
  async function invite(email: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    adminKey = await t.loginAs('admin@demo.test');
    const created = await t.post('users/create', {
      session_key: adminKey,
      name: 'Invited Agent',
      email,
      role: 'agent',
      licensed_states: ['FL'],
    });
    expect(created.statusCode, created.body.message).toBe(200);
    const sink = t.app.mailSink;
    if (!sink) throw new Error('no mail sink');
    const mail = await sink.waitFor((message) => message.envelopeTo.includes(email));
    const match = mail.text.match(
      /https:\/\/portal\.example\.test\/auth\/reset-password\?token=([0-9a-f]{64})&invite=1/,
    );
    if (!match) throw new Error(`no invitation link in: ${mail.text}`);
    return { created, mail, token: match[1] };
  }

  const login = (email: string, password: string) => t.post('auth/login', { email, password });

  it('e-mails a set-password link valid 72 hours; following it sets the password', async () => {
    const { created, mail, token } = await invite('invitee@demo.test');
    expect(created.body.message).toBe(
      'User created. An invitation to choose a password was sent to invitee@demo.test; the link works for 72 hours.',
    );
    expect(created.body.data.invitation).toEqual({
      sent_to: 'invitee@demo.test',
      expires_at: new Date(T0.getTime() + INVITATION_TTL_MS).toISOString(),
      delivered: true,
    });
    expect(created.body.data.user).toMatchObject({ email: 'invitee@demo.test', role: 'agent' });
    expect(mail.subject).toBe('You are invited to Demo Agency');
    expect(mail.text).toContain('72 hours');
    // No password works before the invitation is used, not even an empty or a guessed one.
    for (const password of ['invited', 'demo1234', '']) {
      expect((await login('invitee@demo.test', password)).statusCode).not.toBe(200);
    }

    // A minute before the 72 hours are over the link still works, once.
    vi.setSystemTime(new Date(T0.getTime() + INVITATION_TTL_MS - 60_000));
    const set = await t.post('auth/reset-password', { token, password: 'chosen-pass-1' });
    expect([set.statusCode, set.body.message]).toEqual([200, 'Your password has been reset.']);
    const signedIn = await login('invitee@demo.test', 'chosen-pass-1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body.data.user.role).toBe('agent');
    const again = await t.post('auth/reset-password', { token, password: 'chosen-pass-2' });
    expect(again.statusCode).toBe(422);
  });

  it('refuses the link after 72 hours and the user still cannot sign in', async () => {
    const { token } = await invite('late@demo.test');
    vi.setSystemTime(new Date(T0.getTime() + INVITATION_TTL_MS + 1_000));
    const late = await t.post('auth/reset-password', { token, password: 'too-late-pass' });
    expect([late.statusCode, late.body.message]).toEqual([
      422,
      'This password reset link is invalid or has expired.',
    ]);
    expect((await login('late@demo.test', 'too-late-pass')).statusCode).toBe(401);
    // Forgot password gives the late user a fresh link: the invitation is not a dead end.
    await t.post('auth/forgot-password', { email: 'late@demo.test' });
    const reset = await t.app.mailSink?.waitFor(
      (message) => message.envelopeTo.includes('late@demo.test') && message.subject === 'Reset your password',
    );
    expect(reset?.text).toContain('/auth/reset-password?token=');
  });

  it('still creates a user with a password without any invitation', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const before = t.app.mailSink?.messages.length ?? 0;
    const created = await t.post('users/create', {
      session_key: await t.loginAs('admin@demo.test'),
      name: 'Typed Password',
      email: 'typed@demo.test',
      password: 'typed-pass-1',
      role: 'customer',
    });
    expect([created.statusCode, created.body.message, created.body.data.invitation]).toEqual([
      200,
      'User created.',
      null,
    ]);
    expect((await login('typed@demo.test', 'typed-pass-1')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      (t.app.mailSink?.messages.slice(before) ?? []).filter((m) => m.envelopeTo.includes('typed@demo.test')),
    ).toEqual([]);
  });
});
