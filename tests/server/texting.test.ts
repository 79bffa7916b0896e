/**
 * Texting (issue 14 part 1) on PGlite and PostgreSQL: an inbound SMS with a valid Twilio signature
 * opens a conversation linked to the client's application and counts as unread until opened; a
 * bad signature is 403 and stores nothing; agents answer with free text or a stored template
 * (short codes rendered) through the local sink, or through the company's Twilio account (a local
 * fake server): accepted, refused with Twilio's error (clear message, stored as failed) and too
 * slow (timeout); signed status callbacks move the delivery status forward only; the events stream
 * delivers a new inbound message to the company's workers and not to another company's; a message
 * a crash left `sending` shows failed once no send could still be running.
 */
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textConversations, textMessages } from '../../server/db/schema.ts';
import {
  INTERRUPTED_AFTER_TIMEOUT_MARGIN_MS,
  INTERRUPTED_SEND_MESSAGE,
} from '../../server/messaging/interrupted-send.ts';
import { twilioSignature } from '../../server/messaging/sms/twilio-signature.ts';
import { type FakeTwilio, startFakeTwilio } from './helpers/fake-twilio-server.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const BASE = 'https://portal.example.com';
const SINK_TOKEN = 'sink-token-for-tests';
const OTHER_TOKEN = 'other-agency-auth-token';
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;

