/**
 * Sustained load on two server processes over one PostgreSQL (issue 47): agents' mixed traffic,
 * paced and alternating between the processes, SOAK_CALLS_PER_SECOND (default 20) for
 * SOAK_LOAD_SECONDS (default 75), then the quote backlog left to drain. Asserts no quote requested
 * twice (the 'quote requested' lines of both processes), no acknowledged write lost (a client
 * ledger read back afterwards), every answer 200 and no 5xx; it prints the server-side p99 of every
 * whole minute from the load's start to the drain's end (tests/faults/server-latency.ts) and holds
 * it to SOAK_P99_LIMIT_MS when that is set (ADR 782). The operator's soak of issue 47:
 * SOAK_CALLS_PER_SECOND=40 SOAK_LOAD_SECONDS=600 SOAK_P99_LIMIT_MS=500.
 * Loopback only; bounded in time and count.
 * Runs with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Doc } from '../../engine/types.ts';
import { examples } from '../../schemas/schema-set.ts';
import { rowsOf } from '../../server/db/database.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { DATABASE_KINDS } from '../server/helpers/database-kinds.ts';
import { requestedQuoteIds, waitUntilCompleted } from './launches.ts';
import { createServerDatabase, type ServerDatabase } from './server-database.ts';
import { answeredRequests, p99ByPath, p99PerMinute } from './server-latency.ts';
import { createWriteLedger, verifyLedger } from './write-load.ts';

/** How long the mixed load runs, in s (the issue's operator ran 600; CI's budget is tight). */
const LOAD_SECONDS = Number(process.env.SOAK_LOAD_SECONDS ?? 75);
/** Calls started per second, alternating between the processes (the issue's operator ran 40). */
const CALLS_PER_SECOND = Number(process.env.SOAK_CALLS_PER_SECOND ?? 20);
/** Calls in flight at most; a tick finding this many starts none (the load is open-loop, not a queue). */
const MAX_IN_FLIGHT = 24;
/**
 * The bound on the server-side p99 of every minute, backlog included, in ms, when set: the
 * operator's soak asks the issue's 500 on a quiet machine. Unset (`npm test`), the figures are
 * printed and not held: there the suite shares the 2 cores with two other test files and a
 * browser, and its first minute read 56-189 ms on one machine and 4,073 ms on a slower one, with
 * every write kept and no carrier asked twice (ADR 782; speed targets live in benchmarks).
 */
const P99_LIMIT_MS = process.env.SOAK_P99_LIMIT_MS ? Number(process.env.SOAK_P99_LIMIT_MS) : null;
/** Shares of the mix, as the issue's soak: create, update with the version last seen, get, listing, launch. */
const MIX: [operation: 'create' | 'update' | 'get' | 'list' | 'launch', share: number][] = [
  ['create', 0.1],
  ['update', 0.5],
  ['get', 0.25],
  ['list', 0.1],
  ['launch', 0.05],
];

/** The operation of MIX that a uniform draw in [0, 1) falls on. */
function operationOf(draw: number): (typeof MIX)[number][0] {
  let upTo = 0;
  for (const [operation, share] of MIX) {
    upTo += share;
    if (draw < upTo) return operation;
  }
  return 'get';
}

/**
 * The quote jobs not done of the applications `ids`, read from the database: what a launch that
 * did not complete waits on (queued behind the backlog, held by a lease, or failed), for the
 * failure message.
 */
async function unfinishedJobs(database: ServerDatabase, ids: number[]): Promise<unknown[]> {
  const opened = await database.open();
  try {
    const result = await opened.db.execute(
      sql`select j.application_id, j.quote_id, j.status, j.attempts, j.run_after, j.locked_until,
            j.locked_by, j.last_error, q.status as quote_status, a.status as application_status
          from quote_jobs j join quotes q on q.id = j.quote_id join applications a on a.id = j.application_id
          where j.application_id in (${sql.join(ids, sql`, `)}) and (j.status <> 'done' or q.status = 'pending')
          order by j.application_id, j.quote_id`,
    );
    const rows = rowsOf(result);
    return rows.length ? rows : ids.map((id) => ({ application_id: id, note: 'no job left open' }));
  } finally {
    await opened.close();
  }
}

