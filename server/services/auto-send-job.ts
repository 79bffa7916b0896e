/**
 * The `auto-send` job (issue 14): the automatic e-mail and SMS to the client of an application,
 * from the templates of the company's auto-send settings, for two events of one launch
 * (docs/decisions/252-auto-send-events-and-notes.md):
 * - `complete`: queued in the transaction that completes the quoting;
 * - `timeout`: queued with the launch, due `after_minutes` later (half as long while quote rush
 *   is on, docs/decisions/253-quote-rush-halves-the-follow-up.md); sent only if some carrier has
 *   still not answered then: the launch is not complete, or a manual or SOV quote is pending
 *   (docs/decisions/760-follow-up-waits-for-every-carrier.md).
 * With `working_hours_only`, nothing is sent outside the agency's working hours: the job is due
 * at, or put back to, the next opening (docs/decisions/251-auto-send-working-hours.md).
 * Each channel's outcome writes an alert note (SPEC §3 Note; colour from alert-colours.json).
 * A client who is a portal user (the application's `client_user_id`) decides by their own
 * settings: e-mail notifications off, no e-mail; SMS notifications off (the default), no SMS; each
 * channel not sent writes a plain note saying so (docs/decisions/332-notification-settings-decide.md).
 * At most once per application, event and launch (docs/decisions/254-auto-send-at-most-once.md):
 * the dedupe key makes one job; the job records `sending` before each send and the outcome with
 * its note in one transaction; a channel found `sending` after a crash is never sent again, and
 * its SMS in the texting console (linked by id in the progress) is settled `failed` with the note.
 */
import { placeholders } from '../../schemas/schema-set.ts';
import type { Executor } from '../db/database.ts';
import type { ApplicationRow, CompanyRow, JobRow, NotePayload } from '../db/schema.ts';
import type { JobHandler } from '../jobs/job-handler.ts';
import { RetryLater } from '../jobs/retry-later.ts';
import type { Mailer } from '../mail/mailer.ts';
import { INTERRUPTED_SEND_MESSAGE } from '../messaging/interrupted-send.ts';
import { renderTemplate } from '../messaging/render-template.ts';
import { shortCodeValues } from '../messaging/short-code-values.ts';
import { toE164 } from '../messaging/sms/phone-number.ts';
import { findAccountByUserId } from '../repositories/accounts-repository.ts';
import { findApplication } from '../repositories/applications-repository.ts';
import { companySettingsOf, findCompanyWithExtras } from '../repositories/companies-repository.ts';
import { enqueueJob, setJobProgress } from '../repositories/jobs-repository.ts';
import { insertNote } from '../repositories/notes-repository.ts';
import { pendingQuoteCount } from '../repositories/quotes-repository.ts';
import { findShortCodeSubject } from '../repositories/short-code-subject-repository.ts';
import { settleMessage } from '../repositories/texting-repository.ts';
import { nextWorkingMoment, workingHoursIn } from './is-it-working-hour.ts';
import { newOutboxEntry, type OutboxTemplateKey, type OutboxWrite, sendErrorText } from './outbox-entry.ts';
import { companyAutoSend } from './portal-settings/auto-send-settings.ts';
import { companyTimezone } from './portal-settings/global-settings.ts';
import { companySmtp } from './portal-settings/smtp-settings.ts';
import type { AutoSendSettings, StoredSettings } from './portal-settings/stored-settings.ts';
import { quoteLink } from './quote-view-service.ts';
import { type OnTextStored, sendAutomaticText, type TextingDeps } from './texting-service.ts';
import { userSettingsOf } from './user-settings.ts';

/** The job kind's name in server/jobs/job-kinds.ts. */
export const AUTO_SEND_KIND = 'auto-send';
/** Claims of one job at most: working-hour deferrals and crashes count as claims. */
export const AUTO_SEND_MAX_ATTEMPTS = 10;

export type AutoSendEvent = 'complete' | 'timeout';
type Channel = 'email' | 'sms';
/** A channel's state in the job's progress; absent until its send starts; `off`: the client turned it off. */
type ChannelState = 'sending' | 'sent' | 'failed' | 'off';
/**
 * The job's progress: each channel's state and, once the SMS is stored in the texting console
 * (in the transaction that stores it), that message's id, so a send a crash interrupted settles it.
 */
