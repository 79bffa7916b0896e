/**
 * The real SMS provider: Twilio's REST API (POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json,
 * form-encoded To, From, Body; basic auth AccountSid:AuthToken; answers JSON with `sid` and `status`,
 * or on error `code`, `message`, `more_info`). The base URL is configurable so tests point it at a
 * local fake server. The auth token is never logged nor put in an error.
 * docs/decisions/211-sms-channel.md.
 */
import { type SmsChannel, SmsSendError, type SmsSent, type SmsToSend } from './sms-channel.ts';

/** A company's Twilio account as stored (write-only token) and where the API answers. */
export interface TwilioAccount {
  accountSid: string;
  authToken: string;
  /** `https://api.twilio.com` in production. */
  baseUrl: string;
  /** Longest wait for an answer, in milliseconds. */
  timeoutMs: number;
  /** Where Twilio posts the message's delivery status (StatusCallback), or null. */
  statusCallbackUrl: string | null;
}

/** The error text Twilio's answer carries, if it is JSON with a message. */
async function providerError(response: Response): Promise<{ code: unknown; message: string } | null> {
  try {
    const answer = (await response.json()) as { code?: unknown; message?: unknown };
    return typeof answer.message === 'string' ? { code: answer.code, message: answer.message } : null;
  } catch {
    return null;
  }
}

/** A channel sending through `account`; errors are SmsSendError with a message for the agent. */
export function twilioSmsChannel(account: TwilioAccount): SmsChannel {
  const url = `${account.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async sendSms(message: SmsToSend): Promise<SmsSent> {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({
            To: message.to,
            From: message.from,
            Body: message.body,
            ...(account.statusCallbackUrl ? { StatusCallback: account.statusCallbackUrl } : {}),
          }).toString(),
          signal: AbortSignal.timeout(account.timeoutMs),
        });
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'TimeoutError' || name === 'AbortError') {
          throw new SmsSendError(
            `The SMS provider did not answer within ${Math.round(account.timeoutMs / 1000)} s; the message was not sent.`,
          );
        }
        throw new SmsSendError('The SMS provider could not be reached; the message was not sent.');
      }
      if (!response.ok) {
        const error = await providerError(response);
        const detail = error
          ? `${error.message}${error.code === undefined || error.code === null ? '' : ` (code ${String(error.code)})`}`
          : `HTTP ${response.status}`;
        throw new SmsSendError(`The SMS provider refused the message: ${detail}`);
      }
      const answer = (await response.json().catch(() => null)) as { sid?: unknown; status?: unknown } | null;
      if (typeof answer?.sid !== 'string' || answer.sid === '') {
        throw new SmsSendError(
          'The SMS provider answered without a message id; the message may not be sent.',
        );
      }
      return {
        providerMessageId: answer.sid,
        status: typeof answer.status === 'string' ? answer.status : 'queued',
      };
    },
  };
}
