/**
 * The browser's refusals of a passkey in plain words (issue 38, ADR 754;
 * portal/lib/passkey-ceremony.ts): cancelled or timed out, a device that holds a passkey for the
 * account already, no passkey support, and anything else; and no prompt at all where the browser
 * has no WebAuthn (as jsdom).
 */
import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import {
  createPasskey,
  PASSKEY_ALREADY_ADDED_MESSAGE,
  PASSKEY_CANCELLED_MESSAGE,
  PASSKEY_FAILED_MESSAGE,
  PASSKEY_UNSUPPORTED_MESSAGE,
  passkeyErrorText,
} from '../../portal/lib/passkey-ceremony.ts';

const domError = (name: string) => new DOMException('refused', name);

describe('passkey refusals in words', () => {
  it('names a cancelled or timed-out prompt, a device that has the passkey, and no support', () => {
    expect(passkeyErrorText(domError('NotAllowedError'))).toBe(PASSKEY_CANCELLED_MESSAGE);
    expect(passkeyErrorText(domError('AbortError'))).toBe(PASSKEY_CANCELLED_MESSAGE);
    expect(
      passkeyErrorText(
        new WebAuthnError({
          message: 'previously registered',
          code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
          cause: domError('InvalidStateError'),
        }),
      ),
    ).toBe(PASSKEY_ALREADY_ADDED_MESSAGE);
    expect(passkeyErrorText(domError('NotSupportedError'))).toBe(PASSKEY_UNSUPPORTED_MESSAGE);
    expect(passkeyErrorText(domError('SecurityError'))).toBe(PASSKEY_FAILED_MESSAGE);
    expect(passkeyErrorText(undefined)).toBe(PASSKEY_FAILED_MESSAGE);
  });

  it('asks no browser without WebAuthn: the answer is the words for it', async () => {
    const prompt = await createPasskey({
      challenge: 'AAAA',
      rp: { name: 'MGA Agent Portal', id: 'localhost' },
      user: { id: 'MQ', name: 'a@b.test', displayName: 'A' },
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    });
    expect(prompt).toEqual({ error: PASSKEY_UNSUPPORTED_MESSAGE });
  });
});
