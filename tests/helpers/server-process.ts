/**
 * The real server as a child process: `server/start.ts`, bundled once per test project and run
 * (tests/helpers/server-bundle.ts), on a free port, for suites that need a process to stop,
 * kill -9 or run twice (e2e journeys, fault suites). No database is chosen here: the caller
 * passes DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL) in `env`. Its output joins the run's
 * server logs and the secrets post() was answered join the issued ones (ADR 755).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { inject } from 'vitest';
import { listeningLine } from '../../server/listening-line.ts';
import type { LooseData } from '../server/helpers/test-app.ts';
import { appendServerLog, recordSecretsIn } from './issued-secrets.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  baseUrl: string;
  port: number;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far (pino JSON lines and start-up text). */
  output(): string;
  /**
   * POST /api/<path> with a JSON body: the HTTP status and the parsed envelope. Rejects when no
   * answer arrives (connection refused or reset: the process is gone).
   */
  post(path: string, body: unknown): Promise<{ statusCode: number; body: LooseData }>;
  /**
   * SIGTERM (the server drains, closes its worker and database); waits for the exit and the last
   * output; resolves with the exit code (null when a signal ended it).
   */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown code runs, as in a crash or an OOM kill. Waits as stop() does. */
  kill(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now (the kernel's pick). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Resolves once the child printed that it listens on `port` (listeningLine) and the port answers.
 * An answer alone proves nothing: between freePort() and the child's bind, another process of the
 * run may take the port (a fake provider listening on port 0) and answer the readiness poll, and
 * the suite's calls would go to it (a fake Twilio's 201 to a sign-in).
 */
async function waitForServer(
  baseUrl: string,
  port: number,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${output()}`);
    if (output().includes(listeningLine(port))) {
      try {
        const res = await fetch(`${baseUrl}/api/is-it-working-hour`);
        if (res.ok) return;
      } catch {
        // not answering yet
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/**
 * POSTs `text` as JSON and resolves with the answer as soon as it arrives, even while the body is
 * still being sent: a server refusing a large body answers early (413) and may close, and a write
 * error after the answer is not the exchange's failure (fetch reports it as `fetch failed`).
 * Rejects when the connection fails before any answer.
 */
function postJson(url: string, text: string): Promise<{ statusCode: number; body: LooseData }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          const answer = Buffer.concat(chunks).toString();
          recordSecretsIn(answer);
          resolve({ statusCode: response.statusCode ?? 0, body: JSON.parse(answer) });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.end(text);
  });
}

/**
 * Node's on-disk code cache for the processes of one bundle, in the bundle's folder (deleted with
 * it): the first process to exit cleanly writes it, and every later start of the run skips
 * compiling the bundle and its packages, about 1.2 of the 8.4 CPU-s a PGlite start and stop costs
 * (ADR 783). Node 22.1+ reads it; an older Node ignores the variable.
 */
function compileCacheOf(bundle: string): string {
  return join(dirname(bundle), 'compile-cache');
}

export interface ServerProcessOptions {
  /** Longest wait for the server to answer, in ms (default 120 s). */
  timeoutMs?: number;
  /**
   * The server bundle to run (a buildServerBundle path). Default: the one the run's global setup
   * built (`inject('serverBundle')`), which exists only inside Vitest.
   */
  bundle?: string;
}

/**
 * Starts the server bundle on a free port with `env` over this process's environment (DATABASE_URL
 * removed unless `env` sets it) and resolves once it printed that it listens on its port and
 * `/api/is-it-working-hour` answers there (listeningLine). The port is
 * free when picked but the server binds it seconds later, after its start-up: when another process
 * took it meanwhile (EADDRINUSE in the output), it starts again on a fresh port, at most 3 times.
 * Rejects with the server's output when it exits otherwise or does not answer within `timeoutMs`.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePort(env, options);
    } catch (error) {
      if (attempt === 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnFreePort(
  env: NodeJS.ProcessEnv,
  { timeoutMs = 120_000, bundle = inject('serverBundle') }: ServerProcessOptions,
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, { NODE_COMPILE_CACHE: compileCacheOf(bundle) }, env, { PORT: String(port) });
  const child = spawn(process.execPath, [bundle], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // 'close' comes after the exit and the last chunk of output, so output() is complete then; it
  // joins the run's server logs, grepped for issued secrets at the end (ADR 755).
  const closed = new Promise<void>((r) =>
    child.once('close', () => {
      appendServerLog(log);
      r();
    }),
  );
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const output = () => log;
  try {
    await waitForServer(baseUrl, port, child, output, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    port,
    pid: child.pid as number,
    output,
    post: (path, body) => postJson(`${baseUrl}/api/${path}`, JSON.stringify(body)),
    async stop() {
      child.kill('SIGTERM');
      await closed;
      return child.exitCode;
    },
    async kill() {
      child.kill('SIGKILL');
      await closed;
    },
  };
}
