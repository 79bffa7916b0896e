/**
 * The SMS channel every sender goes through (issue 14, docs/decisions/211-sms-channel.md): the
 * company's provider (twilio-sms-channel.ts) or, when none is set, the local sink (sms-sink.ts).
 * Numbers are E.164 (phone-number.ts) before they reach a channel.
 */

/** What a channel sends: E.164 `to` and `from`, the text as the client will read it. */
export interface SmsToSend {
  to: string;
  from: string;
  body: string;
}

/** The provider's answer: its message id and the status it gave (e.g. `queued`, `sent`). */
export interface SmsSent {
  providerMessageId: string;
  status: string;
}

/** A provider behind one interface. `name` is stored with each message (text_messages.provider). */
export interface SmsChannel {
  name: 'twilio' | 'sink';
  /** Sends one message; rejects with SmsSendError (a message the agent can act on) when it is not taken. */
  sendSms(message: SmsToSend): Promise<SmsSent>;
}

/** A send the provider refused or did not answer: `message` is shown to the agent and stored. */
export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}
