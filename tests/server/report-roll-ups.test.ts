/**
 * The reporting roll-ups of migrations 0031, 0032 and 0034 (ADR 500, 530, 580), on PGlite and PostgreSQL.
 * Property: after random application and quote inserts, updates (one row and several per
 * statement) and deletes, the trigger-kept tables equal a recount from the rows, and every roll-up
 * answer (count, totals, days, weeks, carriers, declining reasons, median premiums by product and
 * by flood zone, times to first and all quotes) equals the row scan's for random ranges, time zones, scopes and filters.
 * Also: which filters and zones the roll-ups serve, the export's cells formatted by the database
 * equal the JavaScript formatting the export used before (ADR 501), and the exported file (COPY's
 * CSV on PostgreSQL, csv-stringify's pages on PGlite) equals csv-stringify of those cells (ADR 580).
 */
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/database.ts';
import { agents, applications, quotes, users } from '../../server/db/schema.ts';
import type { AccessScope } from '../../server/repositories/access-scope.ts';
import {
  applicationsPerPeriodFromRows,
  carrierOutcomesFromRows,
  carrierQuoteTimesFromRows,
  medianPremiumByFromRows,
  TOP_DECLINE_REASONS,
  topDeclineReasonsFromRows,
} from '../../server/repositories/analytics-repository.ts';
import type { ReportFilters } from '../../server/repositories/report-filters.ts';
import {
  rollUpCarrierOutcomes,
  rollUpCarrierQuoteTimes,
  rollUpCount,
  rollUpDeclineReasons,
  rollUpMedianPremiumBy,
  rollUpPerPeriod,
  rollUpServes,
  rollUpTotals,
} from '../../server/repositories/report-roll-ups.ts';
import {
  reportCountFromRows,
  reportExportRowsBefore,
  reportTotalsFromRows,
} from '../../server/repositories/reporting-repository.ts';
import { applicationReference } from '../../server/services/application-reference.ts';
import { csvSafeCell } from '../../server/services/csv-safe-cell.ts';
import { reportCsvStream } from '../../server/services/report-csv-export.ts';
import { SUPER_ADMIN } from '../helpers/super-admin-actor.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

/** The window the random applications are made in: the US spring DST change of 2021 inside. */
const WINDOW_START = Date.parse('2021-03-12T00:00:00Z');
const WINDOW_MINUTES = 5 * 24 * 60;
const DAYS = [
  '2021-03-11',
  '2021-03-12',
  '2021-03-13',
  '2021-03-14',
  '2021-03-15',
  '2021-03-16',
  '2021-03-17',
];
/** Zones whose midnights are whole UTC hours (the roll-ups serve them), DST or not. */
const ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Europe/London'];
const PRODUCTS = ['Primary', 'Excess', 'Commercial'];
const STATUSES = ['new', 'launched', 'completed'] as const;
const SOURCES = ['Agent Portal', 'Bulk Upload'];
const CARRIERS = ['neptune', 'wright', 'aon'];
const QUOTE_STATUSES = ['pending', 'quoted', 'declined', 'error'] as const;
/** Declining messages: one with spaces around, an empty one ('No reason given'). */
const MESSAGES = ['Building too old', ' Building too old ', 'Prior flood claims', ''];
/** Flood zones; '' counts as not given ('Unknown'). */
const FLOOD_ZONES = ['AE', 'X', ''];

