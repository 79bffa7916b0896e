/**
 * The SOV and manual launches take the carriers of the catalogue in use (issue 43, ADR 772): a
 * version a super-admin publishes that makes a carrier manual or SOV is taken by the next
 * launch-application-manual-carriers / launch-application-sov-carriers call, with no restart; an
 * id the catalogue does not have is still the 400 the body schema's enum gave, and writes nothing.
 * carrier-catalogue/carriers, which the portal's pickers read, answers the version in use at once,
 * without its connections. The sov-quote page's calls take a published SOV carrier too, and answer
 * 'Invalid Carrier' for it before it is published (the portal leaves that check to them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carriersFile } from '../../../carrier-catalog/carriers-file.ts';
import type { CarriersFile } from '../../../carrier-catalog/carriers-file-types.ts';
import { examples } from '../../../schemas/schema-set.ts';
import { MIAMI, SOV_BUILDING } from '../helpers/sample-records.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

const TABLES = ['applications', 'quotes', 'quote_jobs'];

/** Automatic carriers of carriers.json writing Commercial in Florida, made manual and SOV below. */
const TO_MANUAL = 'cat_coverage';
const TO_SOV = 'argenia';

/** carriers.json with TO_MANUAL a manual carrier and TO_SOV an SOV carrier (quote manager id its name). */
function draftWithNewOfflineCarriers(): CarriersFile {
  const draft = structuredClone(carriersFile);
  for (const family of draft.carriers) {
    if (family.name === TO_MANUAL) {
      family.isManualCarrier = true;
      family.connector = 'manual';
      delete family.sandbox_rate_factor;
    }
    if (family.name === TO_SOV) {
      family.isSovCarrier = true;
      family.quoteManagerId = TO_SOV;
      family.connector = 'sov';
      delete family.sandbox_rate_factor;
    }
  }
  return draft;
}