type AutoSendProgress = Partial<Record<Channel, ChannelState>> & { sms_message_id?: number };

/**
 * The note `sent_by` of each event and channel (SPEC §3 Note; schemas/constants/alert-colours.json),
 * also the messages' outbox template keys (issue 43).
 */
export const AUTO_SEND_NOTE_SENDERS: Record<AutoSendEvent, Record<Channel, OutboxTemplateKey>> = {
  complete: { email: 'status_changed_complete_job_email', sms: 'auto_sent_quote_complete' },
  timeout: { email: 'timeout_job_email', sms: 'timeout_job_sms' },
};

/** What the handler needs besides the database: the mailer, the texting channel and a clock. */
export interface AutoSendDeps {
  mailer: Mailer;
  texting: TextingDeps;
  /** The current time (tests fix it); default the system clock. */
  now?: () => Date;
}

/** The job's payload: the application, the event and the launch it belongs to (ISO time). */
interface AutoSendPayload {
  application_id: number;
  event: AutoSendEvent;
  launched_at: string;
}

/** The follow-up delay in ms: `after_minutes`, halved while quote rush is on. */
export function followUpDelayMs(autoSend: AutoSendSettings, quoteRushOn: boolean): number {
  return (autoSend.timeout.after_minutes * 60_000) / (quoteRushOn ? 2 : 1);
}

/**
 * Queues the `event` auto-send of `row` (as the caller's transaction just wrote it: completed, or
 * launched) when the company's settings name a template for it; returns the job (the existing one
 * when this launch's event was already queued), or null when nothing is to be sent. `now` is the
 * event's time.
 */
export async function enqueueAutoSend(
  db: Executor,
  row: ApplicationRow,
  event: AutoSendEvent,
  now: Date = new Date(),
): Promise<JobRow | null> {
  const settings = await companySettingsOf(db, row.company_id);
  const autoSend = companyAutoSend(settings);
  const templates = autoSend[event];
  if (!row.launched_at || (templates.email_template_id === null && templates.sms_template_id === null)) {
    return null;
  }
  const quoteRushOn = (settings as StoredSettings | null)?.quote_rush?.enabled === true;
  let due =
    event === 'complete' ? now : new Date(row.launched_at.getTime() + followUpDelayMs(autoSend, quoteRushOn));
  if (autoSend.working_hours_only) due = nextWorkingMoment(due, workingHoursIn(companyTimezone(settings)));
  const payload: AutoSendPayload = {
    application_id: row.id,
    event,
    launched_at: row.launched_at.toISOString(),
  };
  return enqueueJob(db, {
    kind: AUTO_SEND_KIND,
    payload: { ...payload },
    companyId: row.company_id,
    runAfter: due,
    maxAttempts: AUTO_SEND_MAX_ATTEMPTS,
    dedupeKey: `${AUTO_SEND_KIND}:${event}:${row.id}:${payload.launched_at}`,
  });
}

/** The client's e-mail address, or null when it is missing, the placeholder or no address. */
function clientEmail(doc: Record<string, unknown>): string | null {
  const email = typeof doc.email === 'string' ? doc.email.trim() : '';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email !== placeholders.email ? email : null;
}

/** The client's phone in E.164, or null when it is missing, the placeholder or no number. */
function clientPhone(doc: Record<string, unknown>): string | null {
  const phone = typeof doc.phone === 'string' ? doc.phone : '';
  return phone === placeholders.phone ? null : toE164(phone);
}

/**
 * What one channel's send ended as, and the note's text; an e-mail that was tried carries its
 * outbox row's write, made with the note (a text's is made with its text message).
 */
interface Outcome {
  status: 'sent' | 'failed';
  message: string;
  outbox?: { write: OutboxWrite; error: string | null };
}

const CHANNEL_WORDS: Record<Channel, string> = { email: 'e-mail', sms: 'text message' };

/** The setting of SPEC §3 user_settings that lets each channel reach a user. */
const CHANNEL_SETTINGS = { email: 'email_notifications', sms: 'sms_notifications' } as const;
const SETTING_WORDS: Record<Channel, string> = { email: 'e-mail', sms: 'SMS' };

/** The note's words for an event's message on a channel: 'Quotes e-mail', 'Follow-up text message'. */
function messageName(event: AutoSendEvent, channel: Channel): string {
  return `${event === 'complete' ? 'Quotes' : 'Follow-up'} ${CHANNEL_WORDS[channel]}`;
}