describe.each(DATABASE_KINDS)('texting on %s', (kind) => {
  let t: TestApp;
  let twilio: FakeTwilio;
  let agentKey: string;
  let adminKey: string;
  let otherAdminKey: string;
  let otherAgentKey: string;
  let companyId: number;
  let otherCompanyId: number;
  let conversationId: number;

  const call = (key: string, path: string, body: Record<string, unknown> = {}) =>
    t.post(`texting/${path}`, { session_key: key, ...body });

  /** Posts a form to a webhook, signed with `token` for the URL the provider would call. */
  const webhook = async (path: string, company: number, params: Record<string, string>, token: string) => {
    const url = `${BASE}/api/texting/${path}/${company}`;
    return t.app.inject({
      method: 'POST',
      url: `/api/texting/${path}/${company}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(token, url, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  };
  let sid = 0;
  const inbound = (
    company: number,
    from: string,
    body: string,
    token = SINK_TOKEN,
    messageSid = `SM${++sid}`,
  ) =>
    webhook(
      'inbound',
      company,
      {
        From: from,
        To: '+15005550006',
        Body: body,
        MessageSid: messageSid,
        AccountSid: ACCOUNT_SID,
        NumMedia: '0',
      },
      token,
    );

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    t = await startTestApp(kind, {
      accounts: { publicBaseUrl: BASE },
      texting: {
        sink: true,
        sinkAuthToken: SINK_TOKEN,
        twilioBaseUrl: twilio.url,
        providerTimeoutMs: 300,
        eventsStreamMs: 5000,
        eventsPollMs: 50,
      },
    });
    [agentKey, adminKey, otherAdminKey, otherAgentKey] = await Promise.all(
      ['agent@demo.test', 'admin@demo.test', 'otheradmin@demo.test', 'otheragent@demo.test'].map((email) =>
        t.loginAs(email),
      ),
    );
    companyId = t.seed.companyId as number;
    otherCompanyId = t.seed.otherCompanyId as number;
  });
  afterAll(async () => {
    await t?.close();
    await twilio?.close();
  });

  it('stores a signed inbound SMS once, linked to the client application, unread until opened', async () => {
    const answer = await inbound(companyId, '+13055550142', 'Is my flood quote ready?', SINK_TOKEN, 'SMin1');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/xml/);
    // The provider retrying its webhook stores nothing twice.
    expect(
      (await inbound(companyId, '+13055550142', 'Is my flood quote ready?', SINK_TOKEN, 'SMin1')).statusCode,
    ).toBe(200);

    const listed = await call(agentKey, 'list-conversations');
    expect(listed.statusCode, listed.body.message).toBe(200);
    expect(listed.body.data.unread_total).toBe(1);
    const [conversation] = listed.body.data.conversations;
    conversationId = conversation.id;
    expect(conversation).toMatchObject({
      client_phone: '+13055550142',
      client_phone_display: '(305) 555-0142',
      client_name: 'Maria Alvarez',
      unread_count: 1,
      last_body: 'Is my flood quote ready?',
      last_direction: 'inbound',
    });
    expect(conversation.application_reference).toMatch(/^RMGA\d{7}$/);

    expect(
      (await call(agentKey, 'list-conversations', { search: 'flood quote' })).body.data.conversations,
    ).toHaveLength(1);
    expect(
      (await call(agentKey, 'list-conversations', { search: '555-0142' })).body.data.conversations,
    ).toHaveLength(1);
    expect(
      (await call(agentKey, 'list-conversations', { search: 'nobody' })).body.data.conversations,
    ).toHaveLength(0);
    expect((await call(otherAgentKey, 'list-conversations')).body.data.conversations).toHaveLength(0);

    const opened = await call(adminKey, 'get-conversation', { conversation_id: conversationId });
    expect(opened.statusCode, opened.body.message).toBe(200);
    expect(opened.body.data.messages).toHaveLength(1);
    expect(opened.body.data.messages[0]).toMatchObject({ direction: 'inbound', status: 'received' });
    expect((await call(agentKey, 'list-conversations')).body.data.unread_total).toBe(0);
    expect(
      (await call(otherAgentKey, 'get-conversation', { conversation_id: conversationId })).statusCode,
    ).toBe(404);
  });

  it('refuses an inbound SMS with a bad, missing or foreign signature and stores nothing', async () => {
    const before = await t.count('text_messages');
    const conversations = await t.count('text_conversations');
    expect((await inbound(companyId, '+13055550177', 'forged', 'wrong-token')).statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/texting/inbound/${companyId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B13055550177&To=%2B15005550006&Body=x&MessageSid=SMx',
    });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().message).toBe('Invalid signature.');
    // Signed for the demo company's URL but posted to another company's: refused.
    const params = { From: '+13055550177', To: '+15005550006', Body: 'moved', MessageSid: 'SMmoved' };
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/texting/inbound/${otherCompanyId}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(SINK_TOKEN, `${BASE}/api/texting/inbound/${companyId}`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
    expect(moved.statusCode).toBe(403);
    expect((await inbound(999_999, '+13055550177', 'no company')).statusCode).toBe(403);
    expect(await t.count('text_messages')).toBe(before);
    expect(await t.count('text_conversations')).toBe(conversations);
  });

  it('answers through the sink with free text and with a stored template', async () => {
    const sent = await call(agentKey, 'send-message', {
      conversation_id: conversationId,
      body: 'Yes, opening it now.',
    });
    expect(sent.statusCode, sent.body.message).toBe(200);
    expect(sent.body.data.message).toMatchObject({ direction: 'outbound', status: 'sent', provider: 'sink' });
    expect(await t.app.smsSink.waitFor((m) => m.body === 'Yes, opening it now.')).toMatchObject({
      to: '+13055550142',
    });

    const created = await t.post('portal-settings/sms-templates/create', {
      session_key: adminKey,
      item: {
        name: 'Quote ready',
        body: 'Hi {{first_name}}, {{company_name}} has quotes from {{min_quote_amount}}. {{agent_name}}',
      },
    });
    expect(created.statusCode, created.body.message).toBe(200);
    const template = created.body.data.settings.sms_templates.at(-1);
    const opened = await call(agentKey, 'get-conversation', { conversation_id: conversationId });
    expect(opened.body.data.templates.map((entry: { name: string }) => entry.name)).toContain('Quote ready');
    const templated = await call(agentKey, 'send-message', {
      conversation_id: conversationId,
      template_id: template.id,
    });
    expect(templated.statusCode, templated.body.message).toBe(200);
    expect(templated.body.data.message.body).toMatch(/^Hi Maria, Demo Agency has quotes from .* Alex Agent$/);
    expect(templated.body.data.message.body).not.toContain('{{');

    const refused = [
      await call(agentKey, 'send-message', { conversation_id: conversationId, body: '   ' }),
      await call(agentKey, 'send-message', { conversation_id: conversationId, template_id: 999 }),
      await call(agentKey, 'send-message', { to: 'not a number', body: 'hi' }),
      await call(otherAgentKey, 'send-message', { conversation_id: conversationId, body: 'hi' }),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 404, 400, 404]);
    expect(refused[0].body.message).toBe('Write a message or choose a template.');
  });

  it("sends through the company's Twilio account, which stays write-only", async () => {
    const saved = await t.post('portal-settings/update-sms-provider', {
      session_key: otherAdminKey,
      sms_provider: { account_sid: ACCOUNT_SID, auth_token: OTHER_TOKEN, from_number: '(786) 555-0100' },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    expect(saved.body.data.settings.sms_provider).toEqual({
      account_sid: ACCOUNT_SID,
      from_number: '+17865550100',
      has_auth_token: true,
    });
    expect(JSON.stringify(saved.body)).not.toContain(OTHER_TOKEN);
    const badNumber = await t.post('portal-settings/update-sms-provider', {
      session_key: otherAdminKey,
      sms_provider: { account_sid: ACCOUNT_SID, from_number: '12' },
    });
    expect(badNumber.statusCode).toBe(422);

    const sent = await call(otherAgentKey, 'send-message', {
      to: '(305) 555-0177',
      body: 'Hello from Other Agency',
    });
    expect(sent.statusCode, sent.body.message).toBe(200);
    expect(sent.body.data.message).toMatchObject({ status: 'queued', provider: 'twilio' });
    expect(twilio.requests.at(-1)).toEqual({
      path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
      username: ACCOUNT_SID,
      password: OTHER_TOKEN,
      form: {
        To: '+13055550177',
        From: '+17865550100',
        Body: 'Hello from Other Agency',
        StatusCallback: `${BASE}/api/texting/status/${otherCompanyId}`,
      },
    });
    const [row] = await t.db
      .select()
      .from(textMessages)
      .where(eq(textMessages.id, sent.body.data.message.id));
    const status = (MessageStatus: string, token = OTHER_TOKEN) =>
      webhook(
        'status',
        otherCompanyId,
        { MessageSid: String(row.provider_message_id), MessageStatus },
        token,
      );
    expect((await status('delivered', SINK_TOKEN)).statusCode).toBe(403);
    expect((await status('delivered')).statusCode).toBe(200);
    expect((await status('sent')).statusCode).toBe(200);
    const thread = await call(otherAgentKey, 'get-conversation', {
      conversation_id: sent.body.data.conversation_id,
    });
    expect(thread.body.data.messages.at(-1).status).toBe('delivered');
    // The company with a provider takes inbound posts signed with its auth token only.
    expect((await inbound(otherCompanyId, '+13055550177', 'sink-signed')).statusCode).toBe(403);
    expect((await inbound(otherCompanyId, '+13055550177', 'Thanks!', OTHER_TOKEN)).statusCode).toBe(200);
  });

  it("stores Twilio's refusal and a timeout as failed, answering a clear message", async () => {
    twilio.mode = {
      kind: 'refuse',
      status: 400,
      code: 21211,
      message: "The 'To' number +13055550177 is not a valid phone number.",
    };
    const refused = await call(otherAgentKey, 'send-message', { to: '+13055550177', body: 'Refused' });
    expect(refused.statusCode).toBe(502);
    expect(refused.body.message).toBe(
      "The SMS provider refused the message: The 'To' number +13055550177 is not a valid phone number. (code 21211)",
    );
    expect(refused.body.data.message).toMatchObject({ status: 'failed', error: refused.body.message });

    twilio.mode = { kind: 'slow', delayMs: 1500 };
    const started = Date.now();
    const slow = await call(otherAgentKey, 'send-message', { to: '+13055550177', body: 'Slow' });
    expect(Date.now() - started).toBeLessThan(1400);
    expect(slow.statusCode).toBe(502);
    expect(slow.body.message).toMatch(/did not answer within/);
    twilio.mode = { kind: 'accept' };
    const failed = await t.db.select().from(textMessages).where(eq(textMessages.status, 'failed'));
    expect(failed.map((message) => message.body).sort()).toEqual(['Refused', 'Slow']);
  });

  it('shows a message a crash left `sending` as failed once no send could still be running', async () => {
    // A send outlives neither the provider timeout (300 ms here) nor the margin after it.
    const cutShortAt = new Date(Date.now() - 300 - INTERRUPTED_AFTER_TIMEOUT_MARGIN_MS - 5_000);
    const [cutShort] = await t.db
      .insert(textMessages)
      .values({
        conversation_id: conversationId,
        company_id: companyId,
        direction: 'outbound',
        body: 'Cut short by a crash',
        status: 'sending',
        provider: 'sink',
        created_at: cutShortAt,
        updated_at: cutShortAt,
      })
      .returning();
    await t.db
      .update(textConversations)
      .set({ last_message_at: cutShortAt })
      .where(eq(textConversations.id, conversationId));
    const listed = await call(agentKey, 'list-conversations');
    expect(
      listed.body.data.conversations.find((row: { id: number }) => row.id === conversationId).last_status,
    ).toBe('failed');
    const [inFlight] = await t.db
      .insert(textMessages)
      .values({
        conversation_id: conversationId,
        company_id: companyId,
        direction: 'outbound',
        body: 'Still with the provider',
        status: 'sending',
        provider: 'sink',
      })
      .returning();
    const opened = await call(agentKey, 'get-conversation', { conversation_id: conversationId });
    const shown = (id: number) =>
      opened.body.data.messages.find((message: { id: number }) => message.id === id);
    expect(shown(cutShort.id)).toMatchObject({ status: 'failed', error: INTERRUPTED_SEND_MESSAGE });
    expect(shown(inFlight.id)).toMatchObject({ status: 'sending', error: null });
    // Shown, not stored: a late status callback of the provider still moves the row forward.
    const [stored] = await t.db.select().from(textMessages).where(eq(textMessages.id, cutShort.id));
    expect(stored.status).toBe('sending');
    await t.db.delete(textMessages).where(inArray(textMessages.id, [cutShort.id, inFlight.id]));
  });

  it("streams a new inbound message to the company's workers and not to another company's", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const open = async (key: string) => {
      const response = await fetch(`${origin}/api/texting/events?session_key=${encodeURIComponent(key)}`);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      return {
        /** Reads until `pattern` shows in the stream, or gives up after `ms`. */
        async until(pattern: RegExp, ms: number) {
          const deadline = Date.now() + ms;
          while (!pattern.test(text) && Date.now() < deadline) {
            const chunk = await Promise.race([
              reader.read(),
              new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
            ]);
            if (chunk === null || chunk.done) break;
            text += new TextDecoder().decode(chunk.value);
          }
          return text;
        },
        close: () => reader.cancel(),
      };
    };
    const mine = await open(agentKey);
    const theirs = await open(otherAgentKey);
    await mine.until(/: connected/, 2000);
    await theirs.until(/: connected/, 2000);
    expect((await inbound(companyId, '+13055550142', 'Live message')).statusCode).toBe(200);
    const text = await mine.until(/event: text-message\n.*\ndata: .*"is_new":true/, 3000);
    const data = JSON.parse(
      /event: text-message\nid: \d+\ndata: (.*)\n/.exec(text.split(': connected')[1])?.[1] ?? '{}',
    );
    expect(data).toMatchObject({ conversation_id: conversationId, direction: 'inbound', status: 'received' });
    expect(await theirs.until(/event: text-message/, 500)).not.toMatch(
      new RegExp(`"conversation_id":${conversationId},`),
    );
    await mine.close();
    await theirs.close();
    const refused = await fetch(
      `${origin}/api/texting/events?session_key=${await t.loginAs('customer@demo.test')}`,
    );
    expect(refused.status).toBe(403);
  });
});
