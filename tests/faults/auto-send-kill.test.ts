/**
 * Automatic messages sent at most once (issue 14, docs/decisions/254-auto-send-at-most-once.md):
 * the real server process completes an application and its job worker claims the `complete`
 * auto-send job; the provider of one channel (an SMTP server, then Twilio's REST API, both faked
 * here and holding the request unanswered) has the message when the process is killed with
 * SIGKILL. The restarted server re-claims the job once its lease ran out, never sends the
 * interrupted channel again, sends the channel not started yet, writes the failed note of SPEC §3
 * (orange) for the interrupted one, and leaves neither the job nor the texting console's message
 * `sending`. PGlite (data directory on disk) always; PostgreSQL too with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '../../engine/types.ts';
import { examples } from '../../schemas/schema-set.ts';
import { jobs, textMessages } from '../../server/db/schema.ts';
import { INTERRUPTED_SEND_MESSAGE } from '../../server/messaging/interrupted-send.ts';
import { applicationReference } from '../../server/services/application-reference.ts';
import { AUTO_SEND_KIND } from '../../server/services/auto-send-job.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { DATABASE_KINDS } from '../server/helpers/database-kinds.ts';
import type { LooseData } from '../server/helpers/test-app.ts';
import { createServerDatabase, type ServerDatabase } from './server-database.ts';

const CLIENT_EMAIL = 'maria.alvarez@mail.test';
const CLIENT_PHONE = '+13055550142';
const ACCOUNT_SID = `AC${'1'.repeat(32)}`;
/** Longest wait for the held send, and for the restarted server to settle the job (one 10 s lease). */
const SEND_TIMEOUT_MS = 60_000;
const SETTLE_TIMEOUT_MS = 90_000;
const SENDERS = { email: 'status_changed_complete_job_email', sms: 'auto_sent_quote_complete' } as const;

type Channel = 'email' | 'sms';
/** The start of the templates' text for application `id`: its reference (the link after it is signed, ADR 440). */
const messageOf = (id: number) => `Quotes for ${applicationReference(id)}:`;

/**
 * A fake provider: every message it got (with the text to tell applications apart), and `hold`:
 * while set, the next message is taken but never answered, and `held` resolves with it.
 */
interface HoldingProvider {
  url: string;
  messages: string[];
  hold(): Promise<string>;
  close(): Promise<void>;
}

