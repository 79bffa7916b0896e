/**
 * Lost updates (issue 5, docs/decisions/100): update-application with a stale `version` answers
 * 409 with the current application and changes nothing; a property drives two writers through
 * random interleavings (some calls truly concurrent) and checks that every write either lands,
 * acknowledged with the next version, or is refused with 409: none is overwritten unseen.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApplicationWithRelations } from '../../server/repositories/application-with-relations.ts';
import {
  STALE_VERSION_MESSAGE,
  updateApplicationDetails,
} from '../../server/services/applications-service.ts';
import { SUPER_ADMIN } from '../helpers/super-admin-actor.ts';
import { MIAMI } from './helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

/** Free-text fields both writers edit; two fields so writers both collide and not. */
const FIELDS = ['first_name', 'last_name'] as const;

describe.each(DATABASE_KINDS)('application version on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;

  async function createdId(): Promise<number> {
    const result = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      address: MIAMI,
    });
    expect(result.statusCode, result.body.message).toBe(200);
    return result.body.data.application.id;
  }

  async function current(id: number) {
    const result = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: id,
    });
    return result.body.data.application;
  }

  function update(id: number, fields: Record<string, unknown>, version?: number) {
    return t.post('agent-portal/update-application', {
      session_key: agentKey,
      application_id: id,
      address_details: fields,
      ...(version === undefined ? {} : { version }),
    });
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    agentKey = await t.loginAs('agent@demo.test');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reads return the version and each save answers the next one', async () => {
    const id = await createdId();
    const read = await current(id);
    expect(read.version).toBe(1);
    const first = await update(id, { first_name: 'Maria' }, 1);
    expect(first.statusCode, first.body.message).toBe(200);
    expect(first.body.data.application.version).toBe(2);
    const second = await update(id, { last_name: 'Lopez' }, 2);
    expect(second.body.data.application.version).toBe(3);
    expect(second.body.data.application.payload.useable_details).toMatchObject({
      first_name: 'Maria',
      last_name: 'Lopez',
    });
  });

  it('answers a stale version with 409, the current application and no change', async () => {
    const id = await createdId();
    await update(id, { first_name: 'Maria' }, 1);
    const before = await current(id);
    const stale = await update(id, { first_name: 'Overwritten' }, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.body.status).toBe('error');
    expect(stale.body.message).toBe(STALE_VERSION_MESSAGE);
    // The same shape as get-application-by-id's data, so the portal can merge onto it.
    expect(stale.body.data.application).toEqual({ ...before, isItWorkingHour: expect.any(Boolean) });
    expect(stale.body.data.application.version).toBe(2);
    expect(await current(id)).toEqual({ ...before, isItWorkingHour: expect.any(Boolean) });
  });

  it('answers a version from the future with 409 too', async () => {
    const id = await createdId();
    const ahead = await update(id, { first_name: 'Maria' }, 5);
    expect(ahead.statusCode).toBe(409);
    expect((await current(id)).version).toBe(1);
  });

  it('keeps saving without a version, as older clients do', async () => {
    const id = await createdId();
    await update(id, { first_name: 'Maria' }, 1);
    const blind = await update(id, { first_name: 'Ana' });
    expect(blind.statusCode).toBe(200);
    expect(blind.body.data.application.version).toBe(3);
  });

  it('takes the locking path when a save lands between the unlocked read and the conditional write', async () => {
    const id = await createdId();
    // What the session's statement read (ADR 744), then another save before this one writes.
    const stale = await findApplicationWithRelations(t.db, id, { kind: 'all' });
    expect((await update(id, { first_name: 'First' }, 1)).statusCode).toBe(200);
    // With the version it read: refused as stale, nothing written over the other save.
    await expect(
      updateApplicationDetails(t.db, SUPER_ADMIN, id, { first_name: 'Late' }, 1, stale),
    ).rejects.toMatchObject({ statusCode: 409, message: STALE_VERSION_MESSAGE });
    // Without a version: merged over the newer row, as the locking path always did.
    const merged = await updateApplicationDetails(
      t.db,
      SUPER_ADMIN,
      id,
      { last_name: 'Merged' },
      undefined,
      stale,
    );
    expect(merged.version).toBe(3);
    expect(merged.payload.useable_details).toMatchObject({ first_name: 'First', last_name: 'Merged' });
  });

  it('refuses a version that is not a positive integer with 400', async () => {
    const id = await createdId();
    for (const version of [0, -1, 1.5, '2', null, 2_147_483_648]) {
      const result = await t.post('agent-portal/update-application', {
        session_key: agentKey,
        application_id: id,
        address_details: { first_name: 'Maria' },
        version,
      });
      expect(result.statusCode, String(version)).toBe(400);
      expect(result.body.error_obj).toHaveProperty(['body.version']);
    }
    expect((await current(id)).version).toBe(1);
  });

  it('says the application is launched, not stale, once it is launched', async () => {
    const id = await createdId();
    // A launch needs a complete document; the status is what update-application looks at.
    await t.db.execute(sql`UPDATE applications SET status = 'launched' WHERE id = ${id}`);
    const result = await update(id, { first_name: 'Maria' }, 1);
    expect(result.statusCode).toBe(409);
    expect(result.body.message).not.toBe(STALE_VERSION_MESSAGE);
  });

  it('never loses an acknowledged write silently, in any interleaving of two writers (property)', async () => {
    /** One step: one writer saves (`both`: the two save at once) a value into a field. */
    const step = fc.record({
      writer: fc.constantFrom(0, 1),
      both: fc.boolean(),
      field: fc.constantFrom(...FIELDS),
      value: fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('\u0000')),
    });
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        runs += 1;
        const id = await createdId();
        // Each writer's idea of the document version; a 409 hands it the current one.
        const known = [1, 1];
        const acks: { version: number; basedOn: number; field: string; value: string }[] = [];
        const save = async (writer: number, field: string, value: string) => {
          const basedOn = known[writer];
          const result = await update(id, { [field]: value }, basedOn);
          const application = result.body.data?.application;
          if (result.statusCode === 200) {
            acks.push({ version: application.version, basedOn, field, value });
          } else {
            expect(result.statusCode, result.body.message).toBe(409);
            expect(result.body.message).toBe(STALE_VERSION_MESSAGE);
            expect(application.version).toBeGreaterThan(basedOn);
          }
          known[writer] = application.version;
        };
        for (const { writer, both, field, value } of steps) {
          if (both) {
            await Promise.all([save(0, field, value), save(1, field, `${value}~`)]);
          } else {
            await save(writer, field, value);
          }
        }
        // The acknowledged writes form one serial history: each based on the one before it.
        acks.sort((a, b) => a.version - b.version);
        acks.forEach((ack, index) => {
          expect(ack.version).toBe(index + 2);
          expect(ack.basedOn).toBe(ack.version - 1);
        });
        // And the stored document holds the last acknowledged value of each field.
        const stored = await current(id);
        expect(stored.version).toBe(acks.length + 1);
        for (const field of FIELDS) {
          const last = acks.filter((ack) => ack.field === field).at(-1);
          if (last) expect(stored.payload.useable_details[field]).toBe(last.value);
        }
      }),
      { numRuns: 25 },
    );
    expect(runs).toBe(25);
  });
});
