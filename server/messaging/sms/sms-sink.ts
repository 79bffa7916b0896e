/**
 * The local SMS sink (development, demo and tests; docs/decisions/211-sms-channel.md): takes every
 * message, keeps it in memory and, when given a file, appends it there as one JSON line, so a test
 * driving the server as another process reads what was "sent". Used for a company with no SMS
 * provider set; never in production unless SMS_SINK=on.
 */

import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { receivedMessages } from '../received-messages.ts';
import type { SmsChannel, SmsSent, SmsToSend } from './sms-channel.ts';

/** A message the sink took: what was sent, the id it answered, when. */
export interface SinkSms extends SmsToSend {
  providerMessageId: string;
  sentAt: string;
}

/** The sink: a channel, its messages (oldest first) and a wait for one. */
export interface SmsSink extends SmsChannel {
  name: 'sink';
  messages: SinkSms[];
  /** Resolves with the first message (already taken or arriving) matching, or rejects after `timeoutMs`. */
  waitFor(match: (message: SinkSms) => boolean, timeoutMs?: number): Promise<SinkSms>;
}

/** Most messages kept in memory: a long dev session stays small. */
const MAX_MESSAGES = 500;

/** A sink appending to `file` when given (JSON lines). */
export function createSmsSink(file: string | null = null): SmsSink {
  const received = receivedMessages<SinkSms>(MAX_MESSAGES, 'SMS');
  return {
    name: 'sink',
    messages: received.messages,
    async sendSms(message: SmsToSend): Promise<SmsSent> {
      const taken: SinkSms = {
        to: message.to,
        from: message.from,
        body: message.body,
        providerMessageId: `SINK${randomUUID().replace(/-/g, '')}`,
        sentAt: new Date().toISOString(),
      };
      if (file) appendFileSync(file, `${JSON.stringify(taken)}\n`);
      received.add(taken);
      return { providerMessageId: taken.providerMessageId, status: 'sent' };
    },
    waitFor: received.waitFor,
  };
}
