/**
 * Portal settings calls (portal-settings/*) of SPEC §2 /dashboard/portal-settings: one query for
 * the whole settings object and one writer per section, each answering the full settings.
 * `companyId` is the super-admin's chosen company (admins: null = own). Contract:
 * docs/api-accounts.md Portal settings.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ACTIVE_BANNERS_QUERY_KEY } from '../../../lib/active-banners-query.ts';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import {
  type ApiAnswer,
  type ApiBody,
  type ApiPath,
  documentedCall,
  documentedData,
} from '../../../lib/api-operations.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import { refreshMe } from '../../../lib/me-query.ts';
import { showToast } from '../../../lib/toast.ts';

/** `data.settings` of every portal-settings call that answers the settings. */
export type PortalSettings = ApiAnswer<'portal-settings/get'>['settings'];

/** Global settings of a company (IANA time zone; quote expiry days 1..365). */
export type GlobalSettings = PortalSettings['global'];
/** An application source (where applications come from). */
export type ApplicationSource = PortalSettings['application_sources'][number];
/** A dynamic banner; dates `YYYY-MM-DD` or null for open-ended; no audience: everyone. */
export type Banner = PortalSettings['banners'][number];
/** Who sees a banner. */
export type BannerAudience = NonNullable<Banner['audience']>;
/** Colours a dynamic banner may have, in the order the banners dialog offers them. */
export const BANNER_COLORS = [
  'blue',
  'green',
  'yellow',
  'orange',
  'red',
  'gray',
] as const satisfies readonly Banner['color'][];
/** Banner audiences, in the order the banners dialog offers them. */
export const BANNER_AUDIENCES = [
  'everyone',
  'admins',
  'agents',
  'customers',
] as const satisfies readonly BannerAudience[];
/** E&O coverage of a company as stored: limit in dollars, expiry `YYYY-MM-DD` (any may be missing). */
export type EoData = NonNullable<PortalSettings['eo_data']>;
/** SMTP settings as answered: the password is never sent back, only whether one is set. */
export type SmtpSettings = NonNullable<PortalSettings['smtp']>;
/** The SMS provider (Twilio) as answered: the auth token is write-only (`has_auth_token`). */
export type SmsProviderSettings = NonNullable<PortalSettings['sms_provider']>;
/** Property data settings as answered: keys are never sent back, only whether one is set. */
export type PropertyDataSettings = PortalSettings['property_data'];
/** A property data job (issue 15). */
export type PropertyDataJob = keyof PropertyDataSettings['jobs'];
/** An e-mail template. */
export type EmailTemplate = PortalSettings['email_templates'][number];
/** An SMS template. */
export type SmsTemplate = PortalSettings['sms_templates'][number];
/** A short code that templates and banners may use, e.g. `{{first_name}}`. */
export type ShortCode = PortalSettings['short_codes'][number];
/** API management of a company (requests a minute 1..10000). */
export type ApiManagement = PortalSettings['api_management'];
/** Automatic messages to the client (docs/api-accounts.md update-auto-send). */
export type AutoSendSettings = PortalSettings['auto_send'];
/** The templates an automatic-message event sends (null: that channel sends nothing). */
export type AutoSendEvent = AutoSendSettings['complete'];

/** A template rendered by portal-settings/preview-template (subject null for SMS). */
export type TemplatePreview = ApiAnswer<'portal-settings/preview-template'>['preview'];

/** The list sections with create, update and delete calls. */
export type SettingsListSection = 'application-sources' | 'banners' | 'email-templates' | 'sms-templates';

/** The portal-settings calls that write a section and answer the full settings. */
export type SettingsAction = Exclude<
  Extract<ApiPath, `portal-settings/${string}`> extends `portal-settings/${infer Action}` ? Action : never,
  | 'get'
  | 'list-webhook-deliveries'
  | 'preview-template'
  | 'send-test-webhook'
  | 'active-banners'
  | 'list-outbox'
  | 'resend-outbox-message'
>;

/** The body of settings write `Action`, without the company (withCompany adds it). */
export type SettingsBody<Action extends SettingsAction> = Omit<
  ApiBody<Extract<`portal-settings/${Action}`, ApiPath>>,
  'company_id'
>;

/** `body` with the super-admin's chosen company (none for admins: their own). */
export function withCompany<Body extends object>(
  companyId: number | null,
  body: Body,
): Body & { company_id?: number } {
  return companyId ? { company_id: companyId, ...body } : body;
}

/** The settings of the company. Throws `ApiRequestError` on failure. */
export async function getPortalSettings(companyId: number | null): Promise<PortalSettings> {
  const data = await documentedData('portal-settings/get', withCompany(companyId, {}));
  return data.settings;
}

