/**
 * Portal settings, the customer quotes webhook's secret, delivery log and test, and API
 * credentials (docs/api-accounts.md Portal settings, Customer quotes webhook, API credentials):
 * admins for their company, super-admins for any; agents and customers 403. API credentials and
 * SAML set-up are access areas: an admin whose plan lacks them gets 403 (ADR 764).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditCallerOf, recordAuditEvent } from '../audit/record-audit-event.ts';
import type { Executor } from '../db/database.ts';
import type { CompanyRow } from '../db/schema.ts';
import { actorOf } from '../http/authenticate-hook.ts';
import { success } from '../http/envelope.ts';
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
import { propertyDataChange } from '../services/portal-settings/property-data-settings.ts';
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
import type { StoredSettings } from '../services/portal-settings/stored-settings.ts';
import { previewTemplate } from '../services/template-preview-service.ts';
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
import { areaRoute, type BodyId, idOf, sessionRoute } from './session-route.ts';

/** What a settings write reads of any body: the managed company; for the outbound guard, its hosts. */
type SettingsWriteBody = {
  company_id?: BodyId;
  smtp?: { host?: string } | null;
  customer_quotes_webhook_url?: string | null;
};

/** A settings change: the settings and company fields to store, and a generated webhook secret. */
type SettingsChange = { settings?: StoredSettings; company?: object; secret?: string | null };

/** The answer of a write that generated a webhook secret (shown once, like an API secret). */
export const WEBHOOK_SECRET_SAVED_MESSAGE =
  'Settings saved. Copy the webhook signing secret now: it is not shown again.';

/**
 * The outbound guard at save (issue 38, ADR 721): 422 when a body's SMTP host or webhook URL host
 * is, or resolves to, a loopback, private, unique-local or link-local address not allowed by the
 * operator. Checked before the settings transaction: a lookup never holds the company row's lock.
 */
