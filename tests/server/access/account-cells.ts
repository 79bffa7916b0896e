/**
 * Cells of user management and MGA company management (docs/api-accounts.md Users, Companies):
 * each on the callers' company's records and on another company's. Writes start from a known
 * state (a reset field, a fresh account) so a refused one would visibly change something.
 */
import { eq } from 'drizzle-orm';
import { companies, users } from '../../../server/db/schema.ts';
import {
  mfaRecoveryCodes,
  userTotp,
  webauthnCredentials,
} from '../../../server/db/sign-in-security-schema.ts';
import { updateUser, upsertAgent } from '../../../server/repositories/users-repository.ts';
import { addAccount } from '../helpers/add-account.ts';
import type { CallResult } from '../helpers/test-app.ts';
import type { Cell } from './access-cell.ts';
import { type AccessWorld, OWNERS, type Side } from './access-world.ts';
import {
  type Caller,
  type Expected,
  MANAGERS_OTHER,
  MANAGERS_OWN,
  NOT_ADDRESSABLE,
  SUPER_ONLY,
  signedIn,
} from './callers.ts';
import { companySnapshot, rowsWhere, secondFactorSnapshot, userSnapshot } from './record-snapshots.ts';

const SVG_LOGO = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>').toString(
  'base64',
);

/** Every user- and company-management cell. */
export function accountCells(w: AccessWorld): Cell[] {
  const { t, own, other } = w;
  const records = (side: Side) => (side === 'own' ? own : other);
  const sides = ['own', 'other'] as const;
  const managers: Record<Side, Expected> = { own: MANAGERS_OWN, other: MANAGERS_OTHER };
  const superAdminId = w.f.userIds['superadmin@demo.test'];
  /** The super-admin shares the callers' company; an admin must not reach them (SPEC §6). */
  const onSuperAdmin = (path: string, expected: Expected, body: Record<string, unknown> = {}): Cell => ({
    name: `${path} of own company's super-admin`,
    endpoint: `POST /api/${path}`,
    side: 'own',
    expected,
    request: async () => {
      await updateUser(t.db, superAdminId, { phone: null });
      return { body: { user_id: superAdminId, ...body } };
    },
    unchanged: () => userSnapshot(t, superAdminId),
  });

  /** Users listed must be of the caller's company unless the caller is the super-admin. */
  const usersLeaks = (answer: CallResult, caller: Caller, mustShow: number) => {
    const listed: { id: number; company: { id: number } | null }[] = answer.body.data.users;
    const problems = listed.some((user) => user.id === mustShow) ? [] : [`user ${mustShow} is missing`];
    if (caller !== 'super-admin') {
      for (const user of listed.filter((u) => u.company?.id !== own.companyId))
        problems.push(`lists user ${user.id} of company ${user.company?.id}`);
      if (listed.some((user) => user.id === superAdminId)) problems.push('lists the super-admin');
    }
    return problems;
  };

  /** The user whose sessions users/revoke-sessions ends, per side (made on first use). */
  const signedOut: Partial<Record<Side, number>> = {};
  /** The user whose second factor users/reset-mfa removes, per side (made on first use). */
  const lostDevice: Partial<Record<Side, number>> = {};
  /** Gives the user of `side` an authenticator app, a recovery code and a passkey again; its id. */
  const withSecondFactors = async (side: Side) => {
    lostDevice[side] ??= (
      await addAccount(t.db, {
        email: w.uniqueEmail('lost-device'),
        role: 'agent',
        companyId: records(side).companyId,
      })
    ).userId;
    const userId = lostDevice[side];
    await t.db
      .insert(userTotp)
      .values({ user_id: userId, secret: 'JBSWY3DPEHPK3PXP', confirmed_at: new Date() })
      .onConflictDoNothing();
    await t.db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.user_id, userId));
    await t.db.insert(mfaRecoveryCodes).values({ user_id: userId, code_hash: `matrix-${userId}` });
    await t.db
      .insert(webauthnCredentials)
      .values({ user_id: userId, credential_id: `matrix-reset-${userId}`, public_key: 'pQ', name: 'Phone' })
      .onConflictDoNothing();
    return userId;
  };

  /** A cell per side; `user` is the target user whose rows a refusal must leave alone. */
  const onUser = (
    path: string,
    verb: string,
    expected: Record<Side, Expected>,
    body: (side: Side) => Promise<Record<string, unknown>> | Record<string, unknown>,
  ): Cell[] =>
    sides.map((side) => {
      let target = 0;
      return {
        name: `${path} ${verb} ${OWNERS[side].whose} user`,
        endpoint: `POST /api/${path}`,
        side,
        expected: expected[side],
        request: async () => {
          const sent = await body(side);
          target = Number(sent.user_id ?? sent.customer_user_id);
          return { body: sent };
        },
        unchanged: () => userSnapshot(t, target),
      };
    });

  /** A cell per side on the company's row (restored first, so a write always changes it). */
  const onCompany = (
    path: string,
    verb: string,
    expected: Record<Side, Expected>,
    body: (side: Side) => Record<string, unknown>,
  ): Cell[] =>
    sides.map((side) => ({
      name: `${path} ${verb} ${side === 'own' ? 'own company' : 'another company'}`,
      endpoint: `POST /api/${path}`,
      side,
      expected: expected[side],
      request: async () => {
        await w.restoreCompany(side, path === 'companies/set-logo');
        return { body: { company_id: records(side).companyId, ...body(side) } };
      },
      unchanged: () => companySnapshot(t, records(side).companyId),
    }));

  return [
    ...sides.map(
      (side): Cell => ({
        name: `users/list ${OWNERS[side].whose}`,
        endpoint: 'POST /api/users/list',
        side,
        expected: managers[side],
        request: () => ({ body: side === 'own' ? {} : { company_id: other.companyId } }),
        leaks: (answer, caller) => usersLeaks(answer, caller, records(side).agentUserId),
      }),
    ),
    ...onUser('users/get', 'reads', managers, (side) => ({ user_id: records(side).agentUserId })),
    ...sides.map(
      (side): Cell => ({
        name: `users/create in ${OWNERS[side].whose} company`,
        endpoint: 'POST /api/users/create',
        side,
        expected: side === 'own' ? MANAGERS_OWN : SUPER_ONLY,
        request: () => ({
          body: {
            name: 'New Agent',
            email: w.uniqueEmail('agent'),
            password: 'password-1',
            role: 'agent',
            company_id: records(side).companyId,
            licensed_states: ['FL'],
          },
        }),
        unchanged: () => rowsWhere(t, users, users.company_id, records(side).companyId),
      }),
    ),
    ...onUser('users/update', 'updates', managers, async (side) => {
      await updateUser(t.db, records(side).agentUserId, { phone: null });
      await upsertAgent(t.db, records(side).agentUserId, ['FL', 'TX']);
      return { user_id: records(side).agentUserId, phone: '(305) 555-0101', licensed_states: ['FL', 'GA'] };
    }),
    onSuperAdmin('users/get', signedIn([200, 404, 403, 403])),
    onSuperAdmin('users/update', signedIn([200, 404, 403, 403]), { phone: '(305) 555-0102' }),
    // The super-admin may not delete themself (422).
    onSuperAdmin('users/delete', signedIn([422, 404, 403, 403])),
    {
      name: 'users/update raising an own agent to super-admin',
      endpoint: 'POST /api/users/update',
      side: 'own',
      expected: NOT_ADDRESSABLE,
      request: () => ({ body: { user_id: own.agentUserId, role: 'super-admin' } }),
      unchanged: () => userSnapshot(t, own.agentUserId),
    },
    {
      name: 'users/create of a super-admin',
      endpoint: 'POST /api/users/create',
      side: 'own',
      expected: NOT_ADDRESSABLE,
      request: () => ({
        body: {
          name: 'New Super',
          email: w.uniqueEmail('super'),
          password: 'password-1',
          role: 'super-admin',
          company_id: own.companyId,
        },
      }),
      unchanged: () => rowsWhere(t, users, users.company_id, own.companyId),
    },
    ...onUser('users/delete', 'deletes', managers, async (side) => ({
      user_id: (
        await addAccount(t.db, {
          email: w.uniqueEmail('delete'),
          role: 'customer',
          companyId: records(side).companyId,
        })
      ).userId,
    })),
    // One target per side for every caller: the own company stays within its plan's user limit.
    ...onUser('users/revoke-sessions', 'ends the sessions of', managers, async (side) => {
      signedOut[side] ??= (
        await addAccount(t.db, {
          email: w.uniqueEmail('signed-out'),
          role: 'customer',
          companyId: records(side).companyId,
        })
      ).userId;
      return { user_id: signedOut[side] };
    }),
    ...sides.map((side): Cell => {
      let target = 0;
      return {
        name: `users/reset-mfa of ${OWNERS[side].whose} user`,
        endpoint: 'POST /api/users/reset-mfa',
        side,
        expected: managers[side],
        request: async () => {
          target = await withSecondFactors(side);
          return { body: { user_id: target } };
        },
        unchanged: async () => ({
          user: await userSnapshot(t, target),
          factors: await secondFactorSnapshot(t, target),
        }),
      };
    }),
    // The super-admin may not reset their own (422); an admin does not reach them (404).
    onSuperAdmin('users/reset-mfa', signedIn([422, 404, 403, 403])),
    ...onUser('users/assign-agent', 'assigns an agent to', managers, async (side) => {
      await updateUser(t.db, records(side).customerUserId, { assigned_agent_id: null });
      return { customer_user_id: records(side).customerUserId, agent_id: records(side).agentId };
    }),
    {
      name: "users/assign-agent of another company's agent to an own customer",
      endpoint: 'POST /api/users/assign-agent',
      side: 'other',
      expected: signedIn([404, 404, 403, 403]),
      request: async () => {
        await updateUser(t.db, own.customerUserId, { assigned_agent_id: null });
        return { body: { customer_user_id: own.customerUserId, agent_id: other.agentId } };
      },
      unchanged: () => userSnapshot(t, own.customerUserId),
    },
    ...sides.map(
      (side): Cell => ({
        name: `companies/list searching ${OWNERS[side].whose} name`,
        endpoint: 'POST /api/companies/list',
        side,
        expected: SUPER_ONLY,
        request: () => ({ body: { search: side === 'own' ? 'Demo Agency' : 'Other Agency' } }),
        leaks: (answer) =>
          answer.body.data.companies.some((c: { id: number }) => c.id === records(side).companyId)
            ? []
            : [`company ${records(side).companyId} is missing`],
      }),
    ),
    {
      name: 'companies/create',
      endpoint: 'POST /api/companies/create',
      side: 'none',
      expected: SUPER_ONLY,
      request: () => ({ body: { name: `Agency ${w.uniqueEmail('company')}` } }),
      unchanged: async () => (await t.db.select({ id: companies.id }).from(companies)).length,
    },
    ...sides.map(
      (side): Cell => ({
        name: `companies/get ${OWNERS[side].whose}`,
        endpoint: 'POST /api/companies/get',
        side,
        expected: managers[side],
        request: () => ({ body: { company_id: records(side).companyId } }),
        leaks: (answer) =>
          answer.body.data.company.id === records(side).companyId ? [] : ['answers another company'],
      }),
    ),
    ...onCompany('companies/update', 'updates', { own: SUPER_ONLY, other: SUPER_ONLY }, () => ({
      permissions: ['applications'],
      has_active_subscription: true,
    })),
    ...onCompany(
      'companies/change-plan',
      'changes the plan of',
      { own: SUPER_ONLY, other: SUPER_ONLY },
      // Both companies are on agency (the seed's and the world's): pro is a real change.
      () => ({
        plan_id: 'pro',
      }),
    ),
    ...onCompany(
      'companies/set-approved-states',
      'sets the states of',
      { own: SUPER_ONLY, other: SUPER_ONLY },
      () => ({ approved_states: ['FL', 'GA', 'AL'] }),
    ),
    ...onCompany('companies/set-logo', 'sets the logo of', managers, () => ({
      logo: { content_base64: SVG_LOGO, content_type: 'image/svg+xml' },
    })),
  ];
}
