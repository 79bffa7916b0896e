/** Manual-quote documents (issue 3 record-manual-quote): decoding, size cap and type check. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../server/http/api-error.ts';
import { decodeDocument, MAX_DOCUMENT_BYTES } from '../../../server/services/document-upload.ts';

const PDF_HEAD = Buffer.from('%PDF-1.7\n');

function failure(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('decodeDocument', () => {
  it('returns exactly the bytes sent for any plain-text content', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 2000 }), (bytes) => {
        const content_base64 = Buffer.from(bytes).toString('base64');
        const decoded = decodeDocument({ name: 'a.txt', content_base64, content_type: 'text/plain' });
        expect(decoded.equals(Buffer.from(bytes))).toBe(true);
      }),
    );
  });

  it('checks the leading bytes of typed content', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (tail) => {
        const pdf = Buffer.concat([PDF_HEAD, Buffer.from(tail)]);
        expect(
          decodeDocument({
            name: 'q.pdf',
            content_base64: pdf.toString('base64'),
            content_type: 'application/pdf',
          }),
        ).toHaveLength(pdf.length);
        const error = failure(() =>
          decodeDocument({
            name: 'q.png',
            content_base64: pdf.toString('base64'),
            content_type: 'image/png',
          }),
        );
        expect(error.statusCode).toBe(400);
        expect(error.errorObj).toHaveProperty(['body.document.content_base64']);
      }),
    );
  });

  it('refuses empty, oversized, non-canonical and unknown-type content with 400', () => {
    const cases: [string, string][] = [
      ['', 'text/plain'],
      ['aGVsbG8', 'text/plain'],
      ['aGVs bG8=', 'text/plain'],
      [Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x61).toString('base64'), 'text/plain'],
      [Buffer.from('<p>hi</p>').toString('base64'), 'text/html'],
    ];
    for (const [content_base64, content_type] of cases) {
      const error = failure(() => decodeDocument({ name: 'x', content_base64, content_type }));
      expect(error.statusCode, `${content_base64.slice(0, 10)} ${content_type}`).toBe(400);
      expect(error.message).toMatch(/^Invalid request: body\.document\./);
    }
    expect(
      decodeDocument({
        name: 'x',
        content_base64: Buffer.alloc(MAX_DOCUMENT_BYTES, 0x61).toString('base64'),
        content_type: 'text/plain',
      }),
    ).toHaveLength(MAX_DOCUMENT_BYTES);
  });
});
