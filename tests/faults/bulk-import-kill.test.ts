/**
 * Bulk import crash safety (issue 13): kill -9 the real server while its job imports a file,
 * restart it on the same database, and the import finishes with every row settled exactly once:
 * no row lost, none doubled, one application per created row. PGlite (data directory on disk)
 * always; PostgreSQL too with TEST_DATABASE_URL. docs/decisions/194-bulk-import-resume.md.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, bulkUploadRows } from '../../server/db/schema.ts';
import { BULK_BATCH_ROWS } from '../../server/services/bulk-import-job.ts';
import { bulkCsv } from '../helpers/bulk-upload-rows.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { DATABASE_KINDS } from '../server/helpers/database-kinds.ts';
import { createServerDatabase, type ServerDatabase } from './server-database.ts';

/** Rows of the file: several batches, so the kill lands between two of them. */
const ROWS = 30_000;
const BAD_EVERY = 25;
/** A dead process's job waits one lease (JOB_LEASE_MS, 10 s) before it is claimed again. */
const FINISH_TIMEOUT_MS = 180_000;

/**
 * The databases' suites run at once, each with its own database and server processes: the import
 * and a server start are single-threaded, so the second core runs the other database's meanwhile,
 * as crash safety does (ADR 560, 611). The kill, restart and checks are as before.
 */
describe.concurrent.each(DATABASE_KINDS)('bulk import killed on %s', (kind) => {
  let database: ServerDatabase;
  let server: ServerProcess | null = null;
  const start = async () => {
    server = await startServerProcess({ ...database.env, PORTAL_DIR: 'off', LOG_LEVEL: 'warn' });
    return server;
  };

  beforeAll(async () => {
    database = await createServerDatabase(kind);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.remove();
  });

  it('finishes after a kill -9 mid-import with every row settled once', async () => {
    let live = await start();
    const login = async () =>
      (await live.post('auth/login', { email: 'agent@demo.test', password: 'demo1234' })).body.data
        .session_key as string;
    let key = await login();
    const csv = bulkCsv(ROWS, BAD_EVERY).replaceAll('Ocean Dr', 'Kill Rd');
    const file = {
      file_name: 'kill.csv',
      content_base64: Buffer.from(csv).toString('base64'),
      product: 'Primary',
    };
    const preview = await live.post('services/file-upload/preview-application-file', {
      session_key: key,
      ...file,
    });
    expect(preview.statusCode, preview.body.message).toBe(200);
    const made = await live.post('services/file-upload/create-application', {
      session_key: key,
      ...file,
      mapping: preview.body.data.mapping,
    });
    expect(made.statusCode, made.body.message).toBe(200);
    const id = made.body.data.upload.id;
    const progress = async () =>
      (await live.post('services/file-upload/get-upload', { session_key: key, upload_id: id })).body.data
        .upload;

    // Kill once at least one batch is in and rows are left.
    let before = await progress();
    const deadline = Date.now() + 60_000;
    while (before.rows_read < BULK_BATCH_ROWS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      before = await progress();
    }
    await live.kill();
    expect(before.rows_read).toBeGreaterThanOrEqual(BULK_BATCH_ROWS);
    expect(before.rows_read).toBeLessThan(ROWS);

    live = await start();
    key = await login();
    const finishBy = Date.now() + FINISH_TIMEOUT_MS;
    let after = await progress();
    while (after.status !== 'done' && Date.now() < finishBy) {
      await new Promise((r) => setTimeout(r, 500));
      after = await progress();
    }
    const refused = ROWS / BAD_EVERY;
    expect(after).toMatchObject({
      status: 'done',
      rows_read: ROWS,
      rows_created: ROWS - refused,
      rows_refused: refused,
    });
    await live.stop();
    server = null;

    const db = await database.open();
    try {
      const rows = await db.db.select().from(bulkUploadRows).where(eq(bulkUploadRows.upload_id, id));
      expect(rows).toHaveLength(ROWS);
      expect(new Set(rows.map((r) => r.row_number)).size).toBe(ROWS);
      const made = await db.db
        .select({ id: applications.id })
        .from(applications)
        .where(like(applications.searched_address, '%Kill Rd%'));
      expect(made).toHaveLength(ROWS - refused);
      const linked = new Set(rows.map((r) => r.application_id).filter((v) => v !== null));
      expect(made.every((row) => linked.has(row.id))).toBe(true);
    } finally {
      await db.close();
    }
  }, 400_000);
});
