/**
 * API benchmark of `npm run bench`: on PostgreSQL with 1,000,000 applications (seeded by
 * seed-million.ts when the bench database holds fewer), autocannon against the real app in its own
 * process: get-application-by-id, update-application (rotating over the demo agent's new
 * applications) and get-agent-applications-list with filters (product and address), each at a
 * fixed rate and at saturation, against a bare Fastify hello route in another process in the same
 * run. Reports p50 and p99 latency (ms), req/s and errors (connection errors, timeouts and non-2xx
 * answers). autocannon's fixed rate is per connection and per second (each connection sends its
 * share as fast as it can, then waits for the next second), so a fixed-rate row measures a burst
 * of RATE_CONNECTIONS requests at each second's start, not evenly spaced arrivals
 * (docs/decisions/592-api-bench-offered-rates.md). Then issue 18's offered rates, get at 1,000
 * req/s and the listing at 500, each after the hello route at the same rate, evenly paced and
 * open-loop (paced-load.ts: one request every 1/rate s, latency from its due time;
 * docs/decisions/630-paced-open-loop-load.md), each after a discarded warm-up of
 * PACED_WARMUP_SECONDS with the same client, while an idle process measures how late its own timers
 * fire and /proc/stat the hypervisor's steal (wake-up-delay.ts: the machine's stalls;
 * docs/decisions/689-paced-rows-warmed-up.md).
 * BENCH_API_SECONDS (default 10),
 * BENCH_API_RATE (default 200 req/s) and
 * BENCH_API_CONNECTIONS (default 10, the saturation runs' connections) tune it;
 * BENCH_API_CPU_PROFILE (a folder) adds a profiled update-application run at the end (ADR 789).
 * Issue 5 Benchmarks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { freePort } from '../helpers/server-process.ts';
import { REPO_ROOT } from './build-page.ts';
import { type CpuProfile, selfTimeByOrigin } from './cpu-profile-summary.ts';
import { markdownTable, ratio } from './markdown-table.ts';
import { type PacedResult, pacedPostLoad } from './paced-load.ts';
import { BENCH_DATABASE_URL, benchApplicationCount, MILLION, seedMillion } from './seed-million.ts';
import { watchWakeUps } from './wake-up-delay.ts';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_API_RATE ?? 200);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 10);
/** Connections of the fixed-rate runs: enough that the rate, not the connections, limits a slow call. */
const RATE_CONNECTIONS = 50;
/**
 * A folder: update-application at saturation runs once more at the end with the app's CPU profiler
 * on, writes update-application.cpuprofile there and prints its self time by origin (ADR 789).
 */
const CPU_PROFILE_DIR = process.env.BENCH_API_CPU_PROFILE;
/** Origins printed from that profile, largest first. */
const PROFILE_ORIGINS_PRINTED = 14;
/** Seconds of each paced row's discarded warm-up at the same rate with the same client (ADR 689). */
const PACED_WARMUP_SECONDS = 2;

interface Server {
  url: string;
  /** Runs `run` with the server's CPU profiler on (only with `profileFile`); returns the profile. */
  profiled(run: () => Promise<unknown>): Promise<CpuProfile>;
  stop(): Promise<void>;
}