/** An SMTP server (as the local sink, server/mail/mail-sink.ts) that can hold a DATA unanswered. */
async function holdingSmtp(): Promise<HoldingProvider> {
  const messages: string[] = [];
  let holding: ((raw: string) => void) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push(raw);
        if (holding) {
          holding(raw);
          holding = null;
        } else callback();
      });
    },
  });
  server.on('error', () => {}); // the killed client's socket resets
  const port = await new Promise<number>((resolve) => {
    const listener = server.listen(0, '127.0.0.1', () => {
      const address = listener.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    hold: () => new Promise((resolve) => (holding = resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Twilio's Messages.json (server/messaging/sms/twilio-sms-channel.ts) that can hold a POST unanswered. */
async function holdingTwilio(): Promise<HoldingProvider> {
  const messages: string[] = [];
  const held: ServerResponse[] = [];
  let holding: ((body: string) => void) | null = null;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const text = new URLSearchParams(body).get('Body') ?? '';
      messages.push(text);
      if (holding) {
        held.push(response);
        holding(text);
        holding = null;
        return;
      }
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid: `SM${randomUUID().replace(/-/g, '')}`, status: 'queued' }));
    });
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    hold: () => new Promise((resolve) => (holding = resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The databases' suites run at once, each with its own database, server processes and fake
 * providers: a server start is single-threaded, so the second core starts the other database's
 * server meanwhile, as crash safety does (ADR 560, 611). The kill, restart and checks are as before.
 */
describe.concurrent.each(DATABASE_KINDS)('auto-send killed mid-send on %s', (kind) => {
  let database: ServerDatabase;
  let smtp: HoldingProvider;
  let twilio: HoldingProvider;
  let server: ServerProcess | null = null;
  const start = async () => {
    server = await startServerProcess({
      ...database.env,
      PORTAL_DIR: 'off',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      TWILIO_API_BASE_URL: twilio.url,
    });
    return server;
  };
  const login = async (live: ServerProcess, email: string) => {
    const answer = await live.post('auth/login', { email, password: 'demo1234' });
    expect(answer.statusCode, answer.body.message).toBe(200);
    return answer.body.data.session_key as string;
  };

  beforeAll(async () => {
    database = await createServerDatabase(kind);
    smtp = await holdingSmtp();
    twilio = await holdingTwilio();
  });
  afterAll(async () => {
    // A send may still be held: SIGTERM would wait for it.
    await server?.kill();
    await smtp?.close();
    await twilio?.close();
    await database?.remove();
  });

  it('sends the interrupted channel never again, the other once, and notes the failure', async () => {
    let live = await start();
    const adminKey = await login(live, 'admin@demo.test');
    const agentKey = await login(live, 'agent@demo.test');
    const settings = async (path: string, body: Record<string, unknown>) => {
      const answer = await live.post(`portal-settings/${path}`, { session_key: adminKey, ...body });
      expect(answer.statusCode, answer.body.message).toBe(200);
      return answer.body.data.settings;
    };
    const email = await settings('email-templates/create', {
      item: {
        name: 'Quotes ready',
        subject: 'Your quotes',
        body: 'Quotes for {{application_id}}: {{quote_link}}',
      },
    });
    const sms = await settings('sms-templates/create', {
      item: { name: 'Quotes ready', body: 'Quotes for {{application_id}}: {{quote_link}}' },
    });
    await settings('update-sms-provider', {
      sms_provider: { account_sid: ACCOUNT_SID, auth_token: 'fault-token', from_number: '(786) 555-0100' },
    });
    await settings('update-auto-send', {
      auto_send: {
        working_hours_only: false,
        complete: {
          email_template_id: email.email_templates.at(-1).id,
          sms_template_id: sms.sms_templates.at(-1).id,
        },
        timeout: { email_template_id: null, sms_template_id: null, after_minutes: 60 },
      },
    });

    /**
     * Launches an application on `street`; the send of `channel` is held until the process is
     * killed; restarts and waits for both notes. Answers the application as the API shows it.
     */
    const killedDuring = async (channel: Channel, street: string): Promise<LooseData> => {
      const held = (channel === 'email' ? smtp : twilio).hold();
      const address = `${street}, Miami Beach, FL 33139`;
      const created = await live.post('agent-portal/create-new-application', {
        session_key: agentKey,
        address: {
          searched_address: address,
          address1: street,
          city: 'Miami Beach',
          state: 'FL',
          zip: '33139',
        },
      });
      expect(created.statusCode, created.body.message).toBe(200);
      const id = created.body.data.application.id;
      const launched = await live.post('agent-portal/launch-application', {
        session_key: agentKey,
        application_id: id,
        address_details: structuredClone(examples.primary as Doc),
      });
      expect(launched.statusCode, launched.body.message).toBe(200);
      let timer: NodeJS.Timeout | undefined;
      const taken = await Promise.race([
        held,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no ${channel} reached the provider`)), SEND_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      expect(taken).toContain(messageOf(id));
      await live.kill();

      live = await start();
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      for (;;) {
        const view = await live.post('agent-portal/get-application-by-id', {
          session_key: agentKey,
          application_id: id,
        });
        const app = view.body.data.application;
        const autoNotes = app.notes.filter((note: LooseData) =>
          Object.values(SENDERS).includes(note.payload.sent_by),
        );
        if (autoNotes.length >= 2) return app;
        if (Date.now() > deadline) throw new Error(`auto-send notes of ${id}: ${JSON.stringify(autoNotes)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const notesOf = (app: LooseData) =>
      app.notes
        .filter((note: LooseData) => Object.values(SENDERS).includes(note.payload.sent_by))
        .map((note: LooseData) => [
          note.payload.sent_by,
          note.payload.status,
          note.payload.message,
          note.color,
        ]);
    const sentTo = (provider: HoldingProvider, app: LooseData) =>
      provider.messages.filter((text) => text.includes(messageOf(app.id))).length;

    const first = await killedDuring('email', '301 Kill Mail Rd');
    expect(notesOf(first)).toEqual([
      [SENDERS.email, 'failed', INTERRUPTED_SEND_MESSAGE, 'orange'],
      [SENDERS.sms, 'sent', `Quotes text message sent to ${CLIENT_PHONE}.`, 'orange'],
    ]);
    expect([sentTo(smtp, first), sentTo(twilio, first)]).toEqual([1, 1]);

    const second = await killedDuring('sms', '302 Kill Text Rd');
    expect(notesOf(second)).toEqual([
      [SENDERS.email, 'sent', `Quotes e-mail sent to ${CLIENT_EMAIL}.`, 'orange'],
      [SENDERS.sms, 'failed', INTERRUPTED_SEND_MESSAGE, 'orange'],
    ]);
    expect([sentTo(smtp, second), sentTo(twilio, second)]).toEqual([1, 1]);

    // Nothing left half-done: each job finished with its channels' outcomes, no text `sending`.
    await live.stop();
    server = null;
    const opened = await database.open();
    try {
      const autoJobs = await opened.db.select().from(jobs).where(eq(jobs.kind, AUTO_SEND_KIND));
      const ids = [first.id, second.id];
      expect(
        autoJobs
          .sort((a, b) => a.id - b.id)
          .filter((job) => ids.includes((job.payload as { application_id: number }).application_id))
          .map((job) => [job.status, job.result, job.attempts]),
      ).toEqual([
        ['done', { email: 'failed', sms: 'sent' }, 2],
        ['done', { email: 'sent', sms: 'failed' }, 2],
      ]);
      const texts = await opened.db.select().from(textMessages);
      expect(texts.filter((text) => text.status === 'sending')).toEqual([]);
    } finally {
      await opened.close();
    }
  }, 400_000);
});
