/**
 * Demo data for an EMPTY database (issue 2 §4 Seed): Demo Agency with an active subscription and
 * E&O expiry 90 days ahead, the four demo accounts, and a few applications for the agent (a new
 * Primary from the schema examples and a completed one with quotes, whose client is the demo
 * customer, assigned to the agent) so the listing and the customer's dashboard are not empty.
 */

import { eq, sql } from 'drizzle-orm';
import { applyDefaults, computeFields, type Doc, type RuleContext } from '../../engine/index.ts';
import { examples } from '../../schemas/schema-set.ts';
import { hashPassword } from '../auth/hash-password.ts';
import { connectorFor } from '../quoting/connector-for.ts';
import { launchTargets } from '../quoting/launch-targets.ts';
import { QUOTE_TIMEOUT_MS } from '../quoting/quote-timeout-ms.ts';
import { countUsers } from '../repositories/accounts-repository.ts';
import { insertApplication, updateApplication } from '../repositories/applications-repository.ts';
import { insertNote } from '../repositories/notes-repository.ts';
import { applicationRecordDefaults } from '../services/application-record-defaults.ts';
import { clientName } from '../services/client-name.ts';
import { compiledSchemaSet } from '../services/schema-engine.ts';
import type { Executor } from './database.ts';
import { agents, companies, quotes, users } from './schema.ts';
import { seedCommissionRates } from './seed-commission-rates.ts';

/** Password of the demo accounts unless DEMO_PASSWORD is set. README. */
export const DEFAULT_DEMO_PASSWORD = 'demo1234';

/** States the demo agent is licensed in (not CA, so the invalid-state dialog can be shown). */
export const DEMO_AGENT_STATES = ['FL', 'TX', 'LA', 'NJ', 'NY', 'SC', 'NC', 'GA', 'AL', 'MS'];

export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.test', name: 'Sam Super', role: 'super-admin' },
  { email: 'admin@demo.test', name: 'Ada Admin', role: 'admin' },
  { email: 'agent@demo.test', name: 'Alex Agent', role: 'agent', phone: '(305) 555-0142' },
  { email: 'customer@demo.test', name: 'Casey Customer', role: 'customer' },
] as const;

/**
 * Accounts of the two extra companies (issue 4 Seed): "Other Agency" (active subscription) so
 * access rules across companies can be tried, and "Expired Trial Agency" (trial ended 10 days
 * ago, no subscription) so the check-subscription guard can be seen.
 */
