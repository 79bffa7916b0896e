/** The small mail parser the sink uses: quoted-printable round trips and header decoding. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, parseMailMessage } from '../../../server/mail/parse-mail-message.ts';

/** A plain quoted-printable encoder with soft breaks every 70 characters, like mailers write. */
function encode(text: string): string {
  let out = '';
  let line = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    const piece =
      byte === 0x3d || byte < 0x20 || byte > 0x7e
        ? `=${byte.toString(16).toUpperCase().padStart(2, '0')}`
        : char;
    if (line + piece.length > 70) {
      out += '=\r\n';
      line = 0;
    }
    out += piece;
    line += piece.length;
  }
  return out;
}

describe('parseMailMessage', () => {
  it('decodes any quoted-printable text back to the original', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodeQuotedPrintable(encode(text))).toBe(text);
      }),
    );
  });

  it('reads subject, addresses and a quoted-printable body with a long link', () => {
    const link = `https://portal.example.test/auth/reset-password?token=${'ab'.repeat(32)}`;
    const raw = [
      'From: MGA agent portal <no-reply@localhost>',
      'To: agent@demo.test',
      'Subject: =?UTF-8?Q?Reset_your_password?=',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      encode(`Open:\n${link}\n`),
    ].join('\r\n');
    const mail = parseMailMessage(raw);
    expect(mail).toMatchObject({ subject: 'Reset your password', to: 'agent@demo.test' });
    expect(mail.text).toContain(link);
  });
});
