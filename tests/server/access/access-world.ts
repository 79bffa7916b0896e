/**
 * The records the access matrix aims at: the same set in the callers' company (Demo Agency,
 * "own"), in another company (Other Agency, "other") and of a colleague of the demo agent, plus
 * the session keys of every column. Built once per database in beforeAll.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { manualCarriers } from '../../../carrier-catalog/manual-carriers.ts';
import { sovCarriers } from '../../../carrier-catalog/sov-carriers.ts';
import type { Doc } from '../../../engine/types.ts';
import { examples } from '../../../schemas/schema-set.ts';
import { type CompanyRow, companies } from '../../../server/db/schema.ts';
import { insertCredential } from '../../../server/repositories/api-credentials-repository.ts';
import {
  findCompanyForUpdate,
  updateCompany,
  upsertLogo,
} from '../../../server/repositories/companies-repository.ts';
import { insertNote } from '../../../server/repositories/notes-repository.ts';
import { type AccountsFixture, accountsFixture, TINY_PNG_BASE64 } from '../helpers/accounts-fixture.ts';
import { addAccount } from '../helpers/add-account.ts';
import { MIAMI } from '../helpers/sample-records.ts';
import type { TestApp } from '../helpers/test-app.ts';
import type { Caller } from './callers.ts';

/** Whose records a cell aims at: the callers' company, another company's. */
export type Side = 'own' | 'other';
/** Whose application: a side's agent, or the demo agent's colleague in the same company. */
export type Owner = Side | 'colleague';

/** Each owner's side and how cell names call it. */
export const OWNERS: Record<Owner, { side: Side; whose: string }> = {
  own: { side: 'own', whose: "own company's" },
  colleague: { side: 'own', whose: "a colleague's" },
  other: { side: 'other', whose: "another company's" },
};

/** The applications of one agent: a new one with an alert note, a launched commercial one. */
export interface AgentRecords {
  agentId: number;
  /** A new flood application of the agent, with an alert note. */
  applicationId: number;
  noteId: number;
  /** A launched commercial application: manual (with a document), SOV and automatic quotes. */
  commercialId: number;
  manualQuoteId: number;
  automaticQuoteId: number;
  fileId: number;
}

/** The records of one company (its agent's applications and more). */
export interface CompanyRecords extends AgentRecords {
  companyId: number;
  agentUserId: number;
  customerUserId: number;
  /** Session key of the company's agent (creates its applications). */
  agentKey: string;
  /** A launched commercial application whose SOV and manual quotes cells remove and relaunch. */
  offlineTargetId: number;
  credentialId: number;
}

export type SettingsCollection = 'application-sources' | 'banners' | 'email-templates' | 'sms-templates';

/** A valid item of each settings collection; `side` marks whose it is. */
export function settingsItem(collection: SettingsCollection, side: Side): Record<string, unknown> {
  switch (collection) {
    case 'application-sources':
      return { name: `${side} source`, is_active: true };
    case 'banners':
      return { message: `${side} banner`, color: 'blue', starts_on: null, ends_on: null, is_active: true };
    case 'email-templates':
      return { name: `${side} mail`, subject: 'Your quote', body: 'Hi {{first_name}}' };
    case 'sms-templates':
      return { name: `${side} text`, body: 'Hi {{first_name}}' };
  }
}

export interface AccessWorld {
  t: TestApp;
  f: AccountsFixture;
  /** The session key each column sends; undefined: none. */
  keys: Record<Caller, string | undefined>;
  own: CompanyRecords;
  other: CompanyRecords;
  /** A SOV quote manager and a manual carrier that write Commercial in Florida. */
  sovCarrierId: string;
  manualCarrier: string;
  /** Another agent of the callers' company: the demo agent may not touch their applications. */
  colleague: AgentRecords;
  /** The applications of an owner. */
  agent(owner: Owner): AgentRecords;
  /** A new flood application of the owner's agent. */
  freshApplication(owner: Owner): Promise<number>;
  /** A new, never revoked API credential of the company. */
  freshCredential(side: Side): Promise<number>;
  /** A new item of a settings collection (banners, templates, ...) of the company; its id. */
  freshItem(side: Side, collection: SettingsCollection): Promise<number>;
  /** Puts the company row (and with `withLogo` its logo) back as they were when the world was built. */
  restoreCompany(side: Side, withLogo?: boolean): Promise<void>;
  /** An e-mail no account has. */
  uniqueEmail(prefix: string): string;
}