const minute = fc.oneof(
  fc.integer({ min: 0, max: WINDOW_MINUTES - 1 }),
  // Exactly on an hour: the edge of a bucket.
  fc.integer({ min: 0, max: WINDOW_MINUTES / 60 - 1 }).map((h) => h * 60),
);
const application = fc.record({
  company: fc.nat(1),
  minute,
  // null: an empty carrier_quote_type (no product).
  product: fc.option(fc.constantFrom(...PRODUCTS), { nil: null }),
  status: fc.constantFrom(...STATUSES),
  source: fc.constantFrom(...SOURCES),
  launched: fc.boolean(),
  premium: fc.option(
    fc.oneof(
      fc.integer({ min: 100_00, max: 999_99 }).map((cents) => cents / 100),
      // Premiums several applications share: a median's middle values inside one count.
      fc.constantFrom(250, 250.05, 700.5),
    ),
    { nil: null },
  ),
  floodZone: fc.option(fc.constantFrom(...FLOOD_ZONES), { nil: null }),
});
type RandomApplication = typeof application extends fc.Arbitrary<infer T> ? T : never;
const quote = fc.record({
  carrier: fc.constantFrom(...CARRIERS),
  /** A product of the family: the carrier roll-ups count `carrier/sub_carrier` apart (migration 0062). */
  sub_carrier: fc.option(fc.constantFrom('focus', 'nfip'), { nil: null }),
  status: fc.constantFrom(...QUOTE_STATUSES),
  message: fc.option(fc.constantFrom(...MESSAGES), { nil: null }),
  /** Minutes into the window the quote was asked. */
  requested: fc.nat(WINDOW_MINUTES - 1),
  /** Milliseconds to its answer; null while pending. Some shared, so pairs share figures. */
  answeredAfterMs: fc.option(fc.oneof(fc.integer({ min: 0, max: 90_000 }), fc.constantFrom(5_000, 12_500)), {
    nil: null,
  }),
});
type RandomQuote = typeof quote extends fc.Arbitrary<infer T> ? T : never;

/**
 * One write; `pick` chooses among the rows made so far (modulo their count). Inserts and quotes
 * weigh more, so most runs end with applications that have quotes to count.
 */
