/**
 * A server process for the API benchmark, printing `listening <port>` once ready on PORT (the
 * bench passes a free one; the app's settings refuse 0):
 * `app` = the real app (server/app.ts buildApp with the quote worker, no portal, no request log)
 * on the PostgreSQL of DATABASE_URL, migrated, with npm start's V8 settings (server/v8-tuning.ts); `hello` = a bare Fastify 5 app with one
 * `POST /api/hello` route answering `{"message":"hello"}`, the baseline. Exits on SIGTERM.
 * With CPU_PROFILE_FILE set, SIGUSR2 starts a CPU profile of the process and the next SIGUSR2 writes
 * it to that file and prints `profiled` (the API bench's profiled run, BENCH_API_CPU_PROFILE).
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { tuneV8ForRequests } from '../../server/v8-tuning.ts';

const kind = process.argv[2];
const port = Number(process.env.PORT);
let app: FastifyInstance;
let closeDatabase = async () => {};
if (kind === 'app') {
  // As `npm start` does (server/start.ts).
  tuneV8ForRequests();
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL as string });
  await migrate(database.db);
  closeDatabase = database.close;
  app = await buildApp({ db: database.db, portalDir: null });
} else if (kind === 'hello') {
  app = Fastify();
  app.post('/api/hello', async () => ({ message: 'hello' }));
} else {
  throw new Error(`usage: api-server.ts app|hello (got ${kind})`);
}
const profileFile = process.env.CPU_PROFILE_FILE;
if (profileFile) {
  const session = new Session();
  session.connect();
  let profiling = false;
  process.on('SIGUSR2', async () => {
    profiling = !profiling;
    if (profiling) {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      console.log('profiling');
      return;
    }
    const { profile } = await session.post('Profiler.stop');
    await writeFile(profileFile, JSON.stringify(profile));
    console.log('profiled');
  });
}

await app.listen({ port, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : port}`);
process.on('SIGTERM', async () => {
  await app.close();
  await closeDatabase();
  process.exit(0);
});
