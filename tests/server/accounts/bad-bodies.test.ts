/**
 * No client mistake on an issue 4 call is a 500, and a refused call changes nothing: arbitrary
 * bodies built from each route's own JSON Schema field names with hostile values, posted by a
 * super-admin and an admin.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/database.ts';
import * as schemas from '../../../server/routes/account-request-schemas.ts';
import { sessionOnlyBodySchema } from '../../../server/routes/request-schemas.ts';
import { type AccountsFixture, accountsFixture } from '../helpers/accounts-fixture.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

type Schema = { properties?: Record<string, unknown> };

const collectionPaths: [string, Schema][] = Object.entries(schemas.COLLECTION_ITEM_SCHEMAS).flatMap(
  ([name, item]) => [
    [`portal-settings/${name}/create`, schemas.collectionCreateBodySchema(item)],
    [`portal-settings/${name}/update`, schemas.collectionUpdateBodySchema(item)],
    [`portal-settings/${name}/delete`, schemas.collectionDeleteBodySchema],
  ],
);

/** Every issue 4 call and its body schema. */
const CALLS: [string, Schema][] = [
  ['auth/forgot-password', schemas.forgotPasswordBodySchema],
  ['auth/reset-password', schemas.resetPasswordBodySchema],
  ['auth/change-password', schemas.changePasswordBodySchema],
  ['auth/switch-user', schemas.switchUserBodySchema],
  ['auth/switch-back', schemas.switchBackBodySchema],
  ['auth/saml-sso-login', schemas.samlStartBodySchema],
  ['config/public', schemas.emptyOpenBodySchema],
  ['profile/update', schemas.updateProfileBodySchema],
  ['profile/update-settings', schemas.userSettingsBodySchema],
  ['users/list', schemas.listUsersBodySchema],
  ['users/get', schemas.userIdBodySchema],
  ['users/create', schemas.createUserBodySchema],
  ['users/update', schemas.updateUserBodySchema],
  ['users/delete', schemas.userIdBodySchema],
  ['users/assign-agent', schemas.assignAgentBodySchema],
  ['companies/list', schemas.listCompaniesBodySchema],
  ['companies/get', schemas.companyIdBodySchema],
  ['companies/create', schemas.createCompanyBodySchema],
  ['companies/update', schemas.updateCompanyBodySchema],
  ['companies/change-plan', schemas.companyPlanBodySchema],
  ['companies/set-approved-states', schemas.approvedStatesBodySchema],
  ['companies/set-logo', schemas.companyLogoBodySchema],
  ['plans/list', sessionOnlyBodySchema],
  ['plans/change-plan', schemas.changePlanBodySchema],
  ['portal-settings/get', schemas.settingsGetBodySchema],
  ['portal-settings/update-global', schemas.globalSettingsBodySchema],
  ['portal-settings/update-widgets', schemas.widgetsBodySchema],
  ['portal-settings/update-quote-rush', schemas.quoteRushBodySchema],
  ['portal-settings/update-eo-details', schemas.eoDetailsBodySchema],
  ['portal-settings/update-smtp', schemas.smtpBodySchema],
  ['portal-settings/update-webhook', schemas.webhookBodySchema],
  ['portal-settings/update-api-management', schemas.apiManagementBodySchema],
  ['portal-settings/update-saml', schemas.samlSettingsBodySchema],
  ['portal-settings/active-banners', sessionOnlyBodySchema],
  ['api-credentials/list', schemas.settingsGetBodySchema],
  ['api-credentials/create', schemas.credentialCreateBodySchema],
  ['api-credentials/revoke', schemas.credentialRevokeBodySchema],
  ...collectionPaths,
];

const nasty = fc.oneof(
  fc.anything(),
  fc.constantFrom(
    0,
    -1,
    2_147_483_648,
    '9999999999',
    '',
    'a\u0000b',
    1e308,
    [],
    {},
    null,
    true,
    'https://x',
    'FL',
  ),
  fc.string(),
  fc.integer(),
);

/** A digest of every table these calls write, to prove a refused call wrote nothing. */
async function digest(t: TestApp): Promise<string> {
  const parts: string[] = [];
  for (const table of [
    'companies',
    'users',
    'agents',
    'company_logos',
    'api_credentials',
    'password_reset_tokens',
  ]) {
    const rows = rowsOf<{ d: string | null }>(
      await t.db.execute(
        sql.raw(
          `SELECT md5(coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY x::text), '')) AS d FROM ${table} x`,
        ),
      ),
    );
    parts.push(`${table}:${rows[0].d}`);
  }
  return parts.join('|');
}

describe.each(DATABASE_KINDS)('bad bodies on %s', (kind) => {
  let t: TestApp;
  let f: AccountsFixture;
  beforeAll(async () => {
    t = await startTestApp(kind, { accounts: { mailSink: false } });
    f = await accountsFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never answers 500 and changes nothing when it refuses', async () => {
    const ids = fc.constantFrom(
      f.demoCompanyId,
      f.otherCompanyId,
      f.userIds['otheragent@demo.test'],
      f.userIds['customer@demo.test'],
      String(f.otherCompanyId),
    );
    const value = fc.oneof(nasty, ids);
    const call = fc
      .constantFrom(...CALLS)
      .chain(([path, schema]) =>
        fc.tuple(
          fc.constant(path),
          fc.dictionary(
            fc.constantFrom(
              ...Object.keys(schema.properties ?? { x: 1 }).filter((k) => k !== 'session_key'),
              'extra',
            ),
            value,
          ),
          fc.constantFrom<'super-admin' | 'admin'>('super-admin', 'admin'),
        ),
      );
    await fc.assert(
      fc.asyncProperty(call, async ([path, body, role]) => {
        const before = await digest(t);
        const result = await t.post(path, { ...body, session_key: f.keys[role] });
        expect(result.statusCode, `${path} ${JSON.stringify(body)} -> ${result.body.message}`).toBeLessThan(
          500,
        );
        expect(result.body.code).toBe(result.statusCode);
        if (result.statusCode !== 200) expect(await digest(t)).toBe(before);
      }),
      { numRuns: 250 },
    );
  }, 120_000);

  it('refuses a wrong-typed body with 400 and no change', async () => {
    const before = await digest(t);
    const result = await t.post('users/create', {
      session_key: f.keys.admin,
      name: 'X Y',
      email: 'xy@demo.test',
      password: 12345678,
      role: 'agent',
    });
    expect(result.statusCode).toBe(400);
    expect(result.body.error_obj).toHaveProperty('body.password');
    expect(await digest(t)).toBe(before);
  });
});