const operation = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      rows: fc.array(application, { minLength: 1, maxLength: 3 }),
    }),
    weight: 3,
  },
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), to: application }),
  fc.record({
    kind: fc.constant('update-many' as const),
    picks: fc.array(fc.nat(), { minLength: 2, maxLength: 4 }),
    status: fc.constantFrom(...STATUSES),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  {
    arbitrary: fc.record({
      kind: fc.constant('quote' as const),
      pick: fc.nat(),
      rows: fc.array(quote, { minLength: 1, maxLength: 3 }),
    }),
    weight: 4,
  },
  fc.record({ kind: fc.constant('requote' as const), pick: fc.nat(), to: quote }),
  fc.record({ kind: fc.constant('unquote' as const), pick: fc.nat() }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** `arbitrary`'s value one time in four, else undefined: most questions keep rows to answer. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });

const question = fc.record({
  from: fc.nat(DAYS.length - 1),
  length: fc.nat(3),
  zone: fc.constantFrom(...ZONES),
  scope: fc.constantFrom('all', 'company-0', 'company-1'),
  company: sometimes(fc.nat(1)),
  product: sometimes(fc.constantFrom(...PRODUCTS)),
  status: sometimes(fc.constantFrom(...STATUSES)),
  source: sometimes(fc.constantFrom(...SOURCES)),
});

describe.each(DATABASE_KINDS)('report roll-ups on %s', (kind) => {
  let t: TestApp;
  /** [company id, agent id] of Demo Agency and Other Agency. */
  const owners: [number, number][] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const email of ['agent@demo.test', 'otheragent@demo.test']) {
      const [row] = await t.db
        .select({ company: users.company_id, agent: agents.id })
        .from(agents)
        .innerJoin(users, eq(users.id, agents.user_id))
        .where(eq(users.email, email));
      owners.push([row.company as number, row.agent]);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const values = (a: RandomApplication) => {
    const created = new Date(WINDOW_START + a.minute * 60_000);
    return {
      company_id: owners[a.company][0],
      agent_id: owners[a.company][1],
      status: a.status,
      carrier_quote_type: a.product ? [a.product] : [],
      useable_details: a.floodZone === null ? { state: 'FL' } : { state: 'FL', flood_zone: a.floodZone },
      application_source: a.source,
      min_quote_amount: a.premium,
      created_at: created,
      launched_at: a.launched ? created : null,
    };
  };

  const quoteValues = ({ requested, answeredAfterMs, ...q }: RandomQuote) => {
    const requestedAt = WINDOW_START + requested * 60_000;
    return {
      ...q,
      requested_at: new Date(requestedAt),
      answered_at: answeredAfterMs === null ? null : new Date(requestedAt + answeredAfterMs),
    };
  };

  async function apply(op: Operation, made: number[]): Promise<void> {
    const pick = (n: number) => made[n % made.length];
    const quoteIds = async () =>
      (await t.db.select({ id: quotes.id }).from(quotes).where(inArray(quotes.application_id, made))).map(
        (q) => q.id,
      );
    switch (op.kind) {
      case 'insert': {
        const rows = await t.db
          .insert(applications)
          .values(op.rows.map(values))
          .returning({ id: applications.id });
        made.push(...rows.map((r) => r.id));
        return;
      }
      case 'update':
        if (made.length)
          await t.db
            .update(applications)
            .set(values(op.to))
            .where(eq(applications.id, pick(op.pick)));
        return;
      case 'update-many':
        if (made.length) {
          await t.db
            .update(applications)
            .set({ status: op.status })
            .where(inArray(applications.id, op.picks.map(pick)));
        }
        return;
      case 'delete':
        if (made.length) {
          const id = pick(op.pick);
          await t.db.delete(applications).where(eq(applications.id, id));
          made.splice(made.indexOf(id), 1);
        }
        return;
      case 'quote':
        if (made.length) {
          const id = pick(op.pick);
          await t.db.insert(quotes).values(
            op.rows.map((q) => ({
              application_id: id,
              display_name: q.carrier,
              connector: 'sandbox',
              ...quoteValues(q),
            })),
          );
        }
        return;
      case 'requote': {
        const ids = await quoteIds();
        if (ids.length)
          await t.db
            .update(quotes)
            .set(quoteValues(op.to))
            .where(eq(quotes.id, ids[op.pick % ids.length]));
        return;
      }
      case 'unquote': {
        const ids = await quoteIds();
        if (ids.length) await t.db.delete(quotes).where(eq(quotes.id, ids[op.pick % ids.length]));
        return;
      }
    }
  }

  const rollUpRows = async () =>
    rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`
        SELECT 'h' AS t, hour::text, company_id, product, status, source, applications AS a, launched AS b,
          lowest_premium::text AS c, NULL AS carrier, shard
        FROM report_hours
        UNION ALL
        SELECT 'c', hour::text, company_id, product, status, source, asked, quoted, declined::text,
          carrier || '/' || reason, shard
        FROM report_carrier_hours
        UNION ALL
        SELECT 'p', hour::text, company_id, product, status, source, applications, NULL, premium::text, flood_zone, 0
        FROM report_premium_hours
        UNION ALL
        SELECT 't', hour::text, company_id, product, status, source, pairs, NULL,
          first_seconds::text || '/' || coalesce(all_seconds::text, '-'), carrier, shard
        FROM report_quote_time_hours
        UNION ALL
        SELECT 'd', day::text, company_id, product, status, source, pairs, NULL,
          first_seconds::text || '/' || coalesce(all_seconds::text, '-'), carrier, shard
        FROM report_quote_time_days
        ORDER BY 1, 2, 3, 4, 5, 6, 10, 9, 11`),
    );

  it('property: the kept roll-ups equal a recount, and their answers equal the row scans', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 12 }),
        fc.array(question, { minLength: 1, maxLength: 4 }),
        async (operations, questions) => {
          const made: number[] = [];
          try {
            for (const op of operations) await apply(op, made);
            const kept = await rollUpRows();
            await t.db.execute(sql`SELECT report_roll_ups_rebuild()`);
            expect(kept).toEqual(await rollUpRows());
            for (const q of questions) {
              const scope: AccessScope =
                q.scope === 'all'
                  ? { kind: 'all' }
                  : { kind: 'company', companyId: owners[Number(q.scope.slice(-1))][0] };
              const filters: ReportFilters = {
                fromDay: DAYS[q.from],
                toDay: DAYS[Math.min(DAYS.length - 1, q.from + q.length)],
                timeZone: q.zone,
                ...(q.company === undefined ? {} : { companyId: owners[q.company][0] }),
                ...(q.product ? { product: q.product } : {}),
                ...(q.status ? { status: q.status } : {}),
                ...(q.source ? { source: q.source } : {}),
              };
              expect(await rollUpServes(t.db, scope, filters)).toBe(true);
              expect(await rollUpCount(t.db, scope, filters)).toBe(
                await reportCountFromRows(t.db, scope, filters),
              );
              expect(await rollUpTotals(t.db, scope, filters)).toEqual(
                await reportTotalsFromRows(t.db, scope, filters),
              );
              for (const period of ['day', 'week'] as const) {
                expect(await rollUpPerPeriod(t.db, scope, filters, period)).toEqual(
                  await applicationsPerPeriodFromRows(t.db, scope, filters, period),
                );
              }
              expect(await rollUpCarrierOutcomes(t.db, scope, filters)).toEqual(
                await carrierOutcomesFromRows(t.db, scope, filters),
              );
              expect(await rollUpDeclineReasons(t.db, scope, filters, TOP_DECLINE_REASONS)).toEqual(
                await topDeclineReasonsFromRows(t.db, scope, filters),
              );
              expect(await rollUpCarrierQuoteTimes(t.db, scope, filters)).toEqual(
                await carrierQuoteTimesFromRows(t.db, scope, filters),
              );
              for (const by of ['product', 'flood_zone'] as const) {
                expect(await rollUpMedianPremiumBy(t.db, scope, filters, by)).toEqual(
                  await medianPremiumByFromRows(t.db, scope, filters, by),
                );
              }
            }
          } finally {
            // Deleting is one more write the roll-ups follow; the next run starts from the demo data.
            if (made.length) await t.db.delete(applications).where(inArray(applications.id, made));
          }
          expect((await rollUpRows()).filter((r) => String(r.hour).startsWith('2021-03'))).toEqual([]);
        },
      ),
      { numRuns: kind === 'pglite' ? 40 : 25 },
    );
    // 40 runs of up to 12 writes and 4 questions on PGlite: 28 s on a loaded 2-core machine.
  }, 120_000);

  it('serves a company or every company without agent, state, carrier or colour filters, in whole-hour zones', async () => {
    const f: ReportFilters = { fromDay: '2021-03-12', toDay: '2021-03-16', timeZone: 'America/New_York' };
    const company: AccessScope = { kind: 'company', companyId: owners[0][0] };
    expect(await rollUpServes(t.db, { kind: 'all' }, f)).toBe(true);
    expect(await rollUpServes(t.db, company, { ...f, product: 'Primary', status: 'new', source: 'x' })).toBe(
      true,
    );
    expect(await rollUpServes(t.db, { kind: 'agent', agentId: owners[0][1] }, f)).toBe(false);
    expect(await rollUpServes(t.db, { kind: 'none' }, f)).toBe(false);
    for (const extra of [
      { agentId: owners[0][1] },
      { state: 'FL' },
      { carrier: 'neptune' },
      { alertColour: 'red' as const },
    ]) {
      expect(await rollUpServes(t.db, company, { ...f, ...extra })).toBe(false);
    }
    // UTC+05:30 and +05:45: a day starts inside a UTC hour.
    expect(await rollUpServes(t.db, company, { ...f, timeZone: 'Asia/Kolkata' })).toBe(false);
    expect(await rollUpServes(t.db, company, { ...f, timeZone: 'Asia/Kathmandu' })).toBe(false);
  });

  it('property: export cells made by the database equal the JavaScript formatting of the row', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            micros: fc.integer({ min: 0, max: 10 * 365 * 86_400 * 1_000_000 }),
            launched: fc.boolean(),
            premium: fc.option(
              fc
                .integer({ min: -99_999_999_999_99, max: 99_999_999_999_99 })
                .map((c) => (c / 100).toFixed(2)),
              { nil: null },
            ),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        async (rows) => {
          const ids: number[] = [];
          try {
            for (const r of rows) {
              // Microseconds, which JavaScript's Date cannot hold: the file shows milliseconds.
              const created = sql`timestamptz '2020-01-01 00:00:00+00' + ${r.micros} * interval '1 microsecond'`;
              const [row] = rowsOf<{ id: number }>(
                await t.db.execute(sql`
                  INSERT INTO applications (company_id, agent_id, carrier_quote_type, useable_details, created_at,
                    launched_at, min_quote_amount)
                  VALUES (${owners[0][0]}, ${owners[0][1]}, '[]', '{}', ${created},
                    ${r.launched ? created : null}, ${r.premium}::numeric)
                  RETURNING id`),
              );
              ids.push(row.id);
            }
            const stored = await t.db
              .select({
                id: applications.id,
                created_at: applications.created_at,
                launched_at: applications.launched_at,
                premium: applications.min_quote_amount,
              })
              .from(applications)
              .where(inArray(applications.id, ids));
            const cells = await reportExportRowsBefore(
              t.db,
              { kind: 'all' },
              { fromDay: '2019-12-31', toDay: '2031-01-01', timeZone: 'UTC' },
              ['created_at', 'launched_at', 'lowest_premium'],
              Math.max(...ids) + 1,
              ids.length,
            );
            expect(cells.map((c) => [c.id, c.created_at, c.launched_at, c.lowest_premium]).sort()).toEqual(
              stored
                .map((s) => [
                  s.id,
                  s.created_at.toISOString(),
                  s.launched_at?.toISOString() ?? null,
                  s.premium === null ? null : String(s.premium),
                ])
                .sort(),
            );
          } finally {
            await t.db.delete(applications).where(inArray(applications.id, ids));
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('property: the exported file equals csv-stringify of the JavaScript cells (COPY on PostgreSQL, pages on PGlite)', async () => {
    // Text that needs quoting, formula guards, empty text and non-ASCII.
    const text = fc.string({
      unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', '\t', '=', '+', '-', '@', "'", 'é', '\\', '.'),
      maxLength: 6,
    });
    const row = fc.record({
      client: fc.option(text, { nil: null }),
      address: text,
      product: fc.option(text, { nil: null }),
      agentName: text,
    });
    const [agentUser] = await t.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .innerJoin(agents, eq(agents.user_id, users.id))
      .where(eq(agents.id, owners[0][1]));
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 4 }), async (rows) => {
          const ids: number[] = [];
          try {
            for (const r of rows) {
              await t.db.update(users).set({ name: r.agentName }).where(eq(users.id, agentUser.id));
              const [made] = await t.db
                .insert(applications)
                .values({
                  company_id: owners[0][0],
                  agent_id: owners[0][1],
                  carrier_quote_type: r.product === null ? [] : [r.product],
                  useable_details: {},
                  client_name: r.client,
                  searched_address: r.address,
                  created_at: new Date('2018-05-05T12:00:00Z'),
                })
                .returning({ id: applications.id });
              ids.push(made.id);
            }
            const lastName = rows[rows.length - 1].agentName;
            const file = await readAll(
              reportCsvStream(t.db, SUPER_ADMIN, {
                from: '2018-05-05',
                to: '2018-05-05',
                columns: ['reference', 'agent', 'client_name', 'address', 'product'],
              }),
            );
            const expected = stringify([
              ['Reference', 'Agent', 'Client', 'Address', 'Product'],
              ...rows
                .map((r, i) => [
                  applicationReference(ids[i]),
                  csvSafeCell(lastName),
                  csvSafeCell(r.client),
                  csvSafeCell(r.address),
                  csvSafeCell(r.product),
                ])
                .reverse(),
            ]);
            expect(file).toBe(expected);
          } finally {
            await t.db.delete(applications).where(inArray(applications.id, ids));
          }
        }),
        { numRuns: 40 },
      );
    } finally {
      await t.db.update(users).set({ name: agentUser.name }).where(eq(users.id, agentUser.id));
    }
  });
});

/** Everything a stream gives, as UTF-8 text. */
async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
