/**
 * Portal settings, the customer quotes webhook's secret, delivery log and test, and API
 * credentials (docs/api-accounts.md Portal settings, Customer quotes webhook, API credentials):
 * admins for their company, super-admins for any; agents and customers 403. API credentials and
 * SAML set-up are access areas: an admin whose plan lacks them gets 403 (ADR 764).
 */
import type { FastifyInstance } from 'fastify';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { PartnerScope } from '../auth/partner-scopes.ts';
import type { Executor } from '../db/database.ts';
import type { CompanyRow, EoData } from '../db/schema.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
import type { SmtpSettings } from '../mail/mailer.ts';
import type { PropertyDataJob } from '../property-data/types.ts';
import {
  createApiCredential,
  listApiCredentials,
  revokeApiCredential,
  rotateApiCredential,
  updateApiCredential,
} from '../services/api-credentials-service.ts';
import { checkTimezone } from '../services/check-timezone.ts';
import { autoSendChange } from '../services/portal-settings/auto-send-settings.ts';
import { activeBanners } from '../services/portal-settings/banners-service.ts';
import { checkAdminHost } from '../services/portal-settings/check-admin-host.ts';
import { changeSettings, getSettings } from '../services/portal-settings/company-settings-service.ts';
import {
  webhookChange,
  webhookSecretRotation,
} from '../services/portal-settings/customer-quotes-webhook-settings.ts';
import { eoChange } from '../services/portal-settings/eo-details.ts';
import {
  type PropertyDataJobInput,
  propertyDataChange,
} from '../services/portal-settings/property-data-settings.ts';
import {
  addItem,
  COLLECTIONS,
  type CollectionName,
  removeItem,
  replaceItem,
} from '../services/portal-settings/settings-collections.ts';
import { samlChange, signInPolicyChange } from '../services/portal-settings/sign-in-settings.ts';
import { smsProviderChange } from '../services/portal-settings/sms-provider-settings.ts';
import { smtpChange } from '../services/portal-settings/smtp-settings.ts';
import type { AutoSendSettings, StoredSettings } from '../services/portal-settings/stored-settings.ts';
import type { SignInPolicy } from '../services/sign-in-policy.ts';
import { type PreviewInput, previewTemplate } from '../services/template-preview-service.ts';
import { listWebhookDeliveries, sendTestWebhook } from '../services/webhook-deliveries-service.ts';
import {
  apiManagementBodySchema,
  autoSendBodySchema,
  COLLECTION_ITEM_SCHEMAS,
  collectionCreateBodySchema,
  collectionDeleteBodySchema,
  collectionUpdateBodySchema,
  credentialCreateBodySchema,
  credentialRevokeBodySchema,
  credentialUpdateBodySchema,
  eoDetailsBodySchema,
  globalSettingsBodySchema,
  propertyDataBodySchema,
  quoteRushBodySchema,
  samlSettingsBodySchema,
  settingsGetBodySchema,
  signInPolicyBodySchema,
  smsProviderBodySchema,
  smtpBodySchema,
  templatePreviewBodySchema,
  webhookBodySchema,
  webhookDeliveriesBodySchema,
  widgetsBodySchema,
} from './account-request-schemas.ts';
import { sessionOnlyBodySchema } from './request-schemas.ts';
import { areaRoute, type BodyId, bodyOf, idOf, sessionRoute } from './session-route.ts';

type SettingsBody = { company_id?: BodyId } & Record<string, unknown>;

/** The answer of a write that generated a webhook secret (shown once, like an API secret). */
export const WEBHOOK_SECRET_SAVED_MESSAGE =
  'Settings saved. Copy the webhook signing secret now: it is not shown again.';

/**
 * The outbound guard at save (issue 38, ADR 721): 422 when a body's SMTP host or webhook URL host
 * is, or resolves to, a loopback, private, unique-local or link-local address not allowed by the
 * operator. Checked before the settings transaction: a lookup never holds the company row's lock.
 */
async function checkAdminHosts(body: SettingsBody): Promise<void> {
  const smtp = body.smtp as { host?: string } | null | undefined;
  if (smtp?.host) await checkAdminHost(smtp.host, 'smtp.host');
  const webhook = body.customer_quotes_webhook_url;
  if (typeof webhook === 'string' && URL.canParse(webhook))
    await checkAdminHost(new URL(webhook).hostname, 'customer_quotes_webhook_url');
}

