/**
 * Launches through the HTTP API of server processes, and the worker's 'quote requested' log lines
 * (server/jobs/quote-worker.ts), for the crash and two-process suites.
 */
import type { Doc } from '../../engine/types.ts';
import { examples } from '../../schemas/schema-set.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import type { LooseData } from '../server/helpers/test-app.ts';

/** A launched application: its id and the ids of the quotes its launch queued. */
export interface Launched {
  id: number;
  quoteIds: number[];
}

/**
 * Creates `count` applications (FL, the agent's) through `servers` in turn, then launches them all
 * at once with the complete primary example, each through the server that created it. Throws
 * with the server's message when a call is not answered 200.
 */
export async function launchApplications(
  servers: ServerProcess[],
  sessionKey: string,
  count: number,
  label: string,
): Promise<Launched[]> {
  const created: { server: ServerProcess; id: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    const server = servers[index % servers.length];
    const address1 = `${index + 1} ${label} Ln`;
    const answer = await server.post('agent-portal/create-new-application', {
      session_key: sessionKey,
      address: {
        searched_address: `${address1}, Miami Beach, FL 33139`,
        address1,
        city: 'Miami Beach',
        state: 'FL',
        zip: '33139',
      },
    });
    if (answer.statusCode !== 200) throw new Error(`create: ${answer.statusCode} ${answer.body.message}`);
    created.push({ server, id: answer.body.data.application.id });
  }
  return Promise.all(
    created.map(async ({ server, id }) => {
      const answer = await server.post('agent-portal/launch-application', {
        session_key: sessionKey,
        application_id: id,
        address_details: structuredClone(examples.primary as Doc),
      });
      if (answer.statusCode !== 200)
        throw new Error(`launch ${id}: ${answer.statusCode} ${answer.body.message}`);
      return { id, quoteIds: answer.body.data.application.quotes.map((quote: { id: number }) => quote.id) };
    }),
  );
}

/** Reads of one polling round in flight at once. */
const POLLS_AT_ONCE = 8;

/**
 * Polls `server` until every application of `ids` is completed or `timeoutMs` passed; returns
 * the applications as last read, in the order of `ids` (the caller asserts on them). Each round
 * reads again only the applications not yet completed, POLLS_AT_ONCE at a time, as an agent's
 * screens would: the soak measures the server's latency while the backlog drains, and a thousand
 * reads sent at once had queued behind one another in the server (a p99 of 1.8 s, issue 47).
 */
export async function waitUntilCompleted(
  server: ServerProcess,
  sessionKey: string,
  ids: number[],
  timeoutMs: number,
): Promise<LooseData[]> {
  const deadline = Date.now() + timeoutMs;
  const lastRead = new Map<number, LooseData>();
  for (;;) {
    const open = ids.filter((id) => lastRead.get(id)?.status !== 'completed');
    for (let from = 0; from < open.length; from += POLLS_AT_ONCE) {
      await Promise.all(
        open.slice(from, from + POLLS_AT_ONCE).map(async (id) => {
          const answer = await server.post('agent-portal/get-application-by-id', {
            session_key: sessionKey,
            application_id: id,
          });
          lastRead.set(id, answer.body.data.application);
        }),
      );
    }
    const applications = ids.map((id) => lastRead.get(id) as LooseData);
    if (applications.every((app) => app.status === 'completed') || Date.now() > deadline) return applications;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The quote ids of every 'quote requested' line in a server's output, in log order, repeats kept. */
export function requestedQuoteIds(output: string): number[] {
  const ids: number[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{') || !line.includes('"quote requested"')) continue;
    const entry = JSON.parse(line);
    if (entry.msg === 'quote requested') ids.push(entry.quote_id);
  }
  return ids;
}

/** Resolves once `server` logged its first 'quote requested' line; throws after `timeoutMs`. */
export async function firstQuoteRequested(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (requestedQuoteIds(server.output()).length === 0) {
    if (Date.now() > deadline)
      throw new Error(`no quote requested within ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
