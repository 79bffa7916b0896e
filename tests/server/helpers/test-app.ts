/**
 * "Start an app with a fresh database and log in as X" for server suites (and any other suite
 * that needs the real API). One database per call: in-memory PGlite loaded from the run's
 * migrated and seeded dump, or a copy of the run's seeded template database on the PostgreSQL of
 * TEST_DATABASE_URL, that close() drops. Call it in beforeAll, not per test. The app's log lines and the
 * secrets it answers or mails go to the run's files, checked for leaks at the end (ADR 755).
 */
import { type Logger, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../../server/app.ts';
import { type Database, type Executor, rowsOf } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import { DEFAULT_DEMO_PASSWORD, type SeedResult, seedDemoData } from '../../../server/db/seed-demo-data.ts';
import type { Envelope } from '../../../server/http/envelope.ts';
import { checkAnswersAgainstDocument } from './answer-check.ts';
import { createScratchSchema, DATABASE_KINDS, type DatabaseKind } from './database-kinds.ts';
import { recordAnsweredSecrets, recordMailedSecrets, withSuiteLog } from './issued-by-app.ts';
import { createQueryCounter } from './query-counter.ts';
import { seededPglite } from './seeded-pglite.ts';
import { cloneSeededPostgres } from './seeded-postgres.ts';

/** What suites that start the app in process read beside it (database-kinds.ts holds them). */
export { DATABASE_KINDS, type DatabaseKind };

/** An answer as tests read it; error_obj typed non-null for brevity (tests assert null where due). */
/**
 * Answers' data is read field by field in assertions; a loose type keeps tests short, and a
 * wrong field fails the assertion anyway.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type LooseData = any;

export interface CallResult<T = LooseData> {
  statusCode: number;
  body: Omit<Envelope<T>, 'error_obj'> & { error_obj: Record<string, string> };
  headers: Record<string, unknown>;
}

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: Executor;
  database: Database;
  seed: SeedResult;
  /** Logs in (password demo1234 unless given) and returns the session key; throws on failure. */
  loginAs(email: string, password?: string): Promise<string>;
  /** POST /api/<path> with a JSON body (and an optional query string). */
  post<T = LooseData>(
    path: string,
    body: unknown,
    query?: Record<string, string | number>,
  ): Promise<CallResult<T>>;
  /** Number of rows of a table, for "a failed call changes nothing" checks. */
  count(table: string): Promise<number>;
  /** Runs `work` and returns its result with the SQL statements sent meanwhile (query-counter.ts). */
  countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }>;
  close(): Promise<void>;
}

/**
 * A migrated, empty PostgreSQL database of the caller's own (a scratch schema of TEST_DATABASE_URL),
 * for tests of the schema itself (indexes, plans); `close` closes it and drops the schema.
 * Throws as createScratchSchema does when TEST_DATABASE_URL is not set.
 */
export async function migratedScratchDatabase(): Promise<{ database: Database; close(): Promise<void> }> {
  const scratch = await createScratchSchema();
  const database = await openDatabase({ databaseUrl: scratch.url, searchPath: scratch.schema });
  await migrate(database.db);
  return {
    database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * A migrated, seeded database of `kind` of the caller's own: a new in-memory PGlite loaded from the
 * run's seeded dump (seeded-pglite.ts, ADR 610), or on PostgreSQL a copy of the run's seeded
 * template database (seeded-postgres.ts, ADR 767); `drop` removes it (the copy, or the bench's scratch schema).
 */
async function openSeeded(
  kind: DatabaseKind,
  logger: Logger,
): Promise<{ database: Database; seed: SeedResult; drop?: () => Promise<void> }> {
  if (kind === 'pglite') {
    const { dump, seed } = await seededPglite();
    return { database: await openDatabase({ loadDataDir: dump, logger }), seed: structuredClone(seed) };
  }
  const copy = await cloneSeededPostgres();
  if (copy)
    return {
      database: await openDatabase({ databaseUrl: copy.url, logger }),
      seed: copy.seed,
      drop: copy.drop,
    };
  // Outside Vitest (the benches): a scratch schema migrated and seeded here.
  const scratch = await createScratchSchema();
  const database = await openDatabase({ databaseUrl: scratch.url, searchPath: scratch.schema, logger });
  await migrate(database.db);
  return { database, seed: await seedDemoData(database.db), drop: scratch.drop };
}

/**
 * A migrated, seeded database and an app on it (worker not polling: call `app.quoteWorker.drain()`).
 * `options` override buildApp's (e.g. loginRateLimit, portalDir).
 */
export async function startTestApp(
  kind: DatabaseKind = 'pglite',
  options: Partial<BuildAppOptions> = {},
): Promise<TestApp> {
  const counter = createQueryCounter();
  const { database, seed, drop } = await openSeeded(kind, counter.logger);
  const app = await buildApp({
    db: database.db,
    portalDir: null,
    startWorker: false,
    ...options,
    // Events streams end soon and poll often, so a call to GET /api/texting/events answers in tests.
    texting: { eventsStreamMs: 300, eventsPollMs: 50, ...options.texting },
    liveQuotes: { streamMs: 300, pollMs: 50, ...options.liveQuotes },
    // Stripe only when a suite points it at its local fake: never the environment's keys.
    stripe: { secretKey: null, webhookSecret: null, prices: {}, ...options.stripe },
    // Every suite's log goes to the run's server logs, grepped for issued secrets (ADR 755).
    logger: withSuiteLog(options.logger),
  });
  const answerMismatches = checkAnswersAgainstDocument(app);
  recordAnsweredSecrets(app);
  await app.ready();

  const post = async (path: string, body: unknown, query?: Record<string, string | number>) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/${path}`,
      query: query ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) : undefined,
      payload: body as object,
    });
    return { statusCode: response.statusCode, body: response.json(), headers: response.headers };
  };

  return {
    kind,
    app,
    db: database.db,
    database,
    seed,
    post,
    async loginAs(email, password = DEFAULT_DEMO_PASSWORD) {
      const result = await post('auth/login', { email, password });
      if (result.statusCode !== 200)
        throw new Error(`login ${email}: ${result.statusCode} ${result.body.message}`);
      return result.body.data.session_key as string;
    },
    async count(table) {
      if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table name ${table}`);
      const result = await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
      return Number(rowsOf<{ n: number }>(result)[0].n);
    },
    countQueries: counter.during,
    async close() {
      recordMailedSecrets(app);
      await app.close();
      await database.close();
      await drop?.();
      if (answerMismatches.length > 0) throw new Error(answerMismatches.join('\n'));
    },
  };
}