const FL_COMMERCIAL_SOV = sovCarriers().find(
  (c) => c.states.includes('FL') && c.quote_types.includes('Commercial'),
)?.quote_manager_id as string;
const FL_COMMERCIAL_MANUAL = manualCarriers().find(
  (c) => c.quote_types.includes('Commercial') && c.states.includes('FL'),
)?.carrier as string;

/** Builds the world through the API (and a few repository calls); throws when a step fails. */
export async function buildAccessWorld(t: TestApp): Promise<AccessWorld> {
  const f = await accountsFixture(t);
  const superKey = f.keys['super-admin'];
  const revoked = await t.loginAs('agent@demo.test');
  expect((await t.post('auth/logout', { session_key: revoked })).statusCode).toBe(200);
  // An admin acts as the agent, then logs out: the session they switched into must die too.
  const switcher = await t.loginAs('admin@demo.test');
  const switched = await t.post('auth/switch-user', {
    session_key: switcher,
    user_id: f.userIds['agent@demo.test'],
  });
  expect(switched.statusCode, switched.body.message).toBe(200);
  expect((await t.post('auth/logout', { session_key: switcher })).statusCode).toBe(200);
  const orphaned: string = switched.body.data.session_key;
  const keys: Record<Caller, string | undefined> = { ...f.keys, anonymous: undefined, revoked, orphaned };
  let sequence = 0;
  const uniqueEmail = (prefix: string) => `${prefix}-${t.kind}-${++sequence}@matrix.test`;

  const ok = async (path: string, body: Record<string, unknown>) => {
    const answer = await t.post(path, body);
    expect(answer.statusCode, `${path}: ${answer.body.message}`).toBe(200);
    return answer.body.data;
  };
  const colleagueEmail = uniqueEmail('colleague');
  const colleagueAccount = await addAccount(t.db, {
    email: colleagueEmail,
    role: 'agent',
    companyId: f.demoCompanyId,
    licensedStates: ['FL'],
  });
  const agentKeys: Record<Owner, string> = {
    own: f.keys.agent,
    other: await t.loginAs('otheragent@demo.test'),
    colleague: await t.loginAs(colleagueEmail),
  };
  const companyIds: Record<Side, number> = { own: f.demoCompanyId, other: f.otherCompanyId };
  // The matrix creates users in the other company cell after cell, past its Starter plan's three
  // seats: a plan without a user limit keeps those cells about access, not about seats
  // (tests/server/accounts/plan-user-limit.test.ts), and gives it every area of the callers' company,
  // seeded on agency (plans/list cells).
  await t.db.update(companies).set({ plan_id: 'agency' }).where(eq(companies.id, companyIds.other));

  const freshApplication = async (owner: Owner, product = 'Primary') =>
    (
      await ok('agent-portal/create-new-application', {
        session_key: agentKeys[owner],
        carrier_quote_type: product,
        address: MIAMI,
      })
    ).application.id as number;

  /** A commercial application launched by the owner's agent (status launched; worker not run). */
  const launchedCommercial = async (owner: Owner) => {
    const id = await freshApplication(owner, 'Commercial');
    await ok('agent-portal/launch-application', {
      session_key: agentKeys[owner],
      application_id: id,
      address_details: structuredClone(examples.commercial) as Doc,
    });
    return id;
  };

  const freshCredential = async (side: Side) =>
    (
      await insertCredential(t.db, {
        company_id: companyIds[side],
        name: `matrix ${++sequence}`,
        key_id: `ak_matrix_${t.kind}_${sequence}`,
        // Unique, as a real secret's hash is (migration 0020).
        secret_hash: `matrix-${t.kind}-${sequence}`.padEnd(64, 'x'),
        created_by: f.userIds['superadmin@demo.test'],
        scopes: [],
      })
    ).id;

  const freshItem = async (side: Side, collection: SettingsCollection) => {
    const { settings } = await ok(`portal-settings/${collection}/create`, {
      session_key: superKey,
      company_id: companyIds[side],
      item: settingsItem(collection, side),
    });
    const items: { id: number }[] = settings[collection.replace('-', '_')];
    return Math.max(...items.map((item) => item.id));
  };

  /** The owner's applications; the super-admin records the manual quote with a document. */
  const agentRecordsOf = async (owner: Owner, agentId: number): Promise<AgentRecords> => {
    const applicationId = await freshApplication(owner);
    const note = await insertNote(t.db, applicationId, {
      is_alert: true,
      is_active: true,
      sent_by: 'agent',
      status: 'note',
      message: `${owner} note`,
    });
    const commercialId = await launchedCommercial(owner);
    const manual = await ok('agent-portal/launch-application-manual-carriers', {
      session_key: agentKeys[owner],
      application_id: commercialId,
      manual_carrier_names_list: [FL_COMMERCIAL_MANUAL],
    });
    const manualQuoteId = manual.application.quotes.find((q: { source: string }) => q.source === 'manual').id;
    const automaticQuoteId = manual.application.quotes.find(
      (q: { source: string }) => q.source === 'automatic',
    ).id;
    await ok('agent-portal/launch-application-sov-carriers', {
      session_key: agentKeys[owner],
      application_id: commercialId,
      sov_carrier_names_list: [FL_COMMERCIAL_SOV],
    });
    const recorded = await ok('agent-portal/record-manual-quote', {
      session_key: superKey,
      application_id: commercialId,
      quote_id: manualQuoteId,
      status: 'quoted',
      premium: 1000,
      coverages: {},
      message: null,
      document: { name: `${owner}.png`, content_base64: TINY_PNG_BASE64, content_type: 'image/png' },
    });
    const fileUrl: string = recorded.application.quotes.find((q: { id: number }) => q.id === manualQuoteId)
      .document.url;
    return {
      agentId,
      applicationId,
      noteId: note.id,
      commercialId,
      manualQuoteId,
      automaticQuoteId,
      fileId: Number(fileUrl.split('/').pop()),
    };
  };

  const recordsOf = async (side: Side): Promise<CompanyRecords> => {
    const companyId = companyIds[side];
    const customerUserId =
      side === 'own'
        ? f.userIds['customer@demo.test']
        : (await addAccount(t.db, { email: uniqueEmail('customer'), role: 'customer', companyId })).userId;
    return {
      ...(await agentRecordsOf(side, side === 'own' ? f.agentIds.demo : f.agentIds.other)),
      companyId,
      agentUserId: f.userIds[side === 'own' ? 'agent@demo.test' : 'otheragent@demo.test'],
      customerUserId,
      agentKey: agentKeys[side],
      offlineTargetId: await launchedCommercial(side),
      credentialId: await freshCredential(side),
    };
  };
  const colleague = await agentRecordsOf('colleague', colleagueAccount.agentId as number);
  const own = await recordsOf('own');
  const other = await recordsOf('other');
  for (const side of ['own', 'other'] as const) {
    await freshItem(side, 'banners');
    await upsertLogo(t.db, companyIds[side], 'image/png', TINY_PNG_BASE64);
  }
  const baseline: Record<Side, CompanyRow> = {
    own: (await findCompanyForUpdate(t.db, companyIds.own)) as CompanyRow,
    other: (await findCompanyForUpdate(t.db, companyIds.other)) as CompanyRow,
  };
  const restoreCompany = async (side: Side, withLogo = false) => {
    const { id: _id, created_at: _created, updated_at: _updated, ...columns } = baseline[side];
    await updateCompany(t.db, companyIds[side], columns);
    if (withLogo) await upsertLogo(t.db, companyIds[side], 'image/png', TINY_PNG_BASE64);
  };

  return {
    t,
    f,
    keys,
    own,
    other,
    sovCarrierId: FL_COMMERCIAL_SOV,
    manualCarrier: FL_COMMERCIAL_MANUAL,
    colleague,
    agent: (owner) => ({ own, other, colleague })[owner],
    freshApplication: (owner) => freshApplication(owner),
    freshCredential,
    freshItem,
    restoreCompany,
    uniqueEmail,
  };
}
