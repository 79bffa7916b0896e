/**
 * The texting console (issue 14, SPEC §2 /dashboard/texto): a company's conversations with
 * client phone numbers, each linked to that client's application when one matches; sending with
 * a stored SMS template (rendered with its short codes) or free text through the company's SMS
 * provider, or the local sink when none is set; inbound messages and delivery statuses from the
 * provider's signed webhooks. Every worker of a company shares its conversations; a super-admin
 * sees every company's. docs/decisions/210-texting-conversations-and-messages.md .. 214.
 */
import type { Executor } from '../db/database.ts';
import type { CompanyRow, TextMessageRow, TextStatus } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { INTERRUPTED_SEND_MESSAGE } from '../messaging/interrupted-send.ts';
import { renderTemplate, TemplateRenderError } from '../messaging/render-template.ts';
import { shortCodeValues } from '../messaging/short-code-values.ts';
import { displayPhone, toE164 } from '../messaging/sms/phone-number.ts';
import { type SmsChannel, SmsSendError } from '../messaging/sms/sms-channel.ts';
import type { SmsSink } from '../messaging/sms/sms-sink.ts';
import type { TextingConfig } from '../messaging/sms/texting-config.ts';
import { verifyTwilioSignature } from '../messaging/sms/twilio-signature.ts';
import { twilioSmsChannel } from '../messaging/sms/twilio-sms-channel.ts';
import { findCompanyWithExtras } from '../repositories/companies-repository.ts';
import { findShortCodeSubject } from '../repositories/short-code-subject-repository.ts';
import {
  applyDeliveryStatus,
  findApplicationForPhone,
  findConversation,
  insertMessage,
  type ListedConversation,
  listConversations,
  listMessages,
  markConversationRead,
  settleMessage,
  type TextingScope,
  upsertConversation,
} from '../repositories/texting-repository.ts';
import { findUserRecord } from '../repositories/users-repository.ts';
import { CHOOSE_A_COMPANY } from './account-access.ts';
import type { Actor } from './actor.ts';
import { applicationReference } from './application-reference.ts';
import { newOutboxEntry, type OutboxWrite } from './outbox-entry.ts';
import { FORBIDDEN_MESSAGE } from './owned-application.ts';
import { companySmsProvider } from './portal-settings/sms-provider-settings.ts';
import { quoteLink } from './quote-view-service.ts';

export const CONVERSATION_NOT_FOUND = 'No such conversation.';
export const TEMPLATE_NOT_FOUND = 'No such SMS template.';
export const NO_SMS_PROVIDER =
  'No SMS provider is set up for the agency: an admin sets one in the messaging console.';
export const EMPTY_MESSAGE = 'Write a message or choose a template.';
export const INVALID_SIGNATURE = 'Invalid signature.';
export const INVALID_PHONE = 'Invalid Phone number!';
/** Twilio's limit for one message body, in characters. */
export const MAX_SMS_LENGTH = 1600;
/** The sending number the sink shows (Twilio's test number that always succeeds). */
export const SINK_FROM_NUMBER = '+15005550006';

/** What the texting services need besides the database. */
export interface TextingDeps {
  config: TextingConfig;
  /** The portal's origin (PUBLIC_BASE_URL): webhook URLs are signed with it, links use it. */
  publicBaseUrl: string;
  sink: SmsSink;
}

function scopeOf(actor: Actor): TextingScope {
  if (actor.role === 'super-admin') return { kind: 'all' };
  if (actor.role === 'customer') throw new ApiError(403, FORBIDDEN_MESSAGE);
  return actor.companyId === null ? { kind: 'none' } : { kind: 'company', companyId: actor.companyId };
}

const origin = (deps: TextingDeps) => deps.publicBaseUrl.replace(/\/+$/, '');

/** The URL the provider posts inbound messages of `companyId` to (what Twilio signs). */
export const inboundUrl = (deps: TextingDeps, companyId: number) =>
  `${origin(deps)}/api/texting/inbound/${companyId}`;
