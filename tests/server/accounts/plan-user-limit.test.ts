/**
 * A plan's user limit in force (issue 20; server/config/plans.json max_users): creating a user in a
 * company that already has its plan's number of users answers 402 with the plan's message and
 * writes nothing; a larger plan (or an unlimited one) lets the next user in.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../server/db/schema.ts';
import { countCompanyUsers } from '../../../server/repositories/users-repository.ts';
import { findPlan } from '../../../server/services/plans.ts';
import { planUserLimitMessage } from '../../../server/services/users-service.ts';
import { companyOf } from '../helpers/add-account.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

describe.each(DATABASE_KINDS)('plan user limit on %s', (kind) => {
  let t: TestApp;
  let superKey: string;
  let otherCompanyId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    superKey = await t.loginAs('superadmin@demo.test');
    otherCompanyId = await companyOf(t.db, 'otheradmin@demo.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (email: string) =>
    t.post('users/create', {
      session_key: superKey,
      company_id: otherCompanyId,
      name: 'Nora New',
      email,
      password: 'password-1',
      role: 'agent',
      licensed_states: ['FL'],
    });

  it('refuses the user past the Starter limit with 402 and the plan message, then admits it on a larger plan', async () => {
    const starter = findPlan('starter');
    expect(starter?.max_users).toBe(3);
    await t.db.update(companies).set({ plan_id: 'starter' }).where(eq(companies.id, otherCompanyId));
    // Other Agency starts with its admin and agent: room for one more.
    expect(await countCompanyUsers(t.db, otherCompanyId)).toBe(2);
    expect((await create(`third.${kind}@plan.test`)).statusCode).toBe(200);

    const users = await t.count('users');
    const refused = await create(`fourth.${kind}@plan.test`);
    expect(refused.statusCode).toBe(402);
    expect(refused.body.message).toBe(
      'The Starter plan allows 3 users. Choose a larger plan on the Plans page to add more.',
    );
    expect(refused.body.message).toBe(planUserLimitMessage(starter ?? ({} as never)));
    expect(await t.count('users')).toBe(users);

    await t.db.update(companies).set({ plan_id: 'agency' }).where(eq(companies.id, otherCompanyId));
    expect(findPlan('agency')?.max_users).toBeNull();
    expect((await create(`fourth.${kind}@plan.test`)).statusCode).toBe(200);
  });

  it('never lets simultaneous creations take more seats than the plan has', async () => {
    await t.db.update(companies).set({ plan_id: 'pro' }).where(eq(companies.id, otherCompanyId));
    const free = 15 - (await countCompanyUsers(t.db, otherCompanyId));
    expect(free).toBeGreaterThan(0);
    const results = await Promise.all(
      Array.from({ length: free + 2 }, (_, i) => create(`race.${i}.${kind}@plan.test`)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(free);
    expect(results.filter((r) => r.statusCode === 402)).toHaveLength(2);
    expect(await countCompanyUsers(t.db, otherCompanyId)).toBe(15);
  });
});
