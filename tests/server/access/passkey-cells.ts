/**
 * Cells of the passkey calls (issue 38, ADR 754): a signed-in user's own passkeys only (a body
 * naming another user is 400; another company's passkey is 404 and stays), and the open sign-in
 * step, which answers the same to every caller (its token's 401s are tests/server/auth/passkeys.test.ts's).
 */
import { webauthnCredentials } from '../../../server/db/sign-in-security-schema.ts';
import { ROLE_EMAILS } from '../helpers/accounts-fixture.ts';
import { addAccount } from '../helpers/add-account.ts';
import type { Cell } from './access-cell.ts';
import type { AccessWorld } from './access-world.ts';
import { EVERY_ROLE, type Expected, everyone, NOT_ADDRESSABLE, signedIn } from './callers.ts';
import { rowsWhere } from './record-snapshots.ts';

/** A browser answer that passes the body schema but was never asked for. */
const MADE_UP_REGISTRATION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};

/** Every passkey cell. */
export function passkeyCells(w: AccessWorld): Cell[] {
  const { t, other } = w;
  let stored = 0;
  /** A stored passkey row of `userId`; its id. */
  const storedPasskey = async (userId: number) => {
    stored += 1;
    const [row] = await t.db
      .insert(webauthnCredentials)
      .values({
        user_id: userId,
        credential_id: `matrix-${stored}`,
        public_key: 'pQ',
        name: `Matrix ${stored}`,
      })
      .returning({ id: webauthnCredentials.id });
    return row.id;
  };
  /** A user of the other company with a passkey (made once): their id and the passkey's. */
  let foreign: Promise<{ userId: number; passkeyId: number }> | null = null;
  const foreignPasskey = () => {
    foreign ??= addAccount(t.db, {
      email: w.uniqueEmail('passkey-owner'),
      role: 'agent',
      companyId: other.companyId,
    }).then(async ({ userId }) => ({ userId, passkeyId: await storedPasskey(userId) }));
    return foreign;
  };
  const foreignRows = async () =>
    rowsWhere(t, webauthnCredentials, webauthnCredentials.user_id, (await foreignPasskey()).userId);

  /** A call of one's own passkeys, and the same call naming another company's user. */
  const own = (path: string, body: Record<string, unknown>, expected: Expected = EVERY_ROLE): Cell[] => [
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
      request: async () => ({ body: { ...body, user_id: (await foreignPasskey()).userId } }),
      unchanged: foreignRows,
    },
  ];

  return [
    ...own('auth/mfa/passkey-register-options', {}),
    // No registration was started with this answer's challenge: 422, never a 401 that signs out.
    ...own(
      'auth/mfa/passkey-register',
      { name: 'Laptop', response: MADE_UP_REGISTRATION },
      signedIn([422, 422, 422, 422]),
    ),
    {
      name: 'auth/mfa/passkeys-list of own account',
      endpoint: 'POST /api/auth/mfa/passkeys-list',
      side: 'own',
      expected: EVERY_ROLE,
      request: () => ({ body: {} }),
      leaks: async (answer) => {
        const { passkeyId } = await foreignPasskey();
        const ids = (answer.body.data.passkeys as { id: number }[]).map((passkey) => passkey.id);
        return ids.includes(passkeyId) ? ["lists another company's passkey"] : [];
      },
    },
    {
      name: "auth/mfa/passkeys-list naming another company's user",
      endpoint: 'POST /api/auth/mfa/passkeys-list',
      side: 'other',
      expected: NOT_ADDRESSABLE,
      request: async () => ({ body: { user_id: (await foreignPasskey()).userId } }),
    },
    {
      name: 'auth/mfa/passkey-remove of a fresh own passkey',
      endpoint: 'POST /api/auth/mfa/passkey-remove',
      side: 'own',
      expected: EVERY_ROLE,
      request: async (caller) => {
        if (!(caller in ROLE_EMAILS)) return { body: { id: 1 } };
        const email = ROLE_EMAILS[caller as keyof typeof ROLE_EMAILS];
        return { body: { id: await storedPasskey(w.f.userIds[email]) } };
      },
    },
    {
      name: "auth/mfa/passkey-remove of another company's user's passkey",
      endpoint: 'POST /api/auth/mfa/passkey-remove',
      side: 'other',
      expected: signedIn([404, 404, 404, 404]),
      request: async () => ({ body: { id: (await foreignPasskey()).passkeyId } }),
      unchanged: foreignRows,
    },
    {
      name: 'auth/mfa/passkey-options with an over-long token (open)',
      endpoint: 'POST /api/auth/mfa/passkey-options',
      side: 'none',
      expected: everyone(400),
      request: () => ({ body: { mfa_token: 'a'.repeat(201) } }),
    },
    {
      name: 'auth/mfa/passkey-verify without a signature (open)',
      endpoint: 'POST /api/auth/mfa/passkey-verify',
      side: 'none',
      expected: everyone(400),
      request: () => ({
        body: {
          mfa_token: 'a'.repeat(64),
          response: {
            ...MADE_UP_REGISTRATION,
            response: { clientDataJSON: 'e30', authenticatorData: 'AAAA' },
          },
        },
      }),
    },
  ];
}
