/**
 * Back-pressure of the quote queue (issue 47, ADR 729): the backlog's age is its oldest due,
 * unclaimed job's wait; past QUOTE_BACKLOG_AGE_LIMIT_MS a launch is still accepted and queued,
 * answered with CARRIERS_BUSY_MESSAGE, and the live stream's state says `carriers_busy`.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc } from '../../engine/types.ts';
import { examples } from '../../schemas/schema-set.ts';
import {
  CARRIERS_BUSY_MESSAGE,
  createCarriersBusyCheck,
  LAUNCHED_MESSAGE,
  QUOTE_BACKLOG_AGE_LIMIT_MS,
  QUOTE_BACKLOG_READ_EVERY_MS,
  quoteBacklogAgeMs,
} from '../../server/quoting/quote-backlog.ts';
import { readSettings } from '../../server/settings/settings.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

/** The limit the app under test runs with, in ms. */
const LIMIT_MS = 20_000;

describe('QUOTE_BACKLOG_AGE_LIMIT_MS', () => {
  it('defaults when unset or empty, takes whole ms from 1 s to 1 h, and refuses anything else', () => {
    const limitOf = (value: string | undefined) =>
      readSettings({ QUOTE_BACKLOG_AGE_LIMIT_MS: value }).QUOTE_BACKLOG_AGE_LIMIT_MS;
    expect(QUOTE_BACKLOG_AGE_LIMIT_MS).toBe(30_000);
    expect(limitOf(undefined)).toBe(QUOTE_BACKLOG_AGE_LIMIT_MS);
    expect(limitOf(' ')).toBe(QUOTE_BACKLOG_AGE_LIMIT_MS);
    expect(limitOf('1000')).toBe(1000);
    expect(limitOf('3600000')).toBe(3_600_000);
    for (const bad of ['999', '3600001', '2.5', 'soon'])
      expect(() => limitOf(bad)).toThrow(/QUOTE_BACKLOG_AGE_LIMIT_MS/);
  });
});

describe.each(DATABASE_KINDS)('carriers busy on %s', (kind) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { quoteBacklogAgeLimitMs: LIMIT_MS });
    key = await t.loginAs('agent@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function launchNew(label: string) {
    const created = await t.post('agent-portal/create-new-application', {
      session_key: key,
      address: {
        searched_address: `1 ${label} Ln, Miami Beach, FL 33139`,
        address1: `1 ${label} Ln`,
        city: 'Miami Beach',
        state: 'FL',
        zip: '33139',
      },
    });
    return t.post('agent-portal/launch-application', {
      session_key: key,
      application_id: created.body.data.application.id,
      address_details: structuredClone(examples.primary as Doc),
    });
  }

  it('accepts and queues a launch either way, and says carriers are busy once the backlog passes its limit', async () => {
    // The worker does not run here: launched jobs wait, and their age is set by hand.
    const first = await launchNew('Calm');
    expect(first.statusCode).toBe(200);
    expect(first.body.message).toBe(LAUNCHED_MESSAGE);
    expect(await quoteBacklogAgeMs(t.db)).toBeLessThan(LIMIT_MS);

    await t.db.execute(
      sql`UPDATE quote_jobs SET run_after = now() - interval '25 seconds' WHERE status = 'queued'`,
    );
    const age = await quoteBacklogAgeMs(t.db);
    expect(age).toBeGreaterThan(LIMIT_MS);
    expect(age).toBeLessThan(LIMIT_MS + 30_000);
    // The app's reading is at most QUOTE_BACKLOG_READ_EVERY_MS old.
    await new Promise((r) => setTimeout(r, QUOTE_BACKLOG_READ_EVERY_MS + 50));
    const busy = await launchNew('Busy');
    expect(busy.statusCode).toBe(200);
    expect(busy.body.message).toBe(CARRIERS_BUSY_MESSAGE);
    expect(busy.body.data.application.status).toBe('launched');
    expect(busy.body.data.application.quotes.length).toBeGreaterThan(0);

    expect(await createCarriersBusyCheck(t.db, LIMIT_MS)()).toBe(true);
    expect(await createCarriersBusyCheck(t.db, age + 60_000)()).toBe(false);
    await t.app.quoteWorker.drain();
    expect(await quoteBacklogAgeMs(t.db)).toBe(0);
    expect(await createCarriersBusyCheck(t.db, LIMIT_MS)()).toBe(false);
  });
});