describe.runIf(DATABASE_KINDS.includes('postgres'))('sustained load on two processes', () => {
  let database: ServerDatabase | null = null;
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.remove();
  });

  it(
    'asks each carrier once and loses no acknowledged write while the backlog drains',
    async () => {
      database = await createServerDatabase('postgres');
      const env = { ...database.env, PORTAL_DIR: 'off', LOG_LEVEL: 'info', SERVER_PROCESSES: '2' };
      servers.push(await startServerProcess(env));
      servers.push(await startServerProcess(env));
      const login = await servers[0].post('auth/login', { email: 'agent@demo.test', password: 'demo1234' });
      const key: string = login.body.data.session_key;
      const ledger = createWriteLedger();
      /** Applications still new (updatable, launchable), those launched, and those with a call in flight. */
      const fresh = new Set<number>();
      const launched: number[] = [];
      const busy = new Set<number>();
      let inFlight = 0;
      let calls = 0;

      const pickFresh = (): number | null => {
        const free = [...fresh].filter((id) => !busy.has(id));
        return free.length ? free[Math.floor(Math.random() * free.length)] : null;
      };
      const refuse = (what: string, answer: { statusCode: number; body: { message?: string } }): void => {
        ledger.refused.push(`${what}: ${answer.statusCode} ${answer.body?.message}`);
      };

      async function create(server: ServerProcess, token: string) {
        const searched_address = `${token} Soak St, Miami Beach, FL 33139`;
        const answer = await server.post('agent-portal/create-new-application', {
          session_key: key,
          address: {
            searched_address,
            address1: `${token} Soak St`,
            city: 'Miami Beach',
            state: 'FL',
            zip: '33139',
          },
        });
        if (answer.statusCode !== 200) return refuse(`create ${token}`, answer);
        const application = answer.body.data.application;
        const { first_name = null, last_name = null } = application.payload.useable_details;
        ledger.entries.set(application.id, {
          id: application.id,
          searched_address,
          allowed: [{ first_name, last_name }],
          version: application.version,
        });
        ledger.acknowledged.creates += 1;
        fresh.add(application.id);
      }

      async function update(server: ServerProcess, id: number, token: string) {
        const entry = ledger.entries.get(id);
        if (!entry) return;
        const names = { first_name: token, last_name: `L-${token}` };
        const save = (version: number) =>
          server.post('agent-portal/update-application', {
            session_key: key,
            application_id: id,
            address_details: names,
            version,
          });
        let answer = await save(entry.version);
        // The background pre-fill (ADR 758) writes a new application soon after its create; its 409
        // carries the current application, and the agent's change goes on top of it, as the form does.
        if (answer.statusCode === 409 && answer.body.data?.application)
          answer = await save(answer.body.data.application.version);
        if (answer.statusCode !== 200) return refuse(`update ${id}`, answer);
        entry.allowed = [names];
        entry.version = answer.body.data.application.version;
        ledger.acknowledged.updates += 1;
      }

      async function launch(server: ServerProcess, id: number) {
        const answer = await server.post('agent-portal/launch-application', {
          session_key: key,
          application_id: id,
          address_details: structuredClone(examples.primary as Doc),
        });
        if (answer.statusCode !== 200) return refuse(`launch ${id}`, answer);
        const application = answer.body.data.application;
        const { first_name = null, last_name = null } = application.payload.useable_details;
        const entry = ledger.entries.get(id);
        if (entry) {
          // The launch stores the document it carried, address and names included.
          entry.searched_address = application.payload.useable_details.searched_address;
          entry.allowed = [{ first_name, last_name }];
          entry.version = application.version;
        }
        fresh.delete(id);
        launched.push(id);
      }

      async function call(server: ServerProcess, token: string): Promise<void> {
        const operation = operationOf(Math.random());
        const target = operation === 'update' || operation === 'launch' ? pickFresh() : null;
        if (
          operation === 'create' ||
          ((operation === 'update' || operation === 'launch') && target === null)
        ) {
          await create(server, token);
          return;
        }
        if (target !== null) {
          busy.add(target);
          try {
            await (operation === 'update' ? update(server, target, token) : launch(server, target));
            return;
          } finally {
            busy.delete(target);
          }
        }
        if (operation === 'list') {
          const answer = await server.post('agent-portal/get-agent-applications-list', { session_key: key });
          if (answer.statusCode !== 200) refuse('list', answer);
          return;
        }
        const ids = [...ledger.entries.keys()];
        if (!ids.length) {
          await create(server, token);
          return;
        }
        const id = ids[Math.floor(Math.random() * ids.length)];
        const answer = await server.post('agent-portal/get-application-by-id', {
          session_key: key,
          application_id: id,
        });
        if (answer.statusCode !== 200) refuse(`get ${id}`, answer);
      }

      const loadStarted = Date.now();
      const running = new Set<Promise<void>>();
      while (Date.now() - loadStarted < LOAD_SECONDS * 1000) {
        if (inFlight < MAX_IN_FLIGHT) {
          const server = servers[calls % servers.length];
          const token = `s${calls}`;
          calls += 1;
          inFlight += 1;
          const task = call(server, token)
            .catch((error) => {
              ledger.refused.push(`${token}: ${error}`);
            })
            .finally(() => {
              inFlight -= 1;
              running.delete(task);
            });
          running.add(task);
        }
        await new Promise((r) => setTimeout(r, 1000 / CALLS_PER_SECOND));
      }
      await Promise.all(running);
      const applications = await waitUntilCompleted(servers[1], key, launched, 180_000);
      const drained = Date.now();
      expect(ledger.refused).toEqual([]);
      const unfinished = applications.filter((app) => app.status !== 'completed').map((app) => app.id);
      expect(unfinished.length ? await unfinishedJobs(database, unfinished) : []).toEqual([]);
      expect(await verifyLedger(servers[0], key, ledger, ledger.entries.keys())).toEqual([]);
      for (const server of servers) await server.stop();

      const requested = servers.flatMap((server) => requestedQuoteIds(server.output()));
      const twice = requested.filter((id, index) => requested.indexOf(id) !== index);
      expect(twice).toEqual([]);
      expect(requested.length).toBe(launched.length * 25);
      const answers = servers
        .flatMap((server) => answeredRequests(server.output()))
        .filter((answer) => answer.time <= drained);
      const minutes = p99PerMinute(answers, loadStarted);
      const worst = minutes.reduce((at, minute, index) => (minute.p99 > minutes[at].p99 ? index : at), 0);
      const worstAnswers = answers.filter(
        (answer) => Math.floor((answer.time - loadStarted) / 60_000) === worst,
      );
      console.log(
        `sustained load: ${calls} calls in ${LOAD_SECONDS} s, ${ledger.acknowledged.creates} creates, ` +
          `${ledger.acknowledged.updates} updates, ${launched.length} launches (${requested.length} quote requests), ` +
          `drained ${((drained - loadStarted) / 1000).toFixed(0)} s after the start; server p99 per minute ` +
          minutes.map((m) => `${m.p99.toFixed(0)} ms (${m.count})`).join(', ') +
          `; minute ${worst + 1} by path: ` +
          p99ByPath(worstAnswers)
            .map((p) => `${p.path.replace('/api/', '')} ${p.p99.toFixed(0)} ms (${p.count})`)
            .join(', '),
      );
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      if (P99_LIMIT_MS !== null)
        for (const minute of minutes) expect(minute.p99).toBeLessThanOrEqual(P99_LIMIT_MS);
    },
    (LOAD_SECONDS + 420) * 1000,
  );
});
