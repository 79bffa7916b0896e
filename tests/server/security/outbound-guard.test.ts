/**
 * The one outbound guard (issue 38; docs/decisions/721-one-outbound-guard.md): every special range
 * is refused and public unicast passes (fast-check over addresses); a name is judged by every
 * address it resolves to; the operator's allow-list (OUTBOUND_ALLOWED_HOSTS) lets named hosts
 * through; an admin saving a loopback, private or link-local SMTP host or webhook URL gets 422 and
 * nothing is stored; the mailer refuses such a company SMTP host at connect time and reaches it
 * when allowed. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../server/db/schema.ts';
import { type MailSink, startMailSink } from '../../../server/mail/mail-sink.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import {
  checkOutboundHost,
  hostRefusalAtSave,
  nonPublicRange,
  OutboundHostRefused,
  outboundAllowedHosts,
} from '../../../server/outbound/outbound-guard.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const NONE = new Set<string>();
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('the outbound guard', () => {
  it('refuses loopback, private, unique-local, link-local and other special addresses; passes public unicast', async () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const refused = fc.oneof(
      fc.tuple(octet, octet, octet).map(([a, b, c]) => `127.${a}.${b}.${c}`),
      fc.tuple(octet, octet, octet).map(([a, b, c]) => `10.${a}.${b}.${c}`),
      fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([a, b, c]) => `172.${a}.${b}.${c}`),
      fc.tuple(octet, octet).map(([a, b]) => `192.168.${a}.${b}`),
      fc.tuple(octet, octet).map(([a, b]) => `169.254.${a}.${b}`),
      fc
        .integer({ min: 0, max: 0xffff })
        .map((n) => `fd${(n & 0xff).toString(16).padStart(2, '0')}::${n.toString(16)}`),
      fc.integer({ min: 1, max: 0xffff }).map((n) => `fe80::${n.toString(16)}`),
      fc.tuple(octet, octet).map(([a, b]) => `::ffff:192.168.${a}.${b}`),
    );
    await fc.assert(
      fc.asyncProperty(refused, async (address) => {
        expect(nonPublicRange(address)).not.toBeNull();
        await expect(checkOutboundHost(address, NONE)).rejects.toBeInstanceOf(OutboundHostRefused);
        expect(await hostRefusalAtSave(address, NONE)).toMatch(/^Refused: /);
      }),
    );
    for (const address of ['::1', '0.0.0.0', '::', '100.64.0.1', '169.254.169.254']) {
      expect(nonPublicRange(address), address).not.toBeNull();
    }
    expect(await checkOutboundHost('8.8.8.8', NONE)).toEqual({ address: '8.8.8.8', family: 4 });
    expect(await checkOutboundHost('[2606:4700::1111]', NONE)).toEqual({
      address: '2606:4700::1111',
      family: 6,
    });
  });

  it('judges a name by every address it resolves to, and refuses a name that does not resolve at connect time', async () => {
    await expect(
      checkOutboundHost('smtp.example.test', NONE, resolvesTo('93.184.215.14', '10.0.0.5')),
    ).rejects.toThrow(
      'Refused: smtp.example.test resolves to 10.0.0.5, a private address (RFC 1918). Only public addresses can be reached.',
    );
    expect(await checkOutboundHost('smtp.example.test', NONE, resolvesTo('93.184.215.14'))).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    const missing = async () => {
      throw Object.assign(new Error('no'), { code: 'ENOTFOUND' });
    };
    await expect(checkOutboundHost('gone.example.test', NONE, missing)).rejects.toThrow(
      'Refused: gone.example.test does not resolve (ENOTFOUND).',
    );
    // At save a name that does not resolve yet is left to the connect-time check.
    expect(await hostRefusalAtSave('gone.example.test', NONE, missing)).toBeNull();
    expect(await hostRefusalAtSave('metadata.example.test', NONE, resolvesTo('169.254.169.254'))).toBe(
      'Refused: metadata.example.test resolves to 169.254.169.254, a link-local address. Only public addresses can be reached.',
    );
    expect(await hostRefusalAtSave('localhost', NONE)).toMatch(/loopback/);
  });

  it('lets the hosts the operator names in OUTBOUND_ALLOWED_HOSTS through, and no others', async () => {
    const allowed = outboundAllowedHosts({ OUTBOUND_ALLOWED_HOSTS: ' 127.0.0.1, [::1],Mail.Local ' });
    expect([...allowed]).toEqual(['127.0.0.1', '::1', 'mail.local']);
    expect(outboundAllowedHosts({}).size).toBe(0);
    expect(await checkOutboundHost('127.0.0.1', allowed)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await checkOutboundHost('mail.local', allowed, resolvesTo('192.168.1.9'))).toEqual({
      address: '192.168.1.9',
      family: 4,
    });
    expect(await hostRefusalAtSave('MAIL.local', allowed, resolvesTo('192.168.1.9'))).toBeNull();
    await expect(checkOutboundHost('127.0.0.2', allowed)).rejects.toThrow('loopback');
  });
});

describe('the company SMTP host at connect time', () => {
  let sink: MailSink;
  const received: string[] = [];
  const before = process.env.OUTBOUND_ALLOWED_HOSTS;
  beforeAll(async () => {
    sink = await startMailSink((message) => received.push(message.subject ?? ''));
  });
  afterAll(async () => {
    await sink?.close();
  });
  afterEach(() => {
    if (before === undefined) delete process.env.OUTBOUND_ALLOWED_HOSTS;
    else process.env.OUTBOUND_ALLOWED_HOSTS = before;
  });

  it('refuses a loopback company SMTP host before connecting, and reaches it once allowed', async () => {
    const port = Number(new URL(sink.url).port);
    const smtp = {
      host: '127.0.0.1',
      port,
      username: null,
      from_email: 'a@demo.test',
      from_name: null,
      secure: false,
    };
    const mailer = createMailer({});
    delete process.env.OUTBOUND_ALLOWED_HOSTS;
    await expect(
      mailer.send({ to: 'x@example.com', subject: 'refused', text: '.' }, smtp),
    ).rejects.toBeInstanceOf(OutboundHostRefused);
    process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1';
    await mailer.send({ to: 'x@example.com', subject: 'allowed', text: '.' }, smtp);
    await expect.poll(() => received).toEqual(['allowed']);
  });
});

describe.each(DATABASE_KINDS)('admin-set hosts at save on %s', (kind) => {
  let t: TestApp;
  let adminKey: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    adminKey = await t.loginAs('admin@demo.test');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  const settings = async () =>
    (
      await t.db
        .select()
        .from(companies)
        .where(eq(companies.id, t.seed.companyId as number))
    )[0].settings;
  const smtp = (host: string) => ({
    host,
    port: 587,
    username: 'mailer',
    password: 'p',
    from_email: 'quotes@demo.test',
    from_name: null,
    secure: false,
  });

  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['localhost', 'a loopback address'],
    ['169.254.169.254', 'a link-local address'],
    ['10.1.2.3', 'a private address (RFC 1918)'],
    ['192.168.0.10', 'a private address (RFC 1918)'],
    ['fd12::1', 'a private address (fc00::/7)'],
  ])('answers 422 for SMTP host %s (%s) and stores nothing', async (host, range) => {
    const stored = await settings();
    const answer = await t.post('portal-settings/update-smtp', { session_key: adminKey, smtp: smtp(host) });
    expect(answer.statusCode).toBe(422);
    expect(answer.body.message).toContain(range);
    expect(Object.keys(answer.body.error_obj)).toEqual(['smtp.host']);
    expect(await settings()).toEqual(stored);
  });

  it('answers 422 for a webhook URL on a private host, and saves a public-looking name', async () => {
    const refused = await t.post('portal-settings/update-webhook', {
      session_key: adminKey,
      customer_quotes_webhook_url: 'https://10.0.0.7/hooks',
    });
    expect([refused.statusCode, Object.keys(refused.body.error_obj)]).toEqual([
      422,
      ['customer_quotes_webhook_url'],
    ]);
    const saved = await t.post('portal-settings/update-smtp', {
      session_key: adminKey,
      smtp: smtp('smtp.example.test'),
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
  });
});
