/**
 * Portal settings calls (portal-settings/*) of SPEC §2 /dashboard/portal-settings: one query for
 * the whole settings object and one writer per section, each answering the full settings.
 * `companyId` is the super-admin's chosen company (admins: null = own). Contract:
 * docs/api-accounts.md Portal settings.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ACTIVE_BANNERS_QUERY_KEY } from '../../../lib/active-banners-query.ts';
import { type ApiEnvelope, apiCall, apiData } from '../../../lib/api-client.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import { refreshMe } from '../../../lib/me-query.ts';
import { showToast } from '../../../lib/toast.ts';
import type { PortalSettings, TemplatePreview } from './admin-types.ts';

/** The list sections with create, update and delete calls. */
export type SettingsListSection = 'application-sources' | 'banners' | 'email-templates' | 'sms-templates';

/** `body` with the super-admin's chosen company (none for admins: their own). */
export function withCompany(
  companyId: number | null,
  body: Record<string, unknown> = {},
): Record<string, unknown> {
  return companyId ? { company_id: companyId, ...body } : body;
}

/** The settings of the company. Throws `ApiRequestError` on failure. */
export async function getPortalSettings(companyId: number | null): Promise<PortalSettings> {
  const data = await apiData<{ settings: PortalSettings }>('portal-settings/get', withCompany(companyId));
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

/** Answer of every settings write. */
export type SettingsAnswer = Promise<ApiEnvelope<{ settings: PortalSettings }>>;

/**
 * Writes one section: `portal-settings/<action>` with `body` (e.g. `update-global` with
 * `{global}`). Resolves the envelope with the full settings.
 */
export function updatePortalSettings(
  companyId: number | null,
  action: string,
  body: Record<string, unknown>,
): SettingsAnswer {
  return apiCall<{ settings: PortalSettings }>(`portal-settings/${action}`, withCompany(companyId, body));
}

/** Answer of a settings write that generated a webhook signing secret (first URL, rotation). */
export type SettingsWithSecretAnswer = Promise<
  ApiEnvelope<{ settings: PortalSettings; webhook_secret?: string }>
>;

/** Creates an item of a list section; the server assigns its id. */
export function createSettingsItem(
  companyId: number | null,
  section: SettingsListSection,
  item: Record<string, unknown>,
): SettingsAnswer {
  return updatePortalSettings(companyId, `${section}/create`, { item });
}

/** Replaces item `itemId` of a list section. */
export function updateSettingsItem(
  companyId: number | null,
  section: SettingsListSection,
  itemId: number,
  item: Record<string, unknown>,
): SettingsAnswer {
  return updatePortalSettings(companyId, `${section}/update`, { item_id: itemId, item });
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
): Promise<ApiEnvelope<{ preview: TemplatePreview }>> {
  return apiCall<{ preview: TemplatePreview }>(
    'portal-settings/preview-template',
    withCompany(companyId, { ...request }),
  );
}