/**
 * The channels the application's client turned off: none when the client is no portal user
 * (no `client_user_id`: the agency's templates decide alone), else those whose notification
 * setting is false (user-settings.ts defaults: e-mail on, SMS off).
 */
async function channelsTurnedOff(db: Executor, app: ApplicationRow): Promise<Set<Channel>> {
  if (app.client_user_id === null) return new Set();
  const client = await findAccountByUserId(db, app.client_user_id);
  if (!client) return new Set();
  const settings = userSettingsOf(client.user.settings);
  return new Set((['email', 'sms'] as const).filter((channel) => !settings[CHANNEL_SETTINGS[channel]]));
}

/** The plain note (not an alert) of a channel the client turned off. */
function turnedOffNote(event: AutoSendEvent, channel: Channel): NotePayload {
  return {
    is_alert: false,
    is_active: true,
    sent_by: AUTO_SEND_NOTE_SENDERS[event][channel],
    status: 'not_sent',
    message: `${messageName(event, channel)} not sent: the client turned off ${SETTING_WORDS[channel]} notifications.`,
  };
}

/**
 * Renders the channel's template for the application and sends it (`onTextStored` as
 * sendAutomaticText's); never throws for a send failure.
 */
async function sendChannel(
  db: Executor,
  deps: AutoSendDeps,
  company: CompanyRow,
  app: ApplicationRow,
  event: AutoSendEvent,
  channel: Channel,
  template: Record<string, unknown>,
  onTextStored: OnTextStored,
): Promise<Outcome> {
  const what = messageName(event, channel);
  const subject = await findShortCodeSubject(db, app.id, company.id);
  const values = shortCodeValues(
    subject?.application ?? null,
    { agentName: subject?.agentName ?? null, agentPhone: subject?.agentPhone, companyName: company.name },
    await quoteLink(
      db,
      subject?.application ?? null,
      deps.texting.publicBaseUrl,
      (deps.now ?? (() => new Date()))(),
    ),
    subject?.quotes,
  );
  const to = channel === 'email' ? clientEmail(app.useable_details) : clientPhone(app.useable_details);
  if (!to) {
    const missing = channel === 'email' ? 'e-mail address' : 'phone number';
    return { status: 'failed', message: `${what} not sent: the client has no ${missing}.` };
  }
  const entry = (subjectLine: string | null, body: string) =>
    newOutboxEntry({
      company_id: company.id,
      application_id: app.id,
      channel,
      template_key: AUTO_SEND_NOTE_SENDERS[event][channel],
      recipient: to,
      subject: subjectLine,
      body,
      triggered_by: null,
    });
  let mail: { subject: string; body: string } | null = null;
  try {
    const body = renderTemplate(String(template.body), values);
    if (channel === 'email') {
      mail = { subject: renderTemplate(String(template.subject ?? ''), values), body };
      await deps.mailer.send({ to, subject: mail.subject, text: body }, companySmtp(company));
    } else {
      const error = await sendAutomaticText(db, deps.texting, company, app.id, to, body, {
        onStored: onTextStored,
        outbox: entry(null, body),
      });
      if (error !== null) return { status: 'failed', message: `${what} to ${to} failed: ${error}` };
    }
    const outbox = mail ? { write: entry(mail.subject, mail.body), error: null } : undefined;
    return { status: 'sent', message: `${what} sent to ${to}.`, outbox };
  } catch (error) {
    const reason = sendErrorText(error);
    // An e-mail rendered and refused is resendable; a template that does not render is not.
    const outbox = mail ? { write: entry(mail.subject, mail.body), error: reason } : undefined;
    return { status: 'failed', message: `${what} to ${to} failed: ${reason}`, outbox };
  }
}

/** The alert note of a channel's outcome. */
function notePayload(event: AutoSendEvent, channel: Channel, outcome: Outcome): NotePayload {
  return {
    is_alert: true,
    is_active: true,
    sent_by: AUTO_SEND_NOTE_SENDERS[event][channel],
    status: outcome.status,
    message: outcome.message,
  };
}

/**
 * The auto-send handler over `deps`. Returns the channels' states (`{email: 'sent', ...}`), or
 * `{skipped}` when the launch was reset or relaunched, the follow-up found the quoting complete,
 * or the company cleared the event's templates. Throws RetryLater to the next opening when
 * nothing was sent yet and it is outside working hours.
 */
