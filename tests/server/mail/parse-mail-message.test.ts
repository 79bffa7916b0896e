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

  it('reads the text part and the decoded attachment of a multipart/mixed message', () => {
    const pdf = Buffer.from('%PDF-1.7 fake document bytes');
    const raw = [
      'From: agency@demo.test',
      'To: client@example.com',
      'Subject: Quotes',
      'Content-Type: multipart/mixed; boundary="--_b1"',
      '',
      '----_b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 7bit',
      '',
      'Hello Maria,',
      'attached.',
      '----_b1',
      'Content-Type: application/pdf; name=market-breakdown-RMGA0000002.pdf',
      'Content-Transfer-Encoding: base64',
      'Content-Disposition: attachment; filename=market-breakdown-RMGA0000002.pdf',
      '',
      pdf.toString('base64'),
      '----_b1--',
      '',
    ].join('\r\n');
    const mail = parseMailMessage(raw);
    expect(mail.text).toBe('Hello Maria,\nattached.');
    expect(mail.attachments).toEqual([
      { filename: 'market-breakdown-RMGA0000002.pdf', contentType: 'application/pdf', content: pdf },
    ]);
  });
});