describe.each(DATABASE_KINDS)('carriers published after the start, on %s', (kind) => {
  let t: TestApp;
  let superKey: string;
  let agentKey: string;

  async function snapshot() {
    const counts: Record<string, number> = {};
    for (const table of TABLES) counts[table] = await t.count(table);
    return counts;
  }

  async function launchedCommercial(): Promise<number> {
    const created = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      carrier_quote_type: 'Commercial',
      address: MIAMI,
    });
    const id = created.body.data.application.id;
    const launch = await t.post('agent-portal/launch-application', {
      session_key: agentKey,
      application_id: id,
      address_details: structuredClone(examples.commercial),
    });
    expect(launch.statusCode, launch.body.message).toBe(200);
    await t.app.quoteWorker.drain();
    return id;
  }

  const launchManual = (id: number, list: string[]) =>
    t.post('agent-portal/launch-application-manual-carriers', {
      session_key: agentKey,
      application_id: id,
      manual_carrier_names_list: list,
    });
  const launchSov = (id: number, list: string[]) =>
    t.post('agent-portal/launch-application-sov-carriers', {
      session_key: agentKey,
      application_id: id,
      sov_carrier_names_list: list,
    });
  const getSovQuote = (id: number) =>
    t.post('sov/get-sov-quote', { session_key: agentKey, carrier_id: TO_SOV, application_id: id });

  beforeAll(async () => {
    t = await startTestApp(kind);
    [superKey, agentKey] = await Promise.all(
      ['superadmin@demo.test', 'agent@demo.test'].map((email) => t.loginAs(email)),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a carrier before its version is published and takes it after, without a restart', async () => {
    const id = await launchedCommercial();
    const before = await snapshot();
    const notYetManual = await launchManual(id, [TO_MANUAL]);
    expect(notYetManual.statusCode).toBe(400);
    expect(notYetManual.body.message).toBe(
      'Invalid request: body.manual_carrier_names_list.0 must be equal to one of the allowed values',
    );
    const notYetSov = await launchSov(id, ['tmh', TO_SOV]);
    expect(notYetSov.statusCode).toBe(400);
    expect(notYetSov.body.error_obj).toEqual({
      'body.sov_carrier_names_list.1':
        'body.sov_carrier_names_list.1 must be equal to one of the allowed values',
    });
    const notYetSovQuote = await getSovQuote(id);
    expect(notYetSovQuote.statusCode).toBe(404);
    expect(notYetSovQuote.body.message).toBe('Invalid Carrier');
    expect(await snapshot()).toEqual(before);

    const published = await t.post('carrier-catalogue/publish', {
      session_key: superKey,
      catalogue: draftWithNewOfflineCarriers(),
      note: 'Cat Coverage quoted by hand, Argenia by statement of values',
      based_on: 1,
    });
    expect(published.statusCode, JSON.stringify(published.body.error_obj)).toBe(200);

    const listed = await t.post('carrier-catalogue/carriers', { session_key: agentKey });
    expect(listed.statusCode).toBe(200);
    expect(listed.body.data.version).toBe(2);
    expect(listed.body.data.manual_carriers).toContainEqual(expect.objectContaining({ carrier: TO_MANUAL }));
    expect(listed.body.data.sov_carriers).toContainEqual(
      expect.objectContaining({ quote_manager_id: TO_SOV, carrier: TO_SOV, sub_carrier: null }),
    );
    expect(listed.body.data.carriers).toContainEqual(
      expect.objectContaining({ name: TO_MANUAL, channel: 'manual', image: `/carriers/${TO_MANUAL}.svg` }),
    );
    // The public part: no connection, endpoint or credential of the catalogue.
    const endpoint = carriersFile.connections?.sample_api_key?.endpoint as string;
    expect(JSON.stringify(listed.body.data)).not.toContain(endpoint);
    expect(JSON.stringify(listed.body.data)).not.toMatch(/connection|endpoint|eligibility|credential/);

    const manual = await launchManual(id, [TO_MANUAL]);
    expect(manual.statusCode, manual.body.message).toBe(200);
    const sov = await launchSov(id, [TO_SOV]);
    expect(sov.statusCode, sov.body.message).toBe(200);
    const quotes: { carrier: string; source: string; status: string }[] = sov.body.data.application.quotes;
    expect(quotes.filter((quote) => quote.source !== 'automatic')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ carrier: TO_MANUAL, source: 'manual', status: 'pending' }),
        expect.objectContaining({ carrier: TO_SOV, source: 'sov', status: 'pending' }),
      ]),
    );

    const sovQuote = await getSovQuote(id);
    expect(sovQuote.statusCode, sovQuote.body.message).toBe(200);
    expect(sovQuote.body.data.carrier).toMatchObject({ quote_manager_id: TO_SOV, carrier: TO_SOV });
    const statement = await t.post('sov/submit-statement-of-values', {
      session_key: agentKey,
      carrier_id: TO_SOV,
      application_id: id,
      buildings: [SOV_BUILDING],
    });
    expect(statement.statusCode, statement.body.message).toBe(200);
    const answered: { carrier: string; source: string; status: string }[] =
      statement.body.data.application.quotes;
    // The sandbox quote manager answers every SOV carrier with an indicative quote.
    expect(answered).toContainEqual(
      expect.objectContaining({ carrier: TO_SOV, source: 'sov', status: 'quoted' }),
    );
  });

  it('still refuses an id the catalogue in use does not have, writing nothing', async () => {
    const id = await launchedCommercial();
    const before = await snapshot();
    for (const [call, field] of [
      [launchManual, 'manual_carrier_names_list'],
      [launchSov, 'sov_carrier_names_list'],
    ] as const) {
      const unknown = await call(id, ['nobody']);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body.message).toBe(
        `Invalid request: body.${field}.0 must be equal to one of the allowed values`,
      );
      // A name of the other kind is no carrier of this list either.
      const otherKind = await call(id, [field === 'sov_carrier_names_list' ? TO_MANUAL : 'tmh']);
      expect(otherKind.statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});
