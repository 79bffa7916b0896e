/**
 * A restart loses no quote request (ARCHITECTURE §server): launch, stop the process before any
 * carrier answered, reopen the same PGlite data directory, and the new process's worker finishes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Doc } from '../../engine/types.ts';
import { examples } from '../../schemas/schema-set.ts';
import { buildApp } from '../../server/app.ts';
import { rowsOf } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { seedDemoData } from '../../server/db/seed-demo-data.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'restart-'));

async function boot() {
  const database = await openDatabase({ dataDir });
  await migrate(database.db);
  await seedDemoData(database.db);
  const app = await buildApp({ db: database.db, portalDir: null, startWorker: false });
  const post = async (path: string, body: object) =>
    (await app.inject({ method: 'POST', url: `/api/${path}`, payload: body })).json();
  return { database, app, post };
}

/**
 * The test migrates and seeds a new PGlite data directory, then opens it again: about 10 s quiet,
 * over the unit project's 30 s on a loaded 2-core machine.
 */
const RESTART_TEST_TIMEOUT_MS = 120_000;

describe('restart (PGlite on disk)', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes the quotes of a launch after a restart, without seeding twice', {
    timeout: RESTART_TEST_TIMEOUT_MS,
  }, async () => {
    const first = await boot();
    const key = (await first.post('auth/login', { email: 'agent@demo.test', password: 'demo1234' })).data
      .session_key;
    const created = await first.post('agent-portal/create-new-application', {
      session_key: key,
      address: {
        searched_address: '5 Restart Rd, Miami Beach, FL 33139',
        address1: '5 Restart Rd',
        city: 'Miami Beach',
        state: 'FL',
        zip: '33139',
      },
    });
    const id = created.data.application.id;
    const launched = await first.post('agent-portal/launch-application', {
      session_key: key,
      application_id: id,
      address_details: structuredClone(examples.primary as Doc),
    });
    expect(launched.code, launched.message).toBe(200);
    const pending = launched.data.application.quotes.length;
    expect(pending).toBeGreaterThan(0);
    await first.app.close();
    await first.database.close();

    const second = await boot();
    // The session survives the restart too: it lives in the database.
    expect((await second.post('auth/me', { session_key: key })).code).toBe(200);
    expect(await second.app.quoteWorker.drain()).toBe(pending);
    const app = (
      await second.post('agent-portal/get-application-by-id', { session_key: key, application_id: id })
    ).data.application;
    expect(app.status).toBe('completed');
    expect(app.quotes).toHaveLength(pending);
    const list = (await second.post('agent-portal/get-agent-applications-list', { session_key: key })).data
      .applications;
    expect(list.total).toBe(3); // the two seeded applications and this one: no second seed
    // On disk, PGlite keeps PostgreSQL's buffer cache; only an in-memory one has a small one (ADR 792).
    const [buffers] = rowsOf<{ shared_buffers: string }>(
      await second.database.db.execute(sql`SHOW shared_buffers`),
    );
    expect(buffers?.shared_buffers).toBe('128MB');
    await second.app.close();
    await second.database.close();
  });
});
