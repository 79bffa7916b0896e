/**
 * Cells of a company's portal settings and API credentials (docs/api-accounts.md Portal settings,
 * API credentials): every settings write and collection call, on the callers' company (no
 * company_id) and on another company (its company_id). The company is restored before each call,
 * so a refused write would show as a change.
 */
import type { Cell } from './access-cell.ts';
import {
  type AccessWorld,
  OWNERS,
  type SettingsCollection,
  type Side,
  settingsItem,
} from './access-world.ts';
import { type Expected, MANAGERS_OTHER, MANAGERS_OWN, signedIn } from './callers.ts';
import { companySnapshot } from './record-snapshots.ts';

/** A valid body of each settings write, different from what the world starts with. */
const SETTINGS_WRITES: Record<string, Record<string, unknown>> = {
  'update-global': {
    global: {
      portal_name: 'Matrix Portal',
      timezone: 'America/Chicago',
      quote_expiry_days: 45,
      support_email: null,
      support_phone: null,
    },
  },
  'update-widgets': { widgets: { enabled: ['alerts'] } },
  'update-quote-rush': { quote_rush: { enabled: true, message: 'Busy day' } },
  'update-auto-send': {
    auto_send: {
      working_hours_only: false,
      complete: { email_template_id: null, sms_template_id: null },
      timeout: { email_template_id: null, sms_template_id: null, after_minutes: 30 },
    },
  },
  'update-eo-details': {
    eo_data: { carrier: 'E&O Co', policy_number: 'P-1', expiry: '2030-01-31', limit: 1_000_000 },
  },
  'update-smtp': {
    smtp: {
      host: 'smtp.example.test',
      port: 587,
      username: 'u',
      password: 'p',
      from_email: 'a@example.test',
      from_name: null,
      secure: false,
    },
  },
  'update-sms-provider': {
    sms_provider: {
      account_sid: `AC${'0'.repeat(32)}`,
      auth_token: 'matrix-token',
      from_number: '+13055550100',
    },
  },
  'update-webhook': { customer_quotes_webhook_url: 'https://hooks.example.test/quotes' },
  'update-api-management': {
    api_management: { enabled: true, allowed_origins: [], rate_limit_per_minute: 30 },
  },
  'update-saml': {
    saml: { entry_point: 'https://idp.example.test/sso', issuer: 'matrix', idp_cert: 'CERT' },
  },
  'update-sign-in-policy': {
    sign_in_policy: { mfa_required: 'none', saml_required: false, idle_timeout_minutes: 45 },
  },
  'update-property-data': {
    property_data: {
      jobs: {
        address: { provider: 'sandbox' },
        characteristics: { provider: 'attom', key: 'matrix-key' },
        flood_zone: { provider: 'fema_nfhl' },
      },
    },
  },
};

const COLLECTIONS: SettingsCollection[] = [
  'application-sources',
  'banners',
  'email-templates',
  'sms-templates',
];