export function autoSendJob(deps: AutoSendDeps): JobHandler {
  const clock = deps.now ?? (() => new Date());
  return async (job, { db }) => {
    const payload = job.payload as unknown as AutoSendPayload;
    const entry = job.company_id === null ? null : await findCompanyWithExtras(db, job.company_id);
    const app = await findApplication(db, payload.application_id, { kind: 'all' });
    if (!entry || !app || app.launched_at?.toISOString() !== payload.launched_at) {
      return { skipped: 'The application was reset or launched again.' };
    }
    // The follow-up is for a client still waiting: on automatic carriers (still launched) or on
    // the manual and SOV carriers asked, whose quotes take days (ADR 760).
    if (
      payload.event === 'timeout' &&
      app.status !== 'launched' &&
      (await pendingQuoteCount(db, app.id)) === 0
    ) {
      return { skipped: 'The quoting completed before the follow-up.' };
    }
    const company = entry.company;
    const autoSend = companyAutoSend(company.settings);
    const progress: AutoSendProgress = { ...((job.progress ?? {}) as AutoSendProgress) };
    if (autoSend.working_hours_only && Object.keys(progress).length === 0) {
      const now = clock();
      const opening = nextWorkingMoment(now, workingHoursIn(companyTimezone(company.settings)));
      if (opening > now) {
        throw new RetryLater(
          opening.getTime() - now.getTime(),
          'Outside working hours: sent at the next opening.',
        );
      }
    }
    const settings = company.settings as StoredSettings;
    const templates = {
      email: (settings.email_templates ?? []).find((t) => t.id === autoSend[payload.event].email_template_id),
      sms: (settings.sms_templates ?? []).find((t) => t.id === autoSend[payload.event].sms_template_id),
    };
    const workerId = job.locked_by ?? '';
    const turnedOff = await channelsTurnedOff(db, app);
    const lost = () => new Error('The job lease was lost.');
    // A channel's outcome and its note in one transaction, while the job's lease holds.
    const recordOutcome = (
      state: AutoSendProgress,
      note: NotePayload,
      interruptedText?: number,
      outcome?: Outcome,
    ) =>
      db.transaction(async (tx) => {
        if (!(await setJobProgress(tx, job.id, workerId, state))) throw lost();
        await insertNote(tx, app.id, note);
        if (outcome?.outbox)
          await outcome.outbox.write(tx, { status: outcome.status, error: outcome.outbox.error });
        // The texting console's message of an interrupted SMS stops showing `sending`.
        if (interruptedText !== undefined)
          await settleMessage(tx, interruptedText, { status: 'failed', error: INTERRUPTED_SEND_MESSAGE });
      });
    const onTextStored: OnTextStored = async (tx, messageId) => {
      progress.sms_message_id = messageId;
      if (!(await setJobProgress(tx, job.id, workerId, progress))) throw lost();
    };
    for (const channel of ['email', 'sms'] as const) {
      const state = progress[channel];
      const template = templates[channel];
      if (state === 'sent' || state === 'failed' || state === 'off' || (state === undefined && !template))
        continue;
      if (state === undefined && turnedOff.has(channel)) {
        progress[channel] = 'off';
        await recordOutcome(progress, turnedOffNote(payload.event, channel));
        continue;
      }
      if (state === 'sending') {
        progress[channel] = 'failed';
        const interruptedText = channel === 'sms' ? progress.sms_message_id : undefined;
        const outcome: Outcome = { status: 'failed', message: INTERRUPTED_SEND_MESSAGE };
        await recordOutcome(progress, notePayload(payload.event, channel, outcome), interruptedText);
        continue;
      }
      progress[channel] = 'sending';
      if (!(await setJobProgress(db, job.id, workerId, progress))) throw lost();
      const outcome = await sendChannel(
        db,
        deps,
        company,
        app,
        payload.event,
        channel,
        template as Record<string, unknown>,
        onTextStored,
      );
      progress[channel] = outcome.status;
      await recordOutcome(progress, notePayload(payload.event, channel, outcome), undefined, outcome);
    }
    const { sms_message_id: _message, ...outcomes } = progress;
    return Object.keys(outcomes).length ? outcomes : { skipped: 'No template is set for this event.' };
  };
}
