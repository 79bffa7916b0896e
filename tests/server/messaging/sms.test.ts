/**
 * SMS building blocks: E.164 numbers with libphonenumber-js, Twilio's webhook signature (the
 * documented example: URL, sorted parameters, HMAC-SHA1 base64 with the auth token) and the sink.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPhone, toE164 } from '../../../server/messaging/sms/phone-number.ts';
import { createSmsSink } from '../../../server/messaging/sms/sms-sink.ts';
import { twilioSignature, verifyTwilioSignature } from '../../../server/messaging/sms/twilio-signature.ts';

describe('phone numbers', () => {
  it('reads US numbers in any format as E.164 and refuses what is no number', () => {
    expect(toE164('(305) 555-0142')).toBe('+13055550142');
    expect(toE164('305.555.0142')).toBe('+13055550142');
    expect(toE164('+1 305 555 0142')).toBe('+13055550142');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('(000) 000-0000')).toBeNull();
    expect(toE164('hello')).toBeNull();
    expect(toE164('')).toBeNull();
    expect(displayPhone('+13055550142')).toBe('(305) 555-0142');
  });
});

describe('Twilio webhook signature', () => {
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+12349013030',
    Digits: '1234',
    From: '+12349013030',
    To: '+18005551212',
  };

  it("matches Twilio's documented example", () => {
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('refuses another token, URL, parameter or a missing signature', () => {
    const signature = twilioSignature('12345', url, params);
    expect(verifyTwilioSignature('12345', signature, url, params)).toBe(true);
    expect(verifyTwilioSignature('54321', signature, url, params)).toBe(false);
    expect(verifyTwilioSignature('12345', signature, `${url}&x=1`, params)).toBe(false);
    expect(verifyTwilioSignature('12345', signature, url, { ...params, Digits: '1235' })).toBe(false);
    expect(verifyTwilioSignature('12345', undefined, url, params)).toBe(false);
    expect(verifyTwilioSignature('12345', 'short', url, params)).toBe(false);
  });
});

describe('SMS sink', () => {
  it('keeps each message, appends it to its file and answers a waiter', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sms-sink-')), 'sink.jsonl');
    const sink = createSmsSink(file);
    const waiting = sink.waitFor((message) => message.body === 'second');
    await sink.sendSms({ to: '+13055550142', from: '+15005550006', body: 'first' });
    const sent = await sink.sendSms({ to: '+13055550142', from: '+15005550006', body: 'second' });
    expect(sent.status).toBe('sent');
    expect((await waiting).providerMessageId).toBe(sent.providerMessageId);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.body)).toEqual(['first', 'second']);
    await expect(sink.waitFor((message) => message.body === 'never', 50)).rejects.toThrow(/no matching SMS/);
  });
});