/** Query key of a company's settings (null = own company). */
export function portalSettingsQueryKey(companyId: number | null) {
  return ['admin', 'settings', companyId ?? 'own'] as const;
}

/** Query options of portal-settings/get. */
export function portalSettingsQueryOptions(companyId: number | null) {
  return queryOptions({
    queryKey: portalSettingsQueryKey(companyId),
    queryFn: () => getPortalSettings(companyId),
  });
}

/** The company's settings. */
export function usePortalSettings(companyId: number | null) {
  return useQuery(portalSettingsQueryOptions(companyId));
}

/** Answer of settings write `Action` (the full settings; a webhook secret where one is made). */
export type SettingsAnswer<Action extends SettingsAction = 'update-global'> = Promise<
  ApiEnvelope<ApiAnswer<Extract<`portal-settings/${Action}`, ApiPath>>>
>;

/**
 * Writes one section: `portal-settings/<action>` with `body` (e.g. `update-global` with
 * `{global}`). Resolves the envelope with the full settings.
 */
export function updatePortalSettings<Action extends SettingsAction>(
  companyId: number | null,
  action: Action,
  body: SettingsBody<Action>,
): SettingsAnswer<Action> {
  const call = `portal-settings/${action}` as Extract<`portal-settings/${Action}`, ApiPath>;
  return documentedCall(call, withCompany(companyId, body) as ApiBody<typeof call>);
}

/** Answer of a settings write that generated a webhook signing secret (first URL, rotation). */
export type SettingsWithSecretAnswer = SettingsAnswer<'rotate-webhook-secret'>;

/*
 * The list sections' items are typed by the section's dialog (Banner, EmailTemplate, ...); the
 * section's item schema on the server refuses anything else (400), so the three writers below
 * pass them as their section's body.
 */

/** Creates an item of a list section; the server assigns its id. */
export function createSettingsItem(
  companyId: number | null,
  section: SettingsListSection,
  item: Record<string, unknown>,
): SettingsAnswer {
  return updatePortalSettings(companyId, `${section}/create`, {
    item,
  } as SettingsBody<`${typeof section}/create`>);
}

/** Replaces item `itemId` of a list section. */
export function updateSettingsItem(
  companyId: number | null,
  section: SettingsListSection,
  itemId: number,
  item: Record<string, unknown>,
): SettingsAnswer {
  return updatePortalSettings(companyId, `${section}/update`, {
    item_id: itemId,
    item,
  } as SettingsBody<`${typeof section}/update`>);
}

/** Deletes item `itemId` of a list section. */
export function deleteSettingsItem(
  companyId: number | null,
  section: SettingsListSection,
  itemId: number,
): SettingsAnswer {
  return updatePortalSettings(companyId, `${section}/delete`, { item_id: itemId });
}

/**
 * Returns `(answer) => Promise<envelope>`: awaits a settings write and, on success, confirms it
 * with a success toast (the server's message, e.g. "Settings saved."), puts the answered settings
 * in the cache of `companyId` so every card shows them at once and, when the company is the
 * user's own, re-reads auth/me and the active banners so the header, banners, widgets, quote
 * rush and sources change at once (issue 16). Failures are toasted by the API client.
 */
export function useApplySettings(companyId: number | null) {
  const queryClient = useQueryClient();
  return useCallback(
    async <T extends { settings: PortalSettings }>(answer: Promise<ApiEnvelope<T>>) => {
      const envelope = await answer;
      if (envelope.status !== 'success' || !envelope.data?.settings) return envelope;
      queryClient.setQueryData(portalSettingsQueryKey(companyId), envelope.data.settings);
      showToast('success', 'Saved', envelope.message || 'Settings saved.');
      if (envelope.data.settings.company_id === getAuthState().user?.company?.id) {
        void refreshMe().catch(() => undefined);
        void queryClient.invalidateQueries({ queryKey: ACTIVE_BANNERS_QUERY_KEY });
      }
      return envelope;
    },
    [queryClient, companyId],
  );
}

/** What portal-settings/preview-template renders: the typed texts and the chosen application, if any. */
export interface PreviewRequest {
  kind: 'email' | 'sms';
  subject?: string;
  body: string;
  application_id?: number;
}

/**
 * Renders a template as typed with the server's renderer (nothing is stored). Resolves the
 * envelope: `data.preview` on success, the syntax or short code error (422) or 404 otherwise.
 */
export function previewTemplate(
  companyId: number | null,
  request: PreviewRequest,
): Promise<ApiEnvelope<ApiAnswer<'portal-settings/preview-template'>>> {
  return documentedCall('portal-settings/preview-template', withCompany(companyId, { ...request }));
}
