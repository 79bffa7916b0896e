/**
 * A local HTTP server for one outside source's connector tests (issue 40): each request is
 * answered by `answer(url)`, a JSON body or raw text with a status, after an optional delay
 * (a delay longer than the connector's timeout is "no answer in time"). Keeps every request's
 * URL so a test can check what was asked.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stub answers one request: `json` (serialised) or `text` as sent, HTTP 200 by default. */
export interface StubAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
}

export interface StubAnswerServer {
  url: string;
  /** The URL of every request, in order. */
  requests: URL[];
  close(): Promise<void>;
}

/** A JSON answer of tests/server/property-data/answers/<name>.json (the source's documented shape). */
export function documentedAnswer(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../property-data/answers/${name}.json`, import.meta.url), 'utf8'));
}

/** Starts the stub on a free local port. */
export async function startStubAnswerServer(answer: (url: URL) => StubAnswer): Promise<StubAnswerServer> {
  const requests: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    requests.push(url);
    const { status = 200, json, text, delayMs = 0 } = answer(url);
    setTimeout(() => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': json === undefined ? 'text/plain' : 'application/json' });
      response.end(json === undefined ? (text ?? '') : JSON.stringify(json));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