/** Every portal-settings and API-credential cell. */
export function settingsCells(w: AccessWorld): Cell[] {
  const { t, own, other } = w;
  const records = (side: Side) => (side === 'own' ? own : other);
  const sides = ['own', 'other'] as const;
  const managers: Record<Side, Expected> = { own: MANAGERS_OWN, other: MANAGERS_OTHER };
  /** Own company: the caller's default; another: named by company_id. */
  const companyOf = (side: Side) => (side === 'own' ? {} : { company_id: other.companyId });

  /** A write on one side's company, restored first; `body` may create what the call aims at. */
  const write = (
    path: string,
    body: (side: Side) => Promise<Record<string, unknown>> | Record<string, unknown>,
  ): Cell[] =>
    sides.map((side) => ({
      name: `${path} on ${OWNERS[side].whose} settings`,
      endpoint: `POST /api/${path}`,
      side,
      expected: managers[side],
      request: async () => {
        await w.restoreCompany(side);
        return { body: { ...companyOf(side), ...(await body(side)) } };
      },
      unchanged: () => companySnapshot(t, records(side).companyId),
    }));

  return [
    ...sides.map(
      (side): Cell => ({
        name: `portal-settings/get ${OWNERS[side].whose}`,
        endpoint: 'POST /api/portal-settings/get',
        side,
        expected: managers[side],
        request: () => ({ body: companyOf(side) }),
        leaks: (answer) =>
          answer.body.data.settings.company_id === records(side).companyId ? [] : ['answers another company'],
      }),
    ),
    ...sides.map(
      (side): Cell => ({
        name: `portal-settings/preview-template for ${OWNERS[side].whose} company`,
        endpoint: 'POST /api/portal-settings/preview-template',
        side,
        expected: managers[side],
        request: () => ({ body: { ...companyOf(side), kind: 'sms', body: 'Hi {{first_name}}' } }),
        unchanged: () => companySnapshot(t, records(side).companyId),
        leaks: (answer) => (answer.body.data.preview.body === 'Hi Jane' ? [] : ['renders no sample preview']),
      }),
    ),
    ...Object.entries(SETTINGS_WRITES).flatMap(([path, body]) =>
      write(`portal-settings/${path}`, () => body),
    ),
    ...COLLECTIONS.flatMap((collection) => [
      ...write(`portal-settings/${collection}/create`, (side) => ({ item: settingsItem(collection, side) })),
      ...write(`portal-settings/${collection}/update`, async (side) => ({
        item_id: await w.freshItem(side, collection),
        item: settingsItem(collection, side),
      })),
      ...write(`portal-settings/${collection}/delete`, async (side) => ({
        item_id: await w.freshItem(side, collection),
      })),
    ]),
    {
      name: 'portal-settings/active-banners of own company',
      endpoint: 'POST /api/portal-settings/active-banners',
      side: 'own',
      expected: signedIn([200, 200, 200, 200]),
      request: () => ({ body: {} }),
      leaks: (answer) => {
        const messages: string[] = answer.body.data.banners.map(
          (banner: { message: string }) => banner.message,
        );
        if (!messages.includes('own banner')) return ['own banner is missing'];
        return messages.includes('other banner') ? ["shows another company's banner"] : [];
      },
    },
    {
      name: "portal-settings/active-banners naming another company's",
      endpoint: 'POST /api/portal-settings/active-banners',
      side: 'other',
      expected: signedIn([400, 400, 400, 400]),
      request: () => ({ body: { company_id: other.companyId } }),
    },
    ...sides.map(
      (side): Cell => ({
        name: `api-credentials/list ${OWNERS[side].whose}`,
        endpoint: 'POST /api/api-credentials/list',
        side,
        expected: managers[side],
        request: () => ({ body: companyOf(side) }),
        leaks: (answer) => {
          const ids: number[] = answer.body.data.credentials.map((c: { id: number }) => c.id);
          const foreign = records(side === 'own' ? 'other' : 'own').credentialId;
          return [
            ...(ids.includes(records(side).credentialId) ? [] : ['the credential is missing']),
            ...(ids.includes(foreign) ? [`lists credential ${foreign} of the other company`] : []),
          ];
        },
      }),
    ),
    ...write('api-credentials/create', () => ({ name: 'CRM' })),
    ...write('api-credentials/revoke', async (side) => ({ credential_id: await w.freshCredential(side) })),
    ...write('api-credentials/update', async (side) => ({
      credential_id: await w.freshCredential(side),
      scopes: ['applications:read'],
    })),
    ...write('api-credentials/rotate', async (side) => ({ credential_id: await w.freshCredential(side) })),
    {
      name: "api-credentials/revoke of another company's credential without its company_id",
      endpoint: 'POST /api/api-credentials/revoke',
      side: 'other',
      expected: signedIn([404, 404, 403, 403]),
      request: async () => ({ body: { credential_id: await w.freshCredential('other') } }),
      unchanged: () => companySnapshot(t, other.companyId),
    },
  ];
}
