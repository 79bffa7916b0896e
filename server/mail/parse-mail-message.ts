/**
 * Just enough of RFC 5322 and MIME to read the mails the server itself sends (text/plain, 7bit,
 * quoted-printable or base64, and multipart/mixed with attachments such as the quote PDFs of
 * issue 13): a few headers, the decoded text body and the attachments. Not a general MIME parser.
 */

/** A file attached to a received message, decoded. */
export interface ParsedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A received message: headers of interest, the decoded text body and the attachments. */
export interface ParsedMail {
  subject: string;
  from: string;
  to: string;
  text: string;
  attachments: ParsedAttachment[];
}

function unfoldHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded header lines start with whitespace and continue the previous header.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Decodes RFC 2047 encoded words (`=?utf-8?Q?...?=` / `?B?`) of a header value. */
export function decodeEncodedWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
    (_all, _charset, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      return decodeQuotedPrintable(text.replace(/_/g, ' '));
    },
  );
}

/** Decodes a quoted-printable body (soft line breaks and =XX bytes) as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Headers and body of a message or MIME part. */
function splitPart(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  return { headers: unfoldHeaders(head), body };
}

/** The body bytes of a part after its content-transfer-encoding. */
function decodeBody(headers: Map<string, string>, body: string): Buffer {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(body), 'utf8');
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  return Buffer.from(body, 'utf8');
}

/** A header parameter (`boundary`, `filename`, `name`), unquoted; null when absent. */
function headerParameter(value: string | undefined, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(value ?? '');
  return match ? decodeEncodedWords(match[1]) : null;
}

/** The text and attachments of a part, descending into multipart parts. */
function readPart(raw: string): { text: string | null; attachments: ParsedAttachment[] } {
  const { headers, body } = splitPart(raw);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = headerParameter(contentType, 'boundary');
  if (/^multipart\//i.test(contentType) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    let text: string | null = null;
    const attachments: ParsedAttachment[] = [];
    for (const part of parts) {
      if (part.startsWith('--')) break;
      // The line break before a boundary belongs to the boundary, not to the part.
      const read = readPart(part.replace(/^\r?\n/, '').replace(/\r?\n$/, ''));
      text ??= read.text;
      attachments.push(...read.attachments);
    }
    return { text, attachments };
  }
  const filename =
    headerParameter(headers.get('content-disposition'), 'filename') ?? headerParameter(contentType, 'name');
  const content = decodeBody(headers, body);
  if (filename !== null) {
    return {
      text: null,
      attachments: [{ filename, contentType: contentType.split(';')[0].trim(), content }],
    };
  }
  return { text: content.toString('utf8'), attachments: [] };
}

/** Parses a raw message: single-part, or multipart with the first text part as `text`. */
export function parseMailMessage(raw: string): ParsedMail {
  const { headers } = splitPart(raw);
  const { text, attachments } = readPart(raw);
  return {
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    from: decodeEncodedWords(headers.get('from') ?? ''),
    to: decodeEncodedWords(headers.get('to') ?? ''),
    text: (text ?? '').replace(/\r\n/g, '\n'),
    attachments,
  };
}
