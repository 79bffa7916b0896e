/**
 * Answers a GET for stored bytes with HTTP range support (RFC 9110 §14), so an HTML5 player can
 * seek: `Accept-Ranges: bytes` always; 206 Partial Content with `Content-Range` for one satisfiable
 * range; 416 with `Content-Range: bytes *\/size` (and the envelope) for an unsatisfiable one; 200 with
 * the whole body otherwise. An `If-Range` other than the source's ETag asks for the whole body.
 * docs/decisions/261-byte-ranges.md.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { byteRangeOf } from '../http/byte-range.ts';
import { failure } from '../http/envelope.ts';
import { contentDisposition } from './file-routes.ts';

/** Bytes to serve: their size, type and name, a strong validator and a reader. */
export interface ByteSource {
  size: number;
  contentType: string;
  fileName: string;
  /** A strong ETag (quoted) of these exact bytes: they never change under one id. */
  etag: string;
  /** Bytes `start` to `end` inclusive, in order. */
  read(start: number, end: number): AsyncIterable<Buffer>;
}

/** Sends `source` (whole, one range, or 416) as the request's Range and If-Range headers ask. */
export function sendByteSource(request: FastifyRequest, reply: FastifyReply, source: ByteSource) {
  const { size } = source;
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === source.etag ? byteRangeOf(request.headers.range, size) : null;
  reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${size}`)
      .send(failure(416, `Range Not Satisfiable: the file has ${size} bytes.`));
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  reply
    .code(range ? 206 : 200)
    .header('content-type', source.contentType)
    .header('content-disposition', contentDisposition(source.fileName))
    .header('etag', source.etag)
    .header('content-length', end - start + 1);
  if (range) reply.header('content-range', `bytes ${start}-${end}/${size}`);
  return reply.send(size === 0 ? Buffer.alloc(0) : Readable.from(source.read(start, end)));
}
