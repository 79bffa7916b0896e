/**
 * What every worker of a company sees of its portal settings (login/me company, no secrets): the
 * dashboard widgets it enabled, quote rush, the portal name, time zone and support contacts, and
 * the names of its active application sources. Issue 16;
 * docs/decisions/203-global-settings-take-effect.md.
 */
import options from '../../config/portal-settings-options.json' with { type: 'json' };
import type { CompanyRow } from '../../db/schema.ts';
import { globalOf } from './global-settings.ts';
import { storedSettings } from './stored-settings.ts';

/** Widgets a company may enable, in dashboard order: data, not code. */
export const AVAILABLE_WIDGETS: string[] = options.widgets;

/**
 * What every worker of the company sees of its settings (login/me company, no secrets): the
 * dashboard widgets it enabled, in the order of AVAILABLE_WIDGETS (all when never set), quote
 * rush (SPEC §2 quote rush dialog: the message shown to agents while it is on), the portal name
 * (null: the product's own), the company time zone (dates of users without their own), support
 * contacts, and the names of the active application sources (create dialog and listing filter).
 * Issue 16 settings that take effect; docs/decisions/203-global-settings-take-effect.md.
 */
export function workerSettingsOf(company: CompanyRow) {
  const s = storedSettings(company);
  const enabled = s.widgets?.enabled ?? AVAILABLE_WIDGETS;
  const global = globalOf(company);
  return {
    dashboard_widgets: AVAILABLE_WIDGETS.filter((widget) => enabled.includes(widget)),
    quote_rush: s.quote_rush ?? { enabled: false, message: '' },
    portal_name: global.portal_name,
    timezone: global.timezone,
    support_email: global.support_email,
    support_phone: global.support_phone,
    application_sources: (s.application_sources ?? [])
      .filter((source) => source.is_active === true)
      .map((source) => String(source.name)),
  };
}
