/**
 * A local stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json) for
 * the texting suites: records each request (basic-auth user and password, form fields) and answers
 * as the test sets it: accepted (201 with sid and status), refused (Twilio's error JSON with code
 * and message), or slow (answers after `delayMs`).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeTwilioMode =
  | { kind: 'accept' }
  | { kind: 'refuse'; status: number; code: number; message: string }
  | { kind: 'slow'; delayMs: number };

export interface FakeTwilioRequest {
  path: string;
  username: string;
  password: string;
  form: Record<string, string>;
}

export interface FakeTwilio {
  /** `http://127.0.0.1:<port>`: the base URL the channel is pointed at. */
  url: string;
  requests: FakeTwilioRequest[];
  mode: FakeTwilioMode;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake on a free port of 127.0.0.1, accepting until `mode` is changed. */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  let count = 0;
  const fake: FakeTwilio = {
    url: '',
    requests: [],
    mode: { kind: 'accept' },
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    const [username, password] = Buffer.from(
      String(request.headers.authorization ?? '').replace(/^Basic /, ''),
      'base64',
    )
      .toString('utf8')
      .split(':');
    fake.requests.push({
      path: request.url ?? '',
      username,
      password,
      form: Object.fromEntries(new URLSearchParams(text)),
    });
    const mode = fake.mode;
    if (mode.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, mode.delayMs));
    if (mode.kind === 'refuse') {
      response.writeHead(mode.status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          code: mode.code,
          message: mode.message,
          more_info: `https://www.twilio.com/docs/errors/${mode.code}`,
          status: mode.status,
        }),
      );
      return;
    }
    count++;
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ sid: `SM${String(count).padStart(32, '0')}`, status: 'queued' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
