/**
 * Two server processes on one PostgreSQL (issue 5 crash safety, docs/running.md): both run the
 * quote worker on one queue, and each quote request is made exactly once, counted from the
 * 'quote requested' line each process logs per connector call. Runs with TEST_DATABASE_URL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { DATABASE_KINDS } from '../server/helpers/database-kinds.ts';
import { launchApplications, requestedQuoteIds, waitUntilCompleted } from './launches.ts';
import { createServerDatabase, type ServerDatabase } from './server-database.ts';

/** Applications launched at once, half through each process (25 quote jobs apiece). */
const LAUNCHES = 6;

describe.runIf(DATABASE_KINDS.includes('postgres'))('two server processes on one PostgreSQL', () => {
  let database: ServerDatabase | null = null;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.remove();
  });

  it('ask each carrier once per quote request, sharing the work', async () => {
    database = await createServerDatabase('postgres');
    const env = { ...database.env, PORTAL_DIR: 'off', LOG_LEVEL: 'info' };
    // One after the other: the first migrates and seeds, the second finds both done.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    const login = await servers[0].post('auth/login', { email: 'agent@demo.test', password: 'demo1234' });
    const key: string = login.body.data.session_key;

    const launched = await launchApplications(servers, key, LAUNCHES, 'Twin');
    const ids = launched.map((l) => l.id);
    const applications = await waitUntilCompleted(servers[1], key, ids, 120_000);
    expect(applications.map((app) => app.status)).toEqual(ids.map(() => 'completed'));
    for (const server of servers) await server.stop();

    const [first, second] = servers.map((server) => requestedQuoteIds(server.output()));
    const queued = launched.flatMap((l) => l.quoteIds).sort((a, b) => a - b);
    expect([...first, ...second].sort((a, b) => a - b)).toEqual(queued);
    // Both workers took part, or the test proved nothing about sharing one queue.
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    console.log(
      `two processes: ${queued.length} quote requests, ${first.length} + ${second.length} connector calls`,
    );
  });
});