export const EXTRA_DEMO_ACCOUNTS = [
  { email: 'otheradmin@demo.test', name: 'Olive Other', role: 'admin', company: 'Other Agency' },
  { email: 'otheragent@demo.test', name: 'Oscar Other', role: 'agent', company: 'Other Agency' },
  { email: 'expired@demo.test', name: 'Evan Expired', role: 'admin', company: 'Expired Trial Agency' },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Any constant: the advisory lock key that serializes seeders of several processes. */
const SEED_LOCK_KEY = 7_351_043;

export interface SeedResult {
  seeded: boolean;
  companyId?: number;
  agentId?: number;
  applicationIds?: number[];
  otherCompanyId?: number;
  otherAgentId?: number;
  expiredCompanyId?: number;
}

async function quoteAll(doc: Doc, ctx: RuleContext) {
  return Promise.all(
    launchTargets(doc, ctx).map(async (target) => {
      const signal = AbortSignal.timeout(QUOTE_TIMEOUT_MS);
      try {
        const answer = await connectorFor(target.connector).quote({ target, document: doc, ctx }, signal);
        return { target, answer, error: null };
      } catch (error) {
        return { target, answer: null, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
}

/**
 * Seeds the demo company, accounts and applications when the database has no user; otherwise
 * does nothing. All in one transaction. Passwords are scrypt-hashed `password`.
 */
export async function seedDemoData(
  db: Executor,
  password: string = DEFAULT_DEMO_PASSWORD,
  now: Date = new Date(),
): Promise<SeedResult> {
  if ((await countUsers(db)) > 0) return { seeded: false };
  const compiled = compiledSchemaSet();
  const passwordHash = await hashPassword(password);
  const primary = computeFields(compiled, applyDefaults(compiled, structuredClone(examples.primary as Doc)), {
    product: 'Primary',
    application_type: 'flood',
    status: 'new',
  });
  const ctx: RuleContext = { product: 'Primary', application_type: 'flood', status: 'new' };
  // Connectors run outside the transaction: they may take a while and touch no table.
  const answers = await quoteAll(primary, ctx);

  return db.transaction(async (tx) => {
    // Two processes starting at once on an empty database: the second waits here, then finds users.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if ((await countUsers(tx)) > 0) return { seeded: false };
    const [company] = await tx
      .insert(companies)
      .values({
        name: 'Demo Agency',
        has_active_subscription: true,
        is_trial_disabled: false,
        trial_ends_at: null,
        stripe_id: null,
        eo_data: {
          carrier: 'Demo E&O Mutual',
          policy_number: 'EO-100200',
          expiry: new Date(now.getTime() + 90 * DAY_MS).toISOString().slice(0, 10),
          limit: 1_000_000,
        },
        approved_states: DEMO_AGENT_STATES,
        // The top plan: the README's demo uses partner API keys and SAML (ADR 764).
        plan_id: 'agency',
      })
      .returning();
    const [other] = await tx
      .insert(companies)
      .values({
        name: 'Other Agency',
        has_active_subscription: true,
        approved_states: ['FL', 'TX'],
        plan_id: 'starter',
      })
      .returning();
    const [expired] = await tx
      .insert(companies)
      .values({
        name: 'Expired Trial Agency',
        has_active_subscription: false,
        trial_ends_at: new Date(now.getTime() - 10 * DAY_MS),
        approved_states: ['FL'],
      })
      .returning();
    const extraCompanyIds: Record<string, number> = {
      'Other Agency': other.id,
      'Expired Trial Agency': expired.id,
    };
    let otherAgentId = 0;
    for (const account of EXTRA_DEMO_ACCOUNTS) {
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          name: account.name,
          role: account.role,
          password_hash: passwordHash,
          company_id: extraCompanyIds[account.company],
        })
        .returning();
      if (account.role === 'agent') {
        const [record] = await tx
          .insert(agents)
          .values({ user_id: user.id, licensed_states: ['FL', 'TX'] })
          .returning();
        otherAgentId = record.id;
      }
    }
    const userIds: Record<string, number> = {};
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          name: account.name,
          role: account.role,
          password_hash: passwordHash,
          company_id: company.id,
          phone: 'phone' in account ? account.phone : null,
        })
        .returning();
      userIds[account.role] = user.id;
    }
    const [agent] = await tx
      .insert(agents)
      .values({ user_id: userIds.agent, licensed_states: DEMO_AGENT_STATES })
      .returning();
    await seedCommissionRates(tx, company.id, userIds.admin);
    // The customer portal (issue 16): Casey is Alex's customer and the client of the quoted application.
    await tx.update(users).set({ assigned_agent_id: agent.id }).where(eq(users.id, userIds.customer));

    const base = {
      ...applicationRecordDefaults(),
      agent_id: agent.id,
      company_id: company.id,
      application_type: 'flood',
      carrier_quote_type: ['Primary'],
      searched_address: String(primary.searched_address ?? ''),
      client_name: clientName(primary),
    };
    const fresh = await insertApplication(tx, { ...base, status: 'new', useable_details: primary });
    const done = await insertApplication(tx, {
      ...base,
      status: 'launched',
      useable_details: primary,
      launched_at: now,
      client_user_id: userIds.customer,
    });
    let cheapest: number | null = null;
    for (const { target, answer, error } of answers) {
      const premium = answer?.status === 'quoted' ? answer.premium : null;
      if (premium !== null && (cheapest === null || premium < cheapest)) cheapest = premium;
      await tx.insert(quotes).values({
        application_id: done.id,
        carrier: target.carrier,
        sub_carrier: target.sub_carrier,
        display_name: target.display_name,
        connector: target.connector,
        status: answer?.status ?? 'error',
        premium,
        coverages: answer?.coverages ?? {},
        benefits: answer?.benefits.length ? answer.benefits : target.benefits,
        message: answer?.message ?? error,
        indicative: answer?.indicative ?? true,
        requested_at: now,
        answered_at: now,
      });
    }
    await updateApplication(tx, done.id, { status: 'completed', min_quote_amount: cheapest });
    await insertNote(tx, done.id, {
      is_alert: true,
      is_active: true,
      sent_by: 'auto_launch',
      status: 'failed',
      message: 'Automatic launch failed for one carrier; quotes were requested again.',
    });
    await insertNote(tx, fresh.id, {
      is_alert: false,
      is_active: true,
      sent_by: 'agent',
      status: 'note',
      message: 'Client asked for a quote before the renewal date.',
    });
    return {
      seeded: true,
      companyId: company.id,
      agentId: agent.id,
      applicationIds: [fresh.id, done.id],
      otherCompanyId: other.id,
      otherAgentId,
      expiredCompanyId: expired.id,
    };
  });
}
