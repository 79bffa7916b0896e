/**
 * The embedded database's control socket (issue 39): PGlite is one process's, so while the server
 * runs on a DATA_DIR, commands on the same DATA_DIR (superadmin:create, db:backup) ask the server
 * through a Unix socket beside that folder (`<DATA_DIR>.control.sock`, mode 0600: only its
 * owner; not inside it, since PGlite's dump reads every file of the data dir and fails on a
 * socket) instead of opening the database a second time. When nothing listens there the command opens
 * the data dir itself. PostgreSQL needs none of this: every process connects.
 *
 * Requests: `POST /superadmin` `{email, password}` answers `{created, userId | problem}`;
 * `GET /backup` answers the gzipped tar of PGlite's dumpDataDir.
 */
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { resolve } from 'node:path';
import { json } from 'node:stream/consumers';
import type { SuperAdminResult } from '../services/super-admin.ts';

/** The socket of the server on `dataDir`: `<dataDir>.control.sock`, beside it. */
export function controlSocketPath(dataDir: string): string {
  return `${resolve(dataDir)}.control.sock`;
}

/** What the server does for a command. */
export interface ControlHandlers {
  createSuperAdmin(email: string, password: string): Promise<SuperAdminResult>;
  /** The data dir as a gzipped tar (PGlite's dumpDataDir). */
  dump(): Promise<Blob>;
}

/**
 * Listens on controlSocketPath(dataDir) (a stale file of a crashed server is replaced); resolves with
 * the server, whose close() the caller calls on shutdown.
 */
export async function startControlSocket(dataDir: string, handlers: ControlHandlers): Promise<Server> {
  const path = controlSocketPath(dataDir);
  if (existsSync(path)) rmSync(path);
  const server = createServer(async (req, res) => {
    try {
      if (req.method === 'POST' && req.url === '/superadmin') {
        const { email, password } = (await json(req)) as { email: string; password: string };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(await handlers.createSuperAdmin(String(email), String(password))));
      } else if (req.method === 'GET' && req.url === '/backup') {
        res.setHeader('content-type', 'application/gzip');
        res.end(Buffer.from(await (await handlers.dump()).arrayBuffer()));
      } else {
        res.statusCode = 404;
        res.end();
      }
    } catch (error) {
      res.statusCode = 500;
      res.end(error instanceof Error ? error.message : JSON.stringify(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  chmodSync(path, 0o600);
  return server;
}

/**
 * Sends a request to the server running on `dataDir`: its status and body, or null when no
 * server listens there (no socket, or a stale one). Rejects on any other socket error.
 */
export function callControlSocket(
  dataDir: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Buffer } | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolve(null) : reject(error),
    );
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
