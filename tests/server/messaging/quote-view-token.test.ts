/**
 * The quote link's token (server/messaging/quote-view-token.ts, docs/decisions/440): it opens its
 * own application until its expiry and never after; any change to it, or another key, opens
 * nothing; every signed token has the shape the request schema accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QUOTE_VIEW_TOKEN_PATTERN,
  signQuoteViewToken,
  verifyQuoteViewToken,
} from '../../../server/messaging/quote-view-token.ts';

const KEY = 'a'.repeat(64);
const applicationId = fc.integer({ min: 1, max: 2 ** 31 - 1 });
/** An expiry a whole number of seconds from now, 1 s to 400 days ahead. */
const secondsAhead = fc.integer({ min: 1, max: 400 * 24 * 60 * 60 });
const now = () => new Date(Math.floor(Date.now() / 1000) * 1000);

describe('quote view token', () => {
  it('opens its application until the expiry, and not from the expiry on', () => {
    fc.assert(
      fc.property(applicationId, secondsAhead, (id, ahead) => {
        const signedAt = now();
        const expiresAt = new Date(signedAt.getTime() + ahead * 1000);
        const token = signQuoteViewToken(KEY, id, expiresAt);
        expect(token).toMatch(new RegExp(QUOTE_VIEW_TOKEN_PATTERN));
        expect(verifyQuoteViewToken(KEY, token, signedAt)).toBe(id);
        expect(verifyQuoteViewToken(KEY, token, new Date(expiresAt.getTime() - 1))).toBe(id);
        expect(verifyQuoteViewToken(KEY, token, expiresAt)).toBeNull();
      }),
    );
  });

  it('opens nothing once any character is changed (the last one too), or under another key', () => {
    fc.assert(
      fc.property(
        applicationId,
        secondsAhead,
        fc.nat(),
        fc.constantFrom(...'0123456789ABCDabcXYZ_-.'),
        (id, ahead, at, replacement) => {
          const signedAt = now();
          const token = signQuoteViewToken(KEY, id, new Date(signedAt.getTime() + ahead * 1000));
          // Every other run changes the last character, whose spare bits a decoder would ignore.
          const index = at % 2 === 0 ? token.length - 1 : at % token.length;
          fc.pre(token[index] !== replacement);
          const altered = `${token.slice(0, index)}${replacement}${token.slice(index + 1)}`;
          expect(verifyQuoteViewToken(KEY, altered, signedAt)).toBeNull();
          expect(verifyQuoteViewToken('b'.repeat(64), token, signedAt)).toBeNull();
        },
      ),
    );
  });
});
