/**
 * The background pre-fill (issue 40) on PGlite and PostgreSQL, with the sandbox providers: creating
 * an application queues a `property-data-prefill` job that the app's job worker runs; it writes the
 * values found and the coverage estimates (marked "Estimate"), each with its source and time, into
 * fields the agent has not typed; questions only the insured can answer stay empty; an address
 * change re-runs it and replaces only its own values; "Fill from property data" queues a re-run.
 * Measures, at ordinary Florida, Texas and Louisiana sandbox addresses, the fields other than the
 * client's name, phone and e-mail still to be typed before launch (printed for the README; <= 6).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { validateDocument } from '../../engine/index.ts';
import { PREFILL_ADDRESS_FIELDS } from '../../portal/features/property-data/address-fields.ts';
import { schemaSet } from '../../schemas/schema-set.ts';
import { applications, jobs } from '../../server/db/schema.ts';
import { COVERAGE_ESTIMATES } from '../../server/services/coverage-estimates.ts';
import { ADDRESS_FIELDS, PREFILL_KIND } from '../../server/services/prefill-queue.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const compiled = compileSchemaSet(schemaSet);
const PRIMARY = { product: 'Primary', application_type: 'flood', status: 'new' };
/** The client's contact, typed by the agent in any case (issue 40 counts the fields besides them). */
const CONTACT = new Set(['first_name', 'last_name', 'phone', 'email']);
/** Questions only the insured can answer: never defaulted. */
const INSURED_ONLY = [
  'underwriting_prior_flood_loss',
  'underwriting_over_water',
  'underwriting_under_construction',
];
const ESTIMATES = [
  'building_replacement_cost',
  'contents_replacement_cost',
  'building_limit',
  'contents_limit',
];

/**
 * Sandbox addresses (ZIPs of the offline database) in the three states of the target: `ordinary`
 * where the sandbox's building is an owner-occupied single-family home on a slab, crawlspace or
 * piers; the others where it has a basement or stands elevated, which ask their own questions.
 */
const ADDRESSES = [
  { address1: '78 Sunset Dr', city: 'Miami', state: 'FL', zip: '33131', ordinary: true },
  { address1: '455 Bay Rd', city: 'Miami Beach', state: 'FL', zip: '33139', ordinary: true },
  { address1: '505 S Water St', city: 'Corpus Christi', state: 'TX', zip: '78401', ordinary: true },
  { address1: '78 Canal Blvd', city: 'Galveston', state: 'TX', zip: '77550', ordinary: true },
  { address1: '78 Canal Blvd', city: 'New Orleans', state: 'LA', zip: '70112', ordinary: true },
  { address1: '24 Iberville St', city: 'Baton Rouge', state: 'LA', zip: '70801', ordinary: true },
  { address1: '2150 Pine Tree Dr', city: 'Miami Beach', state: 'FL', zip: '33139', ordinary: false },
  { address1: '1240 Park Blvd', city: 'Baton Rouge', state: 'LA', zip: '70801', ordinary: false },
].map(({ ordinary, ...a }) => ({
  ordinary,
  address: { ...a, address2: null, searched_address: `${a.address1}, ${a.city}, ${a.state} ${a.zip}` },
}));
/**
 * What may be left to type besides the contact: the insured-only questions, the two the CBRS and
 * Community Status Book connectors will answer (issue 40's other part), and the questions the
 * building's foundation asks that no source answers (stairs, basement, stilts or pilings).
 */
const MAY_REMAIN = new Set([
  ...INSURED_ONLY,
  'underwriting_cbra_zone',
  'underwriting_non_participating_community',
  'stairs_leading_to_front_door',
  'basement_type',
  'basement_finished',
  'stilts_pilings',
]);

type Mark = { value: unknown; source: string; fetched_at: string; estimate: boolean };

