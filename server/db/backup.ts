/**
 * Backup and restore of either database (issue 39, docs/deploying.md Backups):
 * - PGlite: the data dir as PGlite's own gzipped tar (dumpDataDir), taken by the running server
 *   through the control socket beside DATA_DIR, else by opening DATA_DIR; restored by creating the data
 *   dir from it (loadDataDir).
 * - PostgreSQL: pg_dump's custom format, restored with pg_restore (PostgreSQL's client tools must
 *   be installed; a missing tool is named).
 * A restore refuses a database that already holds tables (or a non-empty DATA_DIR) unless
 * `force`: then PostgreSQL's objects are dropped first (`--clean`) and the data dir is replaced.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { callControlSocket } from './control-socket.ts';
import { openDatabase } from './open-database.ts';

const run = promisify(execFile);

/** Where a backup goes or comes from: PostgreSQL's URL or PGlite's data dir. */
export type BackupSource = { databaseUrl: string } | { dataDir: string };

/** A refusal the commands print as one line (exit 1). */
export class BackupRefused extends Error {}

async function postgresTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new BackupRefused(
        `${tool} is not installed (PostgreSQL's client tools, e.g. apt-get install postgresql-client).`,
      );
    throw new BackupRefused(`${tool} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

/** Writes a backup of `source` to the file `out`. Throws BackupRefused naming what failed. */
export async function backupDatabase(source: BackupSource, out: string): Promise<void> {
  if ('databaseUrl' in source) {
    await postgresTool('pg_dump', ['--format=custom', '--no-owner', '--file', out, source.databaseUrl]);
    return;
  }
  const answer = await callControlSocket(source.dataDir, 'GET', '/backup');
  if (answer) {
    if (answer.status !== 200)
      throw new BackupRefused(`The running server failed: ${answer.body.toString()}`);
    await writeFile(out, answer.body);
    return;
  }
  if (!existsSync(source.dataDir)) throw new BackupRefused(`${source.dataDir} does not exist.`);
  const database = await openDatabase({ dataDir: source.dataDir });
  try {
    await writeFile(
      out,
      Buffer.from(await (await (database.dumpDataDir as () => Promise<Blob>)()).arrayBuffer()),
    );
  } finally {
    await database.close();
  }
}

/** Tables in the database's current schema (0: an empty database). */
async function postgresTableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema()',
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/**
 * Restores the backup file `input` into `target`. Refuses (BackupRefused) a target holding data
 * unless `force`, and a PGlite data dir a running server holds in any case.
 */
export async function restoreDatabase(target: BackupSource, input: string, force: boolean): Promise<void> {
  if (!existsSync(input)) throw new BackupRefused(`${input} does not exist.`);
  if ('databaseUrl' in target) {
    const tables = await postgresTableCount(target.databaseUrl);
    if (tables > 0 && !force)
      throw new BackupRefused(
        `The database already has ${tables} table(s); restore with --force to replace them.`,
      );
    const clean = tables > 0 ? ['--clean', '--if-exists'] : [];
    await postgresTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      ...clean,
      '--dbname',
      target.databaseUrl,
      input,
    ]);
    return;
  }
  const { dataDir } = target;
  if (await callControlSocket(dataDir, 'GET', '/not-a-request'))
    throw new BackupRefused(`A server is running on ${dataDir}; stop it before restoring.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!force) throw new BackupRefused(`${dataDir} is not empty; restore with --force to replace it.`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const client = new PGlite(dataDir, { loadDataDir: new Blob([await readFile(input)]) });
  await client.waitReady;
  await client.close();
}
