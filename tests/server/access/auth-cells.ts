/**
 * Cells of the calls on the caller's own session and account (docs/api.md Auth,
 * docs/api-accounts.md Auth, Profile, Plans): they take no id, so each "another company's" cell
 * tries to name another company's user or company and must be refused (400) without a change.
 * Open sign-in calls answer the same to every caller.
 */
import { eq } from 'drizzle-orm';
import { hashSessionKey } from '../../../server/auth/session-key.ts';
import { sessions } from '../../../server/db/schema.ts';
import { ROLE_EMAILS } from '../helpers/accounts-fixture.ts';
import type { Cell } from './access-cell.ts';
import type { AccessWorld } from './access-world.ts';
import {
  EVERY_ROLE,
  type Expected,
  everyone,
  MANAGERS_OTHER,
  MANAGERS_OWN,
  NOT_ADDRESSABLE,
  OPEN,
  signedIn,
} from './callers.ts';
import { companySnapshot, rowsWhere, userSnapshot } from './record-snapshots.ts';

const EVERYONE_422 = everyone(422);

/** Every auth, profile and plan cell. */
export function authCells(w: AccessWorld): Cell[] {
  const { t, own, other } = w;
  const otherAgent = () => userSnapshot(t, other.agentUserId);
  /** The id of the session of `key`. */
  const sessionIdOf = async (key: string) => {
    const [row] = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.key_hash, hashSessionKey(key)));
    return row.id;
  };
  /** A call of one's own account, and the same call naming another company's user. */
  const ownAccount = (
    path: string,
    body: Record<string, unknown>,
    expected: Expected = EVERY_ROLE,
  ): Cell[] => [
    {
      name: `${path} of own account`,
      endpoint: `POST /api/${path}`,
      side: 'own',
      expected,
      request: () => ({ body }),
    },
    {
      name: `${path} naming another company's user`,
      endpoint: `POST /api/${path}`,
      side: 'other',
      expected: NOT_ADDRESSABLE,
      request: () => ({ body: { ...body, user_id: other.agentUserId } }),
      unchanged: otherAgent,
    },
  ];

  return [
    {
      name: 'auth/login (open)',
      endpoint: 'POST /api/auth/login',
      side: 'none',
      expected: OPEN,
      key: async () => undefined,
      request: () => ({ body: { email: 'otheragent@demo.test', password: 'demo1234' } }),
    },
    {
      name: 'auth/logout of own session',
      endpoint: 'POST /api/auth/logout',
      side: 'own',
      expected: EVERY_ROLE,
      // Each role logs out a session of its own, so the world's keys stay valid.
      key: async (caller) =>
        caller in ROLE_EMAILS ? t.loginAs(ROLE_EMAILS[caller as keyof typeof ROLE_EMAILS]) : w.keys[caller],
      request: () => ({ body: {} }),
    },
    {
      name: "auth/logout naming another company's user",
      endpoint: 'POST /api/auth/logout',
      side: 'other',
      expected: NOT_ADDRESSABLE,
      request: () => ({ body: { user_id: other.agentUserId } }),
      unchanged: () => rowsWhere(t, sessions, sessions.user_id, other.agentUserId),
    },
    ...ownAccount('auth/me', {}),
    ...ownAccount(
      'auth/change-password',
      { current_password: 'not-the-password', password: 'new-password-1' },
      signedIn([422, 422, 422, 422]),
    ),
    {
      name: "auth/switch-user to an own company's agent",
      endpoint: 'POST /api/auth/switch-user',
      side: 'own',
      expected: MANAGERS_OWN,
      request: () => ({ body: { user_id: own.agentUserId } }),
      unchanged: () => rowsWhere(t, sessions, sessions.user_id, own.agentUserId),
    },
    {
      name: "auth/switch-user to own company's super-admin",
      endpoint: 'POST /api/auth/switch-user',
      side: 'own',
      // The super-admin is themself (422); an admin must not become the super-admin of their company.
      expected: signedIn([422, 404, 403, 403]),
      request: () => ({ body: { user_id: w.f.userIds['superadmin@demo.test'] } }),
      unchanged: () => rowsWhere(t, sessions, sessions.user_id, w.f.userIds['superadmin@demo.test']),
    },
    {
      name: "auth/switch-user to another company's agent",
      endpoint: 'POST /api/auth/switch-user',
      side: 'other',
      expected: MANAGERS_OTHER,
      request: () => ({ body: { user_id: other.agentUserId } }),
      unchanged: () => rowsWhere(t, sessions, sessions.user_id, other.agentUserId),
    },
    {
      name: 'auth/switch-back to a session never switched from',
      endpoint: 'POST /api/auth/switch-back',
      side: 'own',
      expected: signedIn([422, 422, 422, 422]),
      request: () => ({ body: { previous_session_key: own.agentKey } }),
    },
    {
      name: "auth/switch-back into another company's live session",
      endpoint: 'POST /api/auth/switch-back',
      side: 'other',
      expected: signedIn([422, 422, 422, 422]),
      request: () => ({ body: { previous_session_key: other.agentKey } }),
      unchanged: () => rowsWhere(t, sessions, sessions.user_id, other.agentUserId),
    },
    {
      // Open: a session key is ignored; the token's own 401s are tests/server/auth/sign-in-security.test.ts's.
      name: 'auth/mfa/verify with an over-long code (open)',
      endpoint: 'POST /api/auth/mfa/verify',
      side: 'none',
      expected: everyone(400),
      request: () => ({ body: { mfa_token: 'a'.repeat(64), code: '1'.repeat(41) } }),
    },
    ...ownAccount('auth/mfa/totp-enroll', {}),
    // A pending secret (the enrol cell's) or none: a made-up code is refused either way.
    ...ownAccount('auth/mfa/totp-confirm', { code: '000000' }, signedIn([422, 422, 422, 422])),
    ...ownAccount('auth/mfa/status', {}),
    ...ownAccount('auth/sessions/list', {}),
    {
      name: 'auth/sessions/revoke of a fresh own session',
      endpoint: 'POST /api/auth/sessions/revoke',
      side: 'own',
      expected: EVERY_ROLE,
      request: async (caller) => {
        if (!(caller in ROLE_EMAILS)) return { body: { id: 1 } };
        const key = await t.loginAs(ROLE_EMAILS[caller as keyof typeof ROLE_EMAILS]);
        return { body: { id: await sessionIdOf(key) } };
      },
    },
    {
      name: "auth/sessions/revoke of another company's user's session",
      endpoint: 'POST /api/auth/sessions/revoke',
      side: 'other',
      expected: signedIn([404, 404, 404, 404]),
      request: async () => ({ body: { id: await sessionIdOf(other.agentKey) } }),
      unchanged: () => rowsWhere(t, sessions, sessions.user_id, other.agentUserId),
    },
    // The world's keys are the ones the callers send, so ending the others leaves every column's key.
    ...ownAccount('auth/sessions/revoke-others', {}),
    {
      name: 'auth/forgot-password (open)',
      endpoint: 'POST /api/auth/forgot-password',
      side: 'none',
      expected: OPEN,
      request: () => ({ body: { email: 'nobody@matrix.test' } }),
    },
    {
      name: 'auth/reset-password with a made-up token (open)',
      endpoint: 'POST /api/auth/reset-password',
      side: 'none',
      expected: EVERYONE_422,
      request: () => ({ body: { token: 'a'.repeat(64), password: 'new-password-1' } }),
    },
    {
      name: 'auth/saml-sso-login of another company without SAML (open)',
      endpoint: 'POST /api/auth/saml-sso-login',
      side: 'none',
      expected: EVERYONE_422,
      request: () => ({ body: { company_id: other.companyId } }),
    },
    {
      // Open: a session key is ignored; a spent or expired code's 401 is saml-round-trip.test.ts's.
      name: 'auth/saml-sso-complete with an over-long code (open)',
      endpoint: 'POST /api/auth/saml-sso-complete',
      side: 'none',
      expected: everyone(400),
      request: () => ({ body: { code: 'a'.repeat(201) } }),
    },
    {
      name: 'GET auth/saml/{company_id}/login without SAML (open)',
      endpoint: 'GET /api/auth/saml/{company_id}/login',
      side: 'none',
      expected: EVERYONE_422,
      request: () => ({ url: `/api/auth/saml/${other.companyId}/login` }),
    },
    {
      name: 'POST auth/saml/{company_id}/acs with a forged answer (open)',
      endpoint: 'POST /api/auth/saml/{company_id}/acs',
      side: 'none',
      expected: everyone(302),
      request: () => ({ url: `/api/auth/saml/${other.companyId}/acs`, form: 'SAMLResponse=forged' }),
      leaks: (answer) =>
        String(answer.headers.location).startsWith('/auth/saml-sso-login?error=')
          ? []
          : [`redirects to ${answer.headers.location}`],
    },
    {
      name: 'config/public (open)',
      endpoint: 'POST /api/config/public',
      side: 'none',
      expected: OPEN,
      request: () => ({ body: {} }),
    },
    ...ownAccount('profile/update', { phone: '(305) 555-0100' }),
    ...ownAccount('profile/update-settings', { user_settings: { default_per_page: 50 } }),
    {
      name: 'plans/list of own company',
      endpoint: 'POST /api/plans/list',
      side: 'own',
      expected: EVERY_ROLE,
      request: () => ({ body: {} }),
      leaks: (answer) =>
        answer.body.data.current_plan_id === 'agency'
          ? []
          : [`shows plan ${answer.body.data.current_plan_id}`],
    },
    {
      name: 'plans/list naming another company',
      endpoint: 'POST /api/plans/list',
      side: 'other',
      expected: NOT_ADDRESSABLE,
      request: () => ({ body: { company_id: other.companyId } }),
    },
    {
      name: 'plans/change-plan of own company (no Stripe keys: admins refused, super-admins set it)',
      endpoint: 'POST /api/plans/change-plan',
      side: 'own',
      expected: signedIn([200, 422, 403, 403]),
      request: async () => {
        await w.restoreCompany('own');
        // Another plan than the seeded demo's (agency): a real change.
        return { body: { plan_id: 'pro' } };
      },
      unchanged: () => companySnapshot(t, own.companyId),
    },
    {
      name: 'POST stripe/webhook unsigned (open, refused)',
      endpoint: 'POST /api/stripe/webhook',
      side: 'none',
      expected: everyone(400),
      request: () => ({ body: { id: 'evt_forged', type: 'checkout.session.completed', created: 1 } }),
      unchanged: () => companySnapshot(t, own.companyId),
    },
    {
      name: 'plans/change-plan naming another company',
      endpoint: 'POST /api/plans/change-plan',
      side: 'other',
      expected: NOT_ADDRESSABLE,
      request: () => ({ body: { company_id: other.companyId, plan_id: 'agency' } }),
      unchanged: () => companySnapshot(t, other.companyId),
    },
  ];
}