/** The URL the provider posts delivery statuses of `companyId` to. */
export const statusUrl = (deps: TextingDeps, companyId: number) =>
  `${origin(deps)}/api/texting/status/${companyId}`;

/**
 * A conversation as answered; with `sentBefore` (interruptedBefore of the provider's timeout), a
 * last message still `sending` from before it is shown `failed`, as messageView shows it.
 */
function conversationView(
  row: Omit<ListedConversation, 'last_body' | 'last_direction' | 'last_status' | 'unread_count'> &
    Partial<ListedConversation>,
  sentBefore?: Date,
) {
  return {
    id: row.id,
    company_id: row.company_id,
    client_phone: row.client_phone,
    client_phone_display: displayPhone(row.client_phone),
    client_name: row.client_name,
    application_id: row.application_id,
    application_reference: row.application_id === null ? null : applicationReference(row.application_id),
    last_message_at: row.last_message_at.toISOString(),
    last_body: row.last_body ?? null,
    last_direction: row.last_direction ?? null,
    last_status:
      row.last_status === 'sending' && sentBefore !== undefined && row.last_message_at < sentBefore
        ? 'failed'
        : (row.last_status ?? null),
    unread_count: row.unread_count ?? 0,
  };
}

/**
 * A message as answered (the provider's id stays on the server). With `sentBefore`
 * (interruptedBefore of the provider's timeout), a message still `sending` from before it was cut
 * short by a crash or restart and is shown `failed` with INTERRUPTED_SEND_MESSAGE; the stored row
 * stays as it is, so a late status callback of the provider still moves it forward.
 */
