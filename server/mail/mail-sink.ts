/**
 * The development and test SMTP sink (docs/decisions/081-mail-through-smtp-with-a-local-sink.md):
 * an smtp-server on 127.0.0.1 that accepts every message and keeps it in memory, so tests read
 * the password-reset mail exactly as an SMTP server received it.
 */
import { SMTPServer } from 'smtp-server';
import { receivedMessages } from '../messaging/received-messages.ts';
import { type ParsedMail, parseMailMessage } from './parse-mail-message.ts';

/** A message the sink received: envelope recipients, parsed headers and body, the raw text. */
export interface SinkMessage extends ParsedMail {
  envelopeTo: string[];
  raw: string;
  receivedAt: Date;
}

/** A running sink. */
export interface MailSink {
  /** Where nodemailer sends: `smtp://127.0.0.1:<port>`. */
  url: string;
  /** Received messages, oldest first. */
  messages: SinkMessage[];
  /** Resolves with the first message (already received or arriving) matching, or rejects after `timeoutMs`. */
  waitFor(match: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}

/** Most messages kept: the oldest are dropped past this, so a long dev session stays small. */
const MAX_MESSAGES = 500;

/**
 * Starts a sink on 127.0.0.1 at a free port; `onMessage` sees each message (the dev server logs
 * it so a developer can follow a reset link). Rejects when it cannot listen.
 */
export async function startMailSink(onMessage?: (message: SinkMessage) => void): Promise<MailSink> {
  const received = receivedMessages<SinkMessage>(MAX_MESSAGES, 'mail');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message: SinkMessage = {
          ...parseMailMessage(raw),
          envelopeTo: session.envelope.rcptTo.map((address) => address.address),
          raw,
          receivedAt: new Date(),
        };
        received.add(message);
        onMessage?.(message);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    const listener = server.listen(0, '127.0.0.1', () => {
      const address = listener.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: received.messages,
    waitFor: received.waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