/** Starts a server process; with `profileFile`, one that writes a CPU profile there (api-server.ts). */
async function startServer(kind: 'app' | 'hello', profileFile?: string): Promise<Server> {
  // A free port chosen here: the app reads PORT as npm start does, and refuses 0.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: BENCH_DATABASE_URL,
    PORT: String(await freePort()),
    ...(profileFile ? { CPU_PROFILE_FILE: profileFile } : {}),
  };
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'tests/bench/api-server.ts'), kind],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk;
      const match = /listening (\d+)/.exec(log);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}:\n${log}`)));
  });
  /** Sends SIGUSR2 and waits for the server to print `word` on a line of its own; throws if it exits. */
  const signalAndWait = async (word: string) => {
    const printed = (text: string) => text.split('\n').filter((line) => line.trim() === word).length;
    const before = printed(log);
    child.kill('SIGUSR2');
    while (printed(log) === before) {
      if (child.exitCode !== null) throw new Error(`${kind} server exited while profiling:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    url: `http://127.0.0.1:${port}`,
    async profiled(run) {
      if (!profileFile) throw new Error(`the ${kind} server was started without a profile file`);
      await signalAndWait('profiling');
      await run();
      await signalAndWait('profiled');
      return JSON.parse(await readFile(profileFile, 'utf8')) as CpuProfile;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function post(url: string, body: object): Promise<{ data: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/** The demo agent's applications still `new` (updatable), at most 200. */
async function updatableIds(): Promise<number[]> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT applications.id FROM applications
       JOIN agents ON agents.id = applications.agent_id JOIN users ON users.id = agents.user_id
       WHERE users.email = 'agent@demo.test' AND applications.status = 'new'
       ORDER BY applications.id LIMIT 200`,
    );
    return rows.map((row) => row.id as number);
  } finally {
    await client.end();
  }
}

interface Endpoint {
  name: string;
  path: string;
  /** The body of the n-th request. */
  body: (n: number) => object;
}

/**
 * One autocannon run: at `rate` req/s over RATE_CONNECTIONS connections, or with `rate` undefined
 * at saturation (as fast as CONNECTIONS connections, one request in flight each, go).
 */
async function load(url: string, endpoint: Endpoint, rate: number | undefined): Promise<Result> {
  let n = 0;
  return autocannon({
    url,
    connections: rate ? RATE_CONNECTIONS : CONNECTIONS,
    duration: SECONDS,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        path: endpoint.path,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: JSON.stringify(endpoint.body(n++)) }),
      },
    ],
  });
}

const reqPerS = (r: Result) => r.requests.total / r.duration;
const failures = (r: Result) => r.errors + r.timeouts + r.non2xx;

/** Seeds when needed, starts both servers, runs every load; returns the report section. */
export async function apiBench(): Promise<string> {
  const notes: string[] = [];
  const existing = await benchApplicationCount();
  if (existing < MILLION) {
    const times = await seedMillion();
    notes.push(
      `- seeded ${MILLION.toLocaleString('en-US')} applications in ${(times.totalMs / 1000).toFixed(1)} s ` +
        `(insert ${(times.insertMs / 1000).toFixed(1)} s, vacuum analyze ${(times.analyzeMs / 1000).toFixed(1)} s; tests/bench/seed-million.ts)`,
    );
  } else {
    notes.push(`- reused the bench database (${existing.toLocaleString('en-US')} applications)`);
  }
  const servers: Server[] = [];
  try {
    const hello = await startServer('hello');
    servers.push(hello);
    const profileFile = CPU_PROFILE_DIR ? join(CPU_PROFILE_DIR, 'update-application.cpuprofile') : undefined;
    const app = await startServer('app', profileFile);
    servers.push(app);
    const { data } = await post(`${app.url}/api/auth/login`, {
      email: 'agent@demo.test',
      password: 'demo1234',
    });
    const sessionKey = data.session_key as string;
    const ids = await updatableIds();
    if (ids.length === 0) throw new Error('The demo agent has no new application to update');
    const id = (n: number) => ids[n % ids.length];
    const endpoints: Endpoint[] = [
      { name: 'bare Fastify hello (baseline)', path: '/api/hello', body: () => ({}) },
      {
        name: 'get-application-by-id',
        path: '/api/agent-portal/get-application-by-id',
        body: (n) => ({ session_key: sessionKey, application_id: id(n) }),
      },
      {
        name: 'update-application',
        path: '/api/agent-portal/update-application',
        body: (n) => ({
          session_key: sessionKey,
          application_id: id(n),
          address_details: { first_name: `Bench${n % 1000}` },
        }),
      },
      {
        name: 'listing, filters product + address',
        path: '/api/agent-portal/get-agent-applications-list',
        body: () => ({
          session_key: sessionKey,
          filters: { carrier_quote_type: 'Primary', address: 'Main' },
        }),
      },
    ];
    // A first call of each, so a broken endpoint fails loudly instead of filling a row with errors.
    for (const endpoint of endpoints.slice(1)) await post(`${app.url}${endpoint.path}`, endpoint.body(0));
    const rows: string[][] = [];
    const row = (endpoint: Endpoint, mode: string, result: Result, baseline: Result) =>
      rows.push([
        endpoint.name,
        mode,
        reqPerS(result).toFixed(0),
        result.latency.p50.toFixed(1),
        result.latency.p99.toFixed(1),
        String(failures(result)),
        ratio(result.latency.p50, baseline.latency.p50),
        ratio(reqPerS(result), reqPerS(baseline)),
      ]);
    for (const [mode, rate] of [
      [`fixed ${RATE} req/s`, RATE],
      ['saturation', undefined],
    ] as const) {
      let baseline: Result | undefined;
      for (const endpoint of endpoints) {
        const result = await load(endpoint === endpoints[0] ? hello.url : app.url, endpoint, rate);
        baseline ??= result;
        row(endpoint, mode, result, baseline);
      }
    }
    // Issue 18's offered rates (get at 1,000 req/s, the listing at 500), evenly paced, each after
    // the hello route at the same rate.
    const wakeUps: string[] = [];
    const paced = async (url: string, endpoint: Endpoint, rate: number) => {
      // Discarded warm-up with the same client: after autocannon's rows the server's HTTP parser
      // deoptimises on undici's request shape and recompiles in the first seconds (ADR 689).
      const pacedFor = (seconds: number) =>
        pacedPostLoad({ url, ...endpoint, rate, seconds, connections: RATE_CONNECTIONS });
      await pacedFor(PACED_WARMUP_SECONDS);
      const watch = watchWakeUps(SECONDS * 1000);
      const result = await pacedFor(SECONDS);
      const delays = await watch.delays;
      wakeUps.push(
        `${endpoint.name} at ${rate}: max ${delays.maxMs.toFixed(1)} ms, ${delays.windowsOver5Ms} windows over 5 ms, ${delays.windowsOver10Ms} over 10 ms, steal ${delays.stolenMs ?? 'n/a'} ms`,
      );
      return result;
    };
    const pacedRow = (endpoint: Endpoint, rate: number, result: PacedResult, baseline: PacedResult) =>
      rows.push([
        endpoint.name,
        `paced ${rate} req/s`,
        result.achievedPerS.toFixed(0),
        result.p50.toFixed(1),
        result.p99.toFixed(1),
        String(result.errors),
        ratio(result.p50, baseline.p50),
        ratio(result.achievedPerS, baseline.achievedPerS),
      ]);
    for (const [endpoint, rate] of [
      [endpoints[1], 1000],
      [endpoints[3], 500],
    ] as const) {
      const baseline = await paced(hello.url, endpoints[0], rate);
      pacedRow(endpoints[0], rate, baseline, baseline);
      pacedRow(endpoint, rate, await paced(app.url, endpoint, rate), baseline);
    }
    if (profileFile) {
      let result: Result | undefined;
      const profile = await app.profiled(async () => {
        result = await load(app.url, endpoints[2], undefined);
      });
      const origins = selfTimeByOrigin(profile, REPO_ROOT)
        .slice(0, PROFILE_ORIGINS_PRINTED)
        .map(({ origin, share }) => `${origin} ${(share * 100).toFixed(1)}%`);
      notes.push(
        `- update-application at saturation once more with the app's CPU profiler on (${profileFile}): ${result ? reqPerS(result).toFixed(0) : '?'} req/s; the app process's self time by origin: ${origins.join(', ')}`,
      );
    }
    notes.push(
      `- autocannon, ${SECONDS} s per row, ${RATE_CONNECTIONS} connections at the fixed rate and ${CONNECTIONS} at saturation, in the bench process; each server in its own Node process; PostgreSQL on the same machine (${BENCH_DATABASE_URL})`,
      `- paced rows: one request every 1/rate s over up to ${RATE_CONNECTIONS} keep-alive connections (undici), open loop, latency from each request's due time (tests/bench/paced-load.ts), each after a discarded ${PACED_WARMUP_SECONDS} s warm-up at the same rate (ADR 689); req/s = answers per second achieved`,
      `- as agent@demo.test (~1,000 of the million are theirs); get and update rotate over ${ids.length} of their new applications; the listing is page 1 (25 rows), newest first, with status counts`,
      '- errors = connection errors + timeouts + non-2xx answers',
      `- an idle process's timer wake-ups during each paced row, late by, and the CPU time the hypervisor stole (tests/bench/wake-up-delay.ts; 50 ms windows; the machine's own stalls, ADR 689): ${wakeUps.join('; ')}`,
    );
    const table = markdownTable(
      ['call', 'load', 'req/s:', 'p50 (ms):', 'p99 (ms):', 'errors:', 'p50 / hello:', 'req/s / hello:'],
      rows,
    );
    return `## API on PostgreSQL, 1,000,000 applications\n\n${notes.join('\n')}\n\n${table}\n`;
  } finally {
    for (const server of servers) await server.stop();
  }
}