async function checkAdminHosts(body: SettingsWriteBody): Promise<void> {
  if (body.smtp?.host) await checkAdminHost(body.smtp.host, 'smtp.host');
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
    const { company_id } = request.body;
    return success('Settings.', { settings: await getSettings(db, actorOf(request), idOf(company_id)) });
  });

  /**
   * The settings write of `request`, a call of portal-settings/`path` with the checked `body`:
   * `change` gets the stored settings and the company. A change that generated a webhook secret
   * answers it once, as `webhook_secret`.
   */
  const write = async (
    request: FastifyRequest,
    path: string,
    body: SettingsWriteBody,
    change: (current: StoredSettings, company: CompanyRow) => SettingsChange,
  ) => {
    await checkAdminHosts(body);
    let secret: string | null = null;
    const settings = await changeSettings(db, actorOf(request), idOf(body.company_id), (current, company) => {
      const result = change(current, company);
      secret = result.secret ?? null;
      return result;
    });
    await recordAuditEvent(db, auditCallerOf(request), {
      action: 'settings.changed',
      companyId: settings.company_id,
      target: { type: 'company', id: settings.company_id },
      details: { call: `portal-settings/${path}` },
    });
    if (secret === null) return success('Settings saved.', { settings });
    return success(WEBHOOK_SECRET_SAVED_MESSAGE, { settings, webhook_secret: secret });
  };

  route('portal-settings/update-global', globalSettingsBodySchema, async (request) => {
    const { body } = request;
    return write(request, 'update-global', body, (current) => {
      checkTimezone(body.global.timezone, 'global.timezone');
      return { settings: { ...current, global: body.global } };
    });
  });
  route('portal-settings/update-widgets', widgetsBodySchema, async (request) => {
    const { body } = request;
    return write(request, 'update-widgets', body, (current) => ({
      settings: { ...current, widgets: body.widgets },
    }));
  });
  route('portal-settings/update-quote-rush', quoteRushBodySchema, async (request) => {
    const { body } = request;
    return write(request, 'update-quote-rush', body, (current) => ({
      settings: { ...current, quote_rush: body.quote_rush },
    }));
  });
  route('portal-settings/update-auto-send', autoSendBodySchema, async (request) => {
    const { body } = request;
    return write(request, 'update-auto-send', body, (current) => autoSendChange(current, body.auto_send));
  });
  route('portal-settings/preview-template', templatePreviewBodySchema, async (request) => {
    const { body } = request;
    const input = { ...body, application_id: idOf(body.application_id) };
    const preview = await previewTemplate(db, actorOf(request), idOf(body.company_id), input, publicBaseUrl);
    return success('Template preview.', { preview });
  });
  route('portal-settings/update-eo-details', eoDetailsBodySchema, async (request) => {
    const { body } = request;
    return write(request, 'update-eo-details', body, () => eoChange(body.eo_data));
  });
  route('portal-settings/update-smtp', smtpBodySchema, async (request) => {
    const { body } = request;
    return write(request, 'update-smtp', body, (current) => smtpChange(current, body.smtp));
  });
  route('portal-settings/update-sms-provider', smsProviderBodySchema, async (request) => {
    const { body } = request;
    return write(request, 'update-sms-provider', body, (current) =>
      smsProviderChange(current, body.sms_provider),
    );
  });
  route('portal-settings/update-webhook', webhookBodySchema, async (request) => {
    const { body } = request;
    return write(request, 'update-webhook', body, (current) =>
      webhookChange(current, body.customer_quotes_webhook_url),
    );
  });
  route('portal-settings/rotate-webhook-secret', settingsGetBodySchema, async (request) =>
    write(request, 'rotate-webhook-secret', request.body, (current) => webhookSecretRotation(current)),
  );
  route('portal-settings/list-webhook-deliveries', webhookDeliveriesBodySchema, async (request) => {
    const { body } = request;
    const deliveries = await listWebhookDeliveries(db, actorOf(request), idOf(body.company_id), body.limit);
    return success('Webhook deliveries.', { deliveries });
  });
  route('portal-settings/send-test-webhook', settingsGetBodySchema, async (request) => {
    const { company_id } = request.body;
    const delivery = await sendTestWebhook(db, actorOf(request), idOf(company_id), request.log);
    const message =
      delivery.outcome === 'delivered'
        ? `Test delivered: the receiver answered ${delivery.status_code}.`
        : `Test not delivered: ${delivery.error ?? 'no answer.'}`;
    return success(message, { delivery });
  });
  route('portal-settings/update-api-management', apiManagementBodySchema, async (request) => {
    const { body } = request;
    return write(request, 'update-api-management', body, (current) => ({
      settings: { ...current, api_management: body.api_management },
    }));
  });
  // SAML sign-in is an access area (ADR 764).
  areaRoute(app, db, 'portal-settings')(
    'portal-settings/update-saml',
    samlSettingsBodySchema,
    async (request) => {
      const { body } = request;
      return write(request, 'update-saml', body, (current) => samlChange(current, body.saml));
    },
  );
  route('portal-settings/update-sign-in-policy', signInPolicyBodySchema, async (request) => {
    const { body } = request;
    return write(request, 'update-sign-in-policy', body, (current, company) =>
      signInPolicyChange(current, body.sign_in_policy, company),
    );
  });
  route('portal-settings/update-property-data', propertyDataBodySchema, async (request) => {
    const { body } = request;
    return write(request, 'update-property-data', body, (current) =>
      propertyDataChange(current, body.property_data),
    );
  });

  for (const name of Object.keys(COLLECTIONS) as CollectionName[]) {
    const itemSchema = COLLECTION_ITEM_SCHEMAS[name];
    route(`portal-settings/${name}/create`, collectionCreateBodySchema(itemSchema), async (request) => {
      const { body } = request;
      return write(request, `${name}/create`, body, (current) => addItem(current, name, body.item));
    });
    route(`portal-settings/${name}/update`, collectionUpdateBodySchema(itemSchema), async (request) => {
      const { body } = request;
      return write(request, `${name}/update`, body, (current) =>
        replaceItem(current, name, Number(body.item_id), body.item),
      );
    });
    route(`portal-settings/${name}/delete`, collectionDeleteBodySchema, async (request) => {
      const { body } = request;
      return write(request, `${name}/delete`, body, (current) =>
        removeItem(current, name, Number(body.item_id)),
      );
    });
  }

  route('portal-settings/active-banners', sessionOnlyBodySchema, async (request) =>
    success('Banners.', { banners: await activeBanners(db, actorOf(request)) }),
  );

  const credentials = areaRoute(app, db, 'api-credentials');
  credentials('api-credentials/list', settingsGetBodySchema, async (request) => {
    const { company_id } = request.body;
    return success('API credentials.', await listApiCredentials(db, actorOf(request), idOf(company_id)));
  });
  credentials('api-credentials/create', credentialCreateBodySchema, async (request) => {
    const { body } = request;
    const data = await createApiCredential(
      db,
      actorOf(request),
      { name: body.name, scopes: body.scopes },
      idOf(body.company_id),
    );
    return success('API credential created. Copy the secret now: it is not shown again.', data);
  });
  credentials('api-credentials/update', credentialUpdateBodySchema, async (request) => {
    const { body } = request;
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
    const { body } = request;
    const data = await rotateApiCredential(
      db,
      actorOf(request),
      Number(body.credential_id),
      idOf(body.company_id),
    );
    return success('API credential rotated. Copy the new secret now: the old one no longer works.', data);
  });
  credentials('api-credentials/revoke', credentialRevokeBodySchema, async (request) => {
    const { body } = request;
    const data = await revokeApiCredential(
      db,
      actorOf(request),
      Number(body.credential_id),
      idOf(body.company_id),
    );
    return success('API credential revoked.', data);
  });
}
