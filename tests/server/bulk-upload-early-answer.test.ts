/**
 * A bulk upload over the body limit on a listening server, as HTTP intends for an early answer
 * (RFC 9112 §9.6, ADR 671): the 413 is sent from Content-Length before the body arrives; a body
 * up to DRAINED_BODY_BYTES is then read to its end and discarded, so a client still sending
 * finishes without a reset and reuses the connection; a longer one is answered and the connection
 * closed, and a client that reads the answer while sending gets it. The limit is checked before
 * any session or database work, so PGlite only.
 */
import { Agent, type ClientRequest, type IncomingMessage, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BODY_BYTES } from '../../server/routes/bulk-upload-request-schemas.ts';
import { DRAINED_BODY_BYTES, FILE_TOO_LARGE_MESSAGE } from '../../server/routes/bulk-upload-routes.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

const PATH = '/api/services/file-upload/create-application';

interface Exchange {
  status: number;
  headers: IncomingMessage['headers'];
  message: string;
  /** The write error, if the connection broke while the body was sent. */
  writeError: Error | null;
  reusedSocket: boolean;
}

/**
 * POSTs `body` under a Content-Length of `declared` bytes (the request ends only when the body is
 * all of it) and reads the answer whenever it comes.
 */
function post(base: URL, agent: Agent, declared: number, body: Buffer): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    let writeError: Error | null = null;
    let answered = false;
    const req: ClientRequest = request(new URL(PATH, base), {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': String(declared) },
    });
    req.on('error', (error) => {
      writeError = error;
      if (!answered) reject(error);
    });
    req.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        // Let the rest of the body go out (or fail) before saying how the exchange went.
        const settle = () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            message: JSON.parse(Buffer.concat(chunks).toString()).message,
            writeError,
            reusedSocket: req.reusedSocket,
          });
        if (body.length < declared || req.writableFinished || writeError) settle();
        else req.once('finish', settle).once('close', settle);
      });
    });
    if (body.length === declared) req.end(body);
    else req.write(body);
  });
}

describe('bulk upload over the body limit on a listening server', () => {
  let t: TestApp;
  let base: URL;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers 413 early, reads the rest, and the connection serves the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const declared = MAX_UPLOAD_BODY_BYTES + 8 * 1024 * 1024;
      const body = Buffer.alloc(declared, 'A');
      const refused = await post(base, agent, declared, body);
      expect(refused.status).toBe(413);
      expect(refused.message).toBe(FILE_TOO_LARGE_MESSAGE);
      expect(refused.headers.connection).not.toBe('close');
      expect(refused.writeError).toBeNull();
      const next = await post(base, agent, declared, body);
      expect(next.status).toBe(413);
      expect(next.writeError).toBeNull();
      expect(next.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('a body declared over DRAINED_BODY_BYTES is answered and the connection closed', async () => {
    const agent = new Agent({ keepAlive: false });
    try {
      const declared = DRAINED_BODY_BYTES + 1;
      // Send a little and wait: the answer comes without the rest.
      const refused = await post(base, agent, declared, Buffer.alloc(2 * 1024 * 1024, 'A'));
      expect(refused.status).toBe(413);
      expect(refused.message).toBe(FILE_TOO_LARGE_MESSAGE);
      expect(refused.headers.connection).toBe('close');
    } finally {
      agent.destroy();
    }
  });
});
