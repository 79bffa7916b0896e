/**
 * Builds the API benchmark's database: a fresh PostgreSQL database (default `bench` on the
 * server of postgres://postgres@127.0.0.1:5432, BENCH_DATABASE_URL to change), migrated, with the
 * demo data, 99 more agencies of 10 agents each, and `count` applications (default 1,000,000)
 * spread evenly over every agent (the demo agent gets ~1,000): products Primary, Excess, Mobile,
 * Commercial in turn, each storing that product's example document, statuses new / launched /
 * completed in turn, distinct addresses, one created every 30 s going back; each launched or
 * completed one has a lowest premium and two carriers' quotes (one in five second quotes declined,
 * with one of three reasons; answered 5..44 s after the request), for the reporting benchmark.
 * INSERT ... SELECT generate_series on the server, the reporting roll-ups counted once (migration
 * 0031), then VACUUM ANALYZE.
 * `npx tsx tests/bench/seed-million.ts [count]` recreates the database and prints the time.
 * Throws when PostgreSQL cannot be reached.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { examples } from '../../schemas/schema-set.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { seedDemoData } from '../../server/db/seed-demo-data.ts';

export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
export const MILLION = 1_000_000;

/** Products in turn, by `g % 4`; each application stores its product's example document. */
const PRODUCTS = ['Primary', 'Excess', 'Mobile', 'Commercial'] as const;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Applications in the bench database; 0 when the database does not exist or is not migrated. */
export async function benchApplicationCount(url = BENCH_DATABASE_URL): Promise<number> {
  try {
    return await withClient(url, async (client) => {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM applications');
      return rows[0].n as number;
    });
  } catch {
    return 0;
  }
}

/** Drops and recreates the bench database, migrates and seeds it; returns the phases' times (ms). */
export async function seedMillion(
  count = MILLION,
  url = BENCH_DATABASE_URL,
): Promise<{ createMs: number; insertMs: number; analyzeMs: number; totalMs: number }> {
  const started = performance.now();
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid bench database name: ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  await withClient(adminUrl.href, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrate(database.db);
    await seedDemoData(database.db);
  } finally {
    await database.close();
  }
  const createMs = performance.now() - started;
  const { insertMs, analyzeMs } = await withClient(url, async (client) => {
    await client.query(`
      INSERT INTO companies (name, has_active_subscription)
      SELECT 'Bench Agency ' || g, true FROM generate_series(1, 99) g`);
    await client.query(`
      INSERT INTO users (email, name, role, password_hash, company_id)
      SELECT 'bench-agent-' || g || '@bench.test', 'Bench Agent ' || g, 'agent',
             (SELECT password_hash FROM users WHERE email = 'agent@demo.test'), c.id
      FROM generate_series(0, 989) g
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM companies
            WHERE name LIKE 'Bench Agency %') c ON c.k = g % 99`);
    await client.query(`
      INSERT INTO agents (user_id, licensed_states)
      SELECT id, ARRAY['FL', 'TX'] FROM users WHERE email LIKE 'bench-agent-%'`);
    const agentsWithCompany = `
      SELECT agents.id AS agent_id, users.company_id, row_number() OVER (ORDER BY agents.id) - 1 AS k
      FROM agents JOIN users ON users.id = agents.user_id WHERE users.company_id IS NOT NULL`;
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM (${agentsWithCompany}) a`);
    // Bulk load: the rows are consistent by construction, so foreign-key triggers are skipped
    // (session_replication_role) and the secondary indexes are rebuilt once afterwards from their
    // own definitions, which is several times faster than maintaining them row by row.
    const insertStarted = performance.now();
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes
       WHERE schemaname = current_schema() AND tablename IN ('applications', 'quotes')
         AND indexname NOT IN ('applications_pkey', 'quotes_pkey')`,
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.indexname}`);
    await client.query("SET session_replication_role = 'replica'");
    await client.query("SET maintenance_work_mem = '256MB'");
    // The documents go through a table first, so each is compressed once (TOAST) and copied as
    // is into every row, instead of compressed again for each of the million rows.
    await client.query('CREATE TEMP TABLE bench_documents (k int PRIMARY KEY, doc jsonb NOT NULL)');
    await client.query(
      'INSERT INTO bench_documents SELECT k - 1, doc FROM unnest($1::jsonb[]) WITH ORDINALITY AS d(doc, k)',
      [PRODUCTS.map((p) => JSON.stringify(examples[p.toLowerCase() as keyof typeof examples]))],
    );
    await client.query(
      `
      WITH a AS (${agentsWithCompany})
      INSERT INTO applications (agent_id, company_id, status, application_type, carrier_quote_type,
        useable_details, searched_address, client_name, created_at, updated_at, launched_at,
        min_quote_amount)
      SELECT a.agent_id, a.company_id,
        (ARRAY['new', 'launched', 'completed'])[1 + g % 3],
        'flood',
        jsonb_build_array(($1::text[])[1 + g % 4]),
        d.doc,
        g || ' ' || (ARRAY['Main', 'Ocean', 'Bay', 'Palm', 'Cedar', 'Lake', 'Hill', 'River'])[1 + (g / 4) % 8]
          || ' St, Miami, FL 33101',
        'Client ' || g,
        now() - g * interval '30 seconds',
        now() - g * interval '30 seconds',
        CASE WHEN g % 3 <> 0 THEN now() - g * interval '30 seconds' END,
        CASE WHEN g % 3 <> 0 THEN 500 + g % 1000 END
      FROM generate_series(1, $2::int) g
      JOIN a ON a.k = g % $3::int
      JOIN bench_documents d ON d.k = g % 4`,
      [PRODUCTS, count, rows[0].n],
    );
    await client.query(`
      INSERT INTO quotes (application_id, carrier, display_name, connector, status, premium, message,
        requested_at, answered_at)
      SELECT a.id, c.carrier, c.carrier, 'sandbox',
        CASE WHEN c.k = 2 AND a.id % 5 = 0 THEN 'declined' ELSE 'quoted' END,
        CASE WHEN c.k = 2 AND a.id % 5 = 0 THEN NULL ELSE a.min_quote_amount + c.k * 40 END,
        CASE WHEN c.k = 2 AND a.id % 5 = 0 THEN
          (ARRAY['Risk in a coastal high hazard area', 'Building too old', 'Prior flood claims'])[1 + a.id % 3]
        END,
        a.created_at, a.created_at + (5 + a.id % 40) * interval '1 second'
      FROM applications a
      CROSS JOIN (VALUES (1, 'neptune'), (2, 'wright')) AS c(k, carrier)
      WHERE a.status <> 'new'`);
    await client.query("SET session_replication_role = 'origin'");
    for (const index of indexes) await client.query(index.indexdef);
    // The reporting roll-ups' triggers were off with the foreign keys' (ADR 500): count them once.
    await client.query('SELECT report_roll_ups_rebuild()');
    const insertMs = performance.now() - insertStarted;
    const analyzeStarted = performance.now();
    await client.query('VACUUM ANALYZE');
    return { insertMs, analyzeMs: performance.now() - analyzeStarted };
  });
  return { createMs, insertMs, analyzeMs, totalMs: performance.now() - started };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = Number(process.argv[2] ?? MILLION);
  const times = await seedMillion(count);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `Seeded ${count} applications into ${BENCH_DATABASE_URL} in ${s(times.totalMs)} ` +
      `(create + migrate + demo data ${s(times.createMs)}, insert ${s(times.insertMs)}, vacuum analyze ${s(times.analyzeMs)})`,
  );
}