describe.each(DATABASE_KINDS)('background pre-fill on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;
  let otherAgentKey: string;

  const create = async (address: object) => {
    const answer = await t.post('agent-portal/create-new-application', { session_key: agentKey, address });
    expect(answer.statusCode, answer.body.message).toBe(200);
    return answer.body.data.application as { id: number; version: number };
  };
  const status = async (id: number, key = agentKey) =>
    t.post('property-data/prefill-status', { session_key: key, application_id: id });
  const documentOf = async (id: number) => {
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    return row;
  };
  const save = (id: number, details: Record<string, unknown>) =>
    t.post('agent-portal/update-application', {
      session_key: agentKey,
      application_id: id,
      address_details: details,
    });
  /** Runs every due job; a pre-fill queued after an address edit is made due first. */
  const runJobs = async () => {
    await t.db.execute(
      sql`UPDATE jobs SET run_after = now() WHERE kind = ${PREFILL_KIND} AND status = 'queued'`,
    );
    return t.app.jobWorker.drain();
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    [agentKey, otherAgentKey] = await Promise.all(
      ['agent@demo.test', 'otheragent@demo.test'].map((email) => t.loginAs(email)),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs by itself after create: found values and estimates, each marked, insured-only questions left', async () => {
    const app = await create(MIAMI);
    const queued = await status(app.id);
    expect(queued.statusCode).toBe(200);
    expect(queued.body.data).toMatchObject({ status: 'queued', marks: {}, result: null });
    expect(await runJobs()).toBeGreaterThanOrEqual(1);

    const done = (await status(app.id)).body.data;
    const row = await documentOf(app.id);
    expect(done.status).toBe('done');
    expect(done.result.version).toBe(row.version);
    expect(row.version).toBeGreaterThan(app.version);
    const doc = row.useable_details;
    const marks = done.marks as Record<string, Mark>;
    // Looked up: labelled with the sandbox's source and the time it answered.
    for (const field of ['year_build', 'sqft', 'construction_type', 'flood_zone']) {
      expect(marks[field], field).toMatchObject({
        source: 'Sample data',
        estimate: false,
        value: doc[field],
      });
      expect(Number.isNaN(Date.parse(marks[field].fetched_at))).toBe(false);
    }
    // Estimated: marked "Estimate", within the NFIP maximums and the replacement costs.
    for (const field of ESTIMATES)
      expect(marks[field], field).toMatchObject({ source: 'Estimate', estimate: true });
    expect(doc.building_limit).toBe(
      Math.min(COVERAGE_ESTIMATES.nfip_max_building_limit, doc.building_replacement_cost as number),
    );
    expect(doc.contents_limit as number).toBeLessThanOrEqual(COVERAGE_ESTIMATES.nfip_max_contents_limit);
    expect(doc.contents_limit as number).toBeLessThanOrEqual(doc.contents_replacement_cost as number);
    for (const field of INSURED_ONLY) {
      expect(doc[field] ?? null, field).toBeNull();
      expect(marks[field]).toBeUndefined();
    }
    expect(done.result.filled).toEqual(expect.arrayContaining(['sqft', ...ESTIMATES]));
  });

  it('never overwrites what the agent typed, before or after the pre-fill', async () => {
    const app = await create({ ...MIAMI, address1: '1710 Convention Center Dr' });
    // Typed before the job ran: living area and the building limit.
    expect((await save(app.id, { sqft: 1234, building_limit: 180000 })).statusCode).toBe(200);
    await runJobs();
    const first = (await status(app.id)).body.data;
    const doc = (await documentOf(app.id)).useable_details;
    expect([doc.sqft, doc.building_limit]).toEqual([1234, 180000]);
    expect(first.marks.sqft).toBeUndefined();
    expect(first.marks.building_limit).toBeUndefined();
    expect(first.result.kept).toEqual(expect.arrayContaining(['sqft', 'building_limit']));
    // The replacement cost is estimated from the typed living area.
    const rate = COVERAGE_ESTIMATES.rates_per_sqft[doc.construction_type as string];
    expect(doc.building_replacement_cost).toBe(Math.ceil((1234 * rate) / 1000) * 1000);

    // A pre-filled value the agent changes is theirs: a re-run leaves it.
    expect((await save(app.id, { year_build: '1999' })).statusCode).toBe(200);
    const rerun = await t.post('property-data/prefill', { session_key: agentKey, application_id: app.id });
    expect(rerun.statusCode).toBe(200);
    expect(rerun.body.data.status).toBe('queued');
    await runJobs();
    const after = (await documentOf(app.id)).useable_details;
    expect(after.year_build).toBe('1999');
    expect((await status(app.id)).body.data.marks.year_build).toBeUndefined();
  });

  it('re-runs after an address change, replacing only its own values', async () => {
    // The form follows the same address fields the server watches.
    expect([...PREFILL_ADDRESS_FIELDS]).toEqual([...ADDRESS_FIELDS]);
    // Created without a point or county (typed, not picked): the pre-fill fills them.
    const app = await create(ADDRESSES[0].address);
    await runJobs();
    const before = (await documentOf(app.id)).useable_details;
    expect((await save(app.id, { num_of_stories: 9 })).statusCode).toBe(200);
    // Other street: the sandbox's answers differ (hashed from the address).
    expect((await save(app.id, { address1: '4 Lincoln Rd' })).statusCode).toBe(200);
    const queued = await t.db
      .select()
      .from(jobs)
      .where(
        sql`${jobs.kind} = ${PREFILL_KIND} AND ${jobs.payload} ->> 'application_id' = ${String(app.id)}`,
      );
    const change = queued.find((job) => job.payload.reason === 'address-changed');
    expect(change?.run_after.getTime()).toBeGreaterThan(Date.now());
    await runJobs();
    const after = (await documentOf(app.id)).useable_details;
    const marks = (await status(app.id)).body.data.marks as Record<string, Mark>;
    expect(after.num_of_stories).toBe(9);
    expect(marks.num_of_stories).toBeUndefined();
    expect(after.lat).not.toBe(before.lat);
    expect(marks.lat.value).toBe(after.lat);
    expect([after.sqft, after.year_build]).not.toEqual([before.sqft, before.year_build]);
    expect(marks.sqft.value).toBe(after.sqft);
  });

  it('answers the status only to who may see the application; a re-run of a launched one is refused', async () => {
    const app = await create({ ...MIAMI, address1: '1730 Convention Center Dr' });
    expect((await status(app.id, otherAgentKey)).statusCode).toBe(404);
    const other = await t.post('property-data/prefill', {
      session_key: otherAgentKey,
      application_id: app.id,
    });
    expect(other.statusCode).toBe(404);
    const bad = await t.post('property-data/prefill', { session_key: agentKey, application_id: 'x' });
    expect(bad.statusCode).toBe(400);
    await t.db.update(applications).set({ status: 'launched' }).where(eq(applications.id, app.id));
    const launched = await t.post('property-data/prefill', { session_key: agentKey, application_id: app.id });
    expect(launched.statusCode).toBe(409);
    // The job queued at create finds it launched and writes nothing.
    const version = (await documentOf(app.id)).version;
    await runJobs();
    expect((await documentOf(app.id)).version).toBe(version);
  });

  it('leaves at most 6 fields besides the contact to type at ordinary FL, TX and LA addresses', async () => {
    const counts: string[] = [];
    for (const { address, ordinary } of ADDRESSES) {
      const app = await create(address);
      await runJobs();
      const doc = (await documentOf(app.id)).useable_details;
      const left = [...new Set(validateDocument(compiled, doc, PRIMARY).map((m) => m.field))].filter(
        (field) => !CONTACT.has(field),
      );
      counts.push(
        `${address.searched_address} (${doc.occupancy_type}, ${doc.foundation_type}): ${left.length} (${left.join(', ')})`,
      );
      for (const field of INSURED_ONLY) expect(left).toContain(field);
      expect(
        left.filter((field) => !MAY_REMAIN.has(field)),
        address.searched_address,
      ).toEqual([]);
      if (doc.foundation_type !== 'Basement')
        expect(left.filter((f) => f.startsWith('basement_'))).toEqual([]);
      if (ordinary) expect(left.length, address.searched_address).toBeLessThanOrEqual(6);
    }
    console.log(
      `[prefill ${kind}] fields still to type before launch besides the contact:\n${counts.join('\n')}`,
    );
  });
});