/** Registers portal-settings/* and api-credentials/*. */
export async function portalSettingsRoutes(
  app: FastifyInstance,
  options: { db: Executor; publicBaseUrl: string },
) {
  const { db, publicBaseUrl } = options;
  const route = sessionRoute(app, db, 'portal-settings');

  route('portal-settings/get', settingsGetBodySchema, async (request) => {
    const body = bodyOf<SettingsBody>(request);
    return success('Settings.', { settings: await getSettings(db, actorOf(request), idOf(body.company_id)) });
  });

  /**
   * A settings write: `change` gets the stored settings and the checked body. A change that
   * generated a webhook secret answers it once, as `webhook_secret`. `register`: sessionRoute's,
   * or areaRoute's for a write of an access area (SAML sign-in, ADR 764).
   */
  const write = (
    path: string,
    schema: object,
    change: (
      current: StoredSettings,
      body: SettingsBody,
      company: CompanyRow,
    ) => { settings?: StoredSettings; company?: object; secret?: string | null },
    register = route,
  ) =>
    register(`portal-settings/${path}`, schema, async (request) => {
      const body = bodyOf<SettingsBody>(request);
      await checkAdminHosts(body);
      let secret: string | null = null;
      const settings = await changeSettings(
        db,
        actorOf(request),
        idOf(body.company_id),
        (current, company) => {
          const result = change(current, body, company);
          secret = result.secret ?? null;
          return result;
        },
      );
      await recordAuditEvent(db, auditCallerOf(request), {
        action: 'settings.changed',
        companyId: settings.company_id,
        target: { type: 'company', id: settings.company_id },
        details: { call: `portal-settings/${path}` },
      });
      if (secret === null) return success('Settings saved.', { settings });
      return success(WEBHOOK_SECRET_SAVED_MESSAGE, { settings, webhook_secret: secret });
    });

  write('update-global', globalSettingsBodySchema, (current, body) => {
    const global = body.global as { timezone: string } & Record<string, unknown>;
    checkTimezone(global.timezone, 'global.timezone');
    return { settings: { ...current, global } };
  });
  write('update-widgets', widgetsBodySchema, (current, body) => ({
    settings: { ...current, widgets: body.widgets as { enabled: string[] } },
  }));
  write('update-quote-rush', quoteRushBodySchema, (current, body) => ({
    settings: { ...current, quote_rush: body.quote_rush as { enabled: boolean; message: string } },
  }));
  write('update-auto-send', autoSendBodySchema, (current, body) =>
    autoSendChange(current, body.auto_send as AutoSendSettings),
  );
  route('portal-settings/preview-template', templatePreviewBodySchema, async (request) => {
    const body = bodyOf<SettingsBody & PreviewInput & { application_id?: BodyId }>(request);
    const input = { ...body, application_id: idOf(body.application_id) };
    const preview = await previewTemplate(db, actorOf(request), idOf(body.company_id), input, publicBaseUrl);
    return success('Template preview.', { preview });
  });
  write('update-eo-details', eoDetailsBodySchema, (_current, body) =>
    eoChange(body.eo_data as EoData | null),
  );
  write('update-smtp', smtpBodySchema, (current, body) =>
    smtpChange(current, body.smtp as SmtpSettings | null),
  );
  write('update-sms-provider', smsProviderBodySchema, (current, body) =>
    smsProviderChange(
      current,
      body.sms_provider as { account_sid: string; from_number: string; auth_token?: string } | null,
    ),
  );
  write('update-webhook', webhookBodySchema, (current, body) =>
    webhookChange(current, body.customer_quotes_webhook_url as string | null),
  );
  write('rotate-webhook-secret', settingsGetBodySchema, (current) => webhookSecretRotation(current));
  route('portal-settings/list-webhook-deliveries', webhookDeliveriesBodySchema, async (request) => {
    const body = bodyOf<SettingsBody & { limit: number }>(request);
    const deliveries = await listWebhookDeliveries(db, actorOf(request), idOf(body.company_id), body.limit);
    return success('Webhook deliveries.', { deliveries });
  });
  route('portal-settings/send-test-webhook', settingsGetBodySchema, async (request) => {
    const body = bodyOf<SettingsBody>(request);
    const delivery = await sendTestWebhook(db, actorOf(request), idOf(body.company_id), request.log);
    const message =
      delivery.outcome === 'delivered'
        ? `Test delivered: the receiver answered ${delivery.status_code}.`
        : `Test not delivered: ${delivery.error ?? 'no answer.'}`;
    return success(message, { delivery });
  });
  write('update-api-management', apiManagementBodySchema, (current, body) => ({
    settings: { ...current, api_management: body.api_management as StoredSettings['api_management'] },
  }));
  write(
    'update-saml',
    samlSettingsBodySchema,
    (current, body) =>
      samlChange(
        current,
        body.saml as { entry_point: string; issuer: string; idp_cert?: string | null } | null,
      ),
    areaRoute(app, db, 'portal-settings'),
  );
  write('update-sign-in-policy', signInPolicyBodySchema, (current, body, company) =>
    signInPolicyChange(current, body.sign_in_policy as SignInPolicy, company),
  );
  write('update-property-data', propertyDataBodySchema, (current, body) =>
    propertyDataChange(
      current,
      body.property_data as {
        cache_days?: number;
        jobs: Partial<Record<PropertyDataJob, PropertyDataJobInput>>;
      },
    ),
  );

  for (const name of Object.keys(COLLECTIONS) as CollectionName[]) {
    const itemSchema = COLLECTION_ITEM_SCHEMAS[name];
    write(`${name}/create`, collectionCreateBodySchema(itemSchema), (current, body) =>
      addItem(current, name, body.item as Record<string, unknown>),
    );
    write(`${name}/update`, collectionUpdateBodySchema(itemSchema), (current, body) =>
      replaceItem(current, name, Number(body.item_id), body.item as Record<string, unknown>),
    );
    write(`${name}/delete`, collectionDeleteBodySchema, (current, body) =>
      removeItem(current, name, Number(body.item_id)),
    );
  }

  route('portal-settings/active-banners', sessionOnlyBodySchema, async (request) =>
    success('Banners.', { banners: await activeBanners(db, actorOf(request)) }),
  );

  const credentials = areaRoute(app, db, 'api-credentials');
  credentials('api-credentials/list', settingsGetBodySchema, async (request) => {
    const body = bodyOf<SettingsBody>(request);
    return success('API credentials.', await listApiCredentials(db, actorOf(request), idOf(body.company_id)));
  });
  credentials('api-credentials/create', credentialCreateBodySchema, async (request) => {
    const body = bodyOf<{ company_id?: BodyId; name: string; scopes: PartnerScope[] }>(request);
    const data = await createApiCredential(
      db,
      actorOf(request),
      { name: body.name, scopes: body.scopes },
      idOf(body.company_id),
    );
    return success('API credential created. Copy the secret now: it is not shown again.', data);
  });
  credentials('api-credentials/update', credentialUpdateBodySchema, async (request) => {
    const body = bodyOf<{
      company_id?: BodyId;
      credential_id: BodyId;
      name?: string;
      scopes?: PartnerScope[];
    }>(request);
    const data = await updateApiCredential(
      db,
      actorOf(request),
      Number(body.credential_id),
      { name: body.name, scopes: body.scopes },
      idOf(body.company_id),
    );
    return success('API credential updated.', data);
  });
  credentials('api-credentials/rotate', credentialRevokeBodySchema, async (request) => {
    const body = bodyOf<{ company_id?: BodyId; credential_id: BodyId }>(request);
    const data = await rotateApiCredential(
      db,
      actorOf(request),
      Number(body.credential_id),
      idOf(body.company_id),
    );
    return success('API credential rotated. Copy the new secret now: the old one no longer works.', data);
  });
  credentials('api-credentials/revoke', credentialRevokeBodySchema, async (request) => {
    const body = bodyOf<{ company_id?: BodyId; credential_id: BodyId }>(request);
    const data = await revokeApiCredential(
      db,
      actorOf(request),
      Number(body.credential_id),
      idOf(body.company_id),
    );
    return success('API credential revoked.', data);
  });
}