function messageView(row: TextMessageRow, sentBefore?: Date) {
  const interrupted = row.status === 'sending' && sentBefore !== undefined && row.created_at < sentBefore;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    direction: row.direction,
    body: row.body,
    status: interrupted ? 'failed' : row.status,
    error: interrupted ? INTERRUPTED_SEND_MESSAGE : row.error,
    provider: row.provider,
    sent_by: row.sent_by,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * `{conversations, unread_total}` the caller sees, newest first, matching `search`; a last message
 * still `sending` from before `sentBefore` shows `failed` (messageView).
 */
export async function listConversationsFor(db: Executor, actor: Actor, search = '', sentBefore?: Date) {
  const rows = await listConversations(db, scopeOf(actor), search);
  return {
    conversations: rows.map((row) => conversationView(row, sentBefore)),
    unread_total: rows.reduce((sum, row) => sum + row.unread_count, 0),
  };
}

/** The SMS templates of a company, for the composer's picker. */
function smsTemplatesOf(company: CompanyRow | undefined): { id: number; name: string; body: string }[] {
  const settings = (company?.settings ?? {}) as {
    sms_templates?: { id: number; name: string; body: string }[];
  };
  return (settings.sms_templates ?? []).map(({ id, name, body }) => ({ id, name, body }));
}

/**
 * `{conversation, messages, templates}` of a conversation the caller sees (404 otherwise); its
 * unread inbound messages are marked read. Messages still `sending` from before `sentBefore` show
 * `failed` (messageView).
 */
export async function openConversation(db: Executor, actor: Actor, id: number, sentBefore?: Date) {
  const conversation = await findConversation(db, id, scopeOf(actor));
  if (!conversation) throw new ApiError(404, CONVERSATION_NOT_FOUND);
  await markConversationRead(db, id);
  const company = await findCompanyWithExtras(db, conversation.company_id);
  return {
    conversation: conversationView(conversation, sentBefore),
    messages: (await listMessages(db, id)).map((row) => messageView(row, sentBefore)),
    templates: smsTemplatesOf(company?.company),
  };
}

/** The channel and sending number of a company: its provider, else the sink when allowed; 422 otherwise. */
function channelFor(deps: TextingDeps, company: CompanyRow): { channel: SmsChannel; from: string } {
  const provider = companySmsProvider(company);
  if (provider) {
    return {
      channel: twilioSmsChannel({
        accountSid: provider.account_sid,
        authToken: provider.auth_token,
        baseUrl: deps.config.twilioBaseUrl,
        timeoutMs: deps.config.providerTimeoutMs,
        statusCallbackUrl: statusUrl(deps, company.id),
      }),
      from: provider.from_number,
    };
  }
  if (deps.config.sink) return { channel: deps.sink, from: SINK_FROM_NUMBER };
  throw new ApiError(422, NO_SMS_PROVIDER);
}

/** What texting/send-message takes: a conversation or a new number, and a template or text. */
export interface SendInput {
  conversation_id?: number;
  to?: string;
  application_id?: number;
  template_id?: number;
  body?: string;
}

/** The conversation a send goes to: the one named, or the caller's company's with `to` (created when new). */
async function conversationFor(db: Executor, actor: Actor, input: SendInput) {
  const scope = scopeOf(actor);
  if (input.conversation_id !== undefined) {
    const found = await findConversation(db, input.conversation_id, scope);
    if (!found) throw new ApiError(404, CONVERSATION_NOT_FOUND);
    return found;
  }
  const to = toE164(input.to ?? '');
  if (!to) throw new ApiError(400, INVALID_PHONE, { to: INVALID_PHONE });
  if (actor.companyId === null) throw new ApiError(422, CHOOSE_A_COMPANY);
  let applicationId = input.application_id ?? null;
  if (applicationId !== null && !(await findShortCodeSubject(db, applicationId, actor.companyId))) {
    throw new ApiError(404, 'No such application.');
  }
  applicationId ??= await findApplicationForPhone(db, actor.companyId, to);
  const row = await upsertConversation(db, actor.companyId, to, applicationId);
  return { ...row, client_name: null };
}

/** The text to send: the template rendered for the conversation's application, or the typed text. */
async function textToSend(
  db: Executor,
  actor: Actor,
  deps: TextingDeps,
  company: CompanyRow,
  applicationId: number | null,
  input: SendInput,
): Promise<string> {
  let text = input.body ?? '';
  if (input.template_id !== undefined) {
    const template = smsTemplatesOf(company).find((entry) => entry.id === input.template_id);
    if (!template) throw new ApiError(404, TEMPLATE_NOT_FOUND);
    const subject = applicationId === null ? null : await findShortCodeSubject(db, applicationId, company.id);
    const sender = await findUserRecord(db, actor.userId);
    const values = shortCodeValues(
      subject?.application ?? null,
      {
        agentName: subject?.agentName ?? sender?.user.name ?? null,
        agentPhone: subject?.agentPhone ?? sender?.user.phone ?? null,
        companyName: company.name,
      },
      await quoteLink(db, subject?.application ?? null, deps.publicBaseUrl),
      subject?.quotes,
    );
    try {
      text = renderTemplate(template.body, values);
    } catch (error) {
      if (error instanceof TemplateRenderError) throw new ApiError(422, error.message);
      throw error;
    }
  }
  text = text.trim();
  if (text === '') throw new ApiError(400, EMPTY_MESSAGE, { body: EMPTY_MESSAGE });
  if (text.length > MAX_SMS_LENGTH) {
    const message = `A text message holds at most ${MAX_SMS_LENGTH} characters.`;
    throw new ApiError(400, message, { body: message });
  }
  return text;
}

/** Twilio's delivery statuses as stored (text_messages.status); null for ones of inbound messages. */
function storedStatus(providerStatus: string): TextStatus | null {
  switch (providerStatus) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
      return 'queued';
    case 'sending':
      return 'sending';
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}

/**
 * Sends a text in a conversation (or to a new number) and answers `{conversation_id, message}`.
 * The message is stored as `sending` before the provider is asked, then settled with the
 * provider's status; a provider refusal, timeout or network failure is stored as `failed` with
 * its reason and answered 502 with that reason (the failed message in `data`). 404 for a
 * conversation, application or template the caller does not see; 400 for an empty or too long text
 * or a bad number; 422 when no provider is set and the sink is off.
 */
export async function sendTextMessage(db: Executor, deps: TextingDeps, actor: Actor, input: SendInput) {
  const conversation = await conversationFor(db, actor, input);
  const entry = await findCompanyWithExtras(db, conversation.company_id);
  if (!entry) throw new ApiError(404, CONVERSATION_NOT_FOUND);
  const body = await textToSend(db, actor, deps, entry.company, conversation.application_id, input);
  const outbox = newOutboxEntry({
    company_id: conversation.company_id,
    application_id: conversation.application_id,
    channel: 'sms',
    template_key: 'texting_console',
    recipient: conversation.client_phone,
    subject: null,
    body,
    triggered_by: actor.userId,
  });
  const { message, error } = await deliverText(db, deps, entry.company, conversation, body, actor.userId, {
    outbox,
  });
  if (error === null) return { conversation_id: conversation.id, message };
  throw new ApiError(502, error, null, { conversation_id: conversation.id, message });
}

/**
 * Called with the stored message's id in the transaction that stores it, before the provider is
 * asked: the caller links the message to its own record (the auto-send job's progress).
 */
export type OnTextStored = (tx: Executor, messageId: number) => Promise<void>;

/** What a send does besides sending: link the stored message, write the outbox row. */
export interface DeliveryHooks {
  onStored?: OnTextStored;
  /** Called with the outcome in the transaction that settles the message (issue 43). */
  outbox?: OutboxWrite;
}

/**
 * Stores `body` as an outbound message of `conversation` (`sending`; `onStored` in the same
 * transaction), asks the company's channel and settles it with the provider's status, or as
 * `failed` with the provider's reason, which is then answered as `error` (null when sent); the
 * outbox row is written with the settlement. Throws 422 NO_SMS_PROVIDER when there is no channel,
 * and errors that are not the provider's (a database failure).
 */
async function deliverText(
  db: Executor,
  deps: TextingDeps,
  company: CompanyRow,
  conversation: { id: number; company_id: number; client_phone: string },
  body: string,
  sentBy: number | null,
  { onStored, outbox }: DeliveryHooks = {},
): Promise<{ message: ReturnType<typeof messageView>; error: string | null }> {
  const { channel, from } = channelFor(deps, company);
  const stored = await db.transaction(async (tx) => {
    const row = await insertMessage(tx, {
      conversation_id: conversation.id,
      company_id: conversation.company_id,
      direction: 'outbound',
      body,
      status: 'sending',
      provider: channel.name,
      sent_by: sentBy,
    });
    if (row) await onStored?.(tx, row.id);
    return row;
  });
  if (!stored) throw new Error('outbound message not stored');
  const settle = (patch: Parameters<typeof settleMessage>[2]) =>
    db.transaction(async (tx) => {
      const message = await settleMessage(tx, stored.id, patch);
      await outbox?.(tx, {
        status: patch.status === 'failed' ? 'failed' : 'sent',
        error: patch.error ?? null,
      });
      return message;
    });
  try {
    const sent = await channel.sendSms({ to: conversation.client_phone, from, body });
    const message = await settle({
      status: storedStatus(sent.status) ?? 'queued',
      provider_message_id: sent.providerMessageId,
    });
    return { message: messageView(message), error: null };
  } catch (error) {
    const reason = error instanceof SmsSendError ? error.message : 'The message could not be sent.';
    const message = await settle({ status: 'failed', error: reason });
    if (!(error instanceof SmsSendError)) throw error;
    return { message: messageView(message), error: reason };
  }
}

/**
 * Sends a text the product writes itself (an automatic message of issue 14, or an outbox resend
 * of issue 43) to `to` (E.164) in that number's conversation of the company, linked to
 * `applicationId` when given: the message shows in the texting console like an agent's, without
 * a sender. `hooks` as deliverText's; with no provider and no sink, the outbox write gets that
 * failure. Answers null when sent, else the reason it failed.
 */
export async function sendAutomaticText(
  db: Executor,
  deps: TextingDeps,
  company: CompanyRow,
  applicationId: number | null,
  to: string,
  body: string,
  hooks: DeliveryHooks = {},
): Promise<string | null> {
  try {
    const conversation = await upsertConversation(db, company.id, to, applicationId);
    return (await deliverText(db, deps, company, conversation, body, null, hooks)).error;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await hooks.outbox?.(db, { status: 'failed', error: error.message });
    return error.message;
  }
}

/** The token a company's webhooks are signed with: its provider's auth token, else the sink's. */
function signingToken(
  deps: TextingDeps,
  company: CompanyRow,
): { token: string | null; provider: 'twilio' | 'sink' } {
  const provider = companySmsProvider(company);
  if (provider) return { token: provider.auth_token, provider: 'twilio' };
  return { token: deps.config.sink ? deps.config.sinkAuthToken : null, provider: 'sink' };
}

/** The provider's two webhooks: incoming messages and delivery statuses. */
export type WebhookKind = 'inbound' | 'status';

/**
 * The provider of `companyId` when `signature` is Twilio's signature of `params` posted to that
 * company's `kind` webhook URL, with its auth token (or, on the sink, the sink's token); throws
 * 403 `Invalid signature.` otherwise, for an unknown company and for one without a token.
 */
export async function verifyWebhook(
  db: Executor,
  deps: TextingDeps,
  kind: WebhookKind,
  companyId: number,
  signature: string | undefined,
  params: Record<string, string>,
): Promise<'twilio' | 'sink'> {
  const entry = await findCompanyWithExtras(db, companyId);
  if (!entry) throw new ApiError(403, INVALID_SIGNATURE);
  const { token, provider } = signingToken(deps, entry.company);
  const url = kind === 'inbound' ? inboundUrl(deps, companyId) : statusUrl(deps, companyId);
  if (!token || !verifyTwilioSignature(token, signature, url, params)) {
    throw new ApiError(403, INVALID_SIGNATURE);
  }
  return provider;
}

/**
 * An inbound message posted by the provider in Twilio's shape (From, To, Body, MessageSid),
 * its signature verified (verifyWebhook): the sender's conversation found or created (linked to
 * their application) and the message stored once per MessageSid. 400 when From is no phone number.
 */
export async function receiveInboundMessage(
  db: Executor,
  companyId: number,
  provider: 'twilio' | 'sink',
  params: Record<string, string>,
): Promise<void> {
  const from = toE164(params.From ?? '');
  if (!from) throw new ApiError(400, INVALID_PHONE, { From: INVALID_PHONE });
  await db.transaction(async (tx) => {
    const conversation = await upsertConversation(
      tx,
      companyId,
      from,
      await findApplicationForPhone(tx, companyId, from),
    );
    await insertMessage(tx, {
      conversation_id: conversation.id,
      company_id: companyId,
      direction: 'inbound',
      body: params.Body ?? '',
      status: 'received',
      provider,
      provider_message_id: params.MessageSid,
    });
  });
}

/**
 * A delivery status posted by the provider (MessageSid, MessageStatus, ErrorCode), its signature
 * verified (verifyWebhook): the company's message with that id takes the status unless it would move
 * back (a late `sent` after `delivered`). Unknown ids and statuses are accepted and ignored.
 */
export async function receiveDeliveryStatus(
  db: Executor,
  companyId: number,
  provider: 'twilio' | 'sink',
  params: Record<string, string>,
): Promise<void> {
  const status = storedStatus(params.MessageStatus ?? '');
  if (!status) return;
  const error =
    status === 'failed' || status === 'undelivered'
      ? `The carrier did not deliver the message${params.ErrorCode ? ` (error ${params.ErrorCode})` : ''}.`
      : null;
  await applyDeliveryStatus(db, companyId, provider, params.MessageSid, status, error);
}
