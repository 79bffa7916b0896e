/**
 * Dynamic banners (docs/api-accounts.md active-banners): the colours and audiences a banner may
 * have, and the banners of the caller's company that show to the caller today, their short codes
 * filled in. docs/decisions/203-global-settings-take-effect.md.
 */
import options from '../../config/portal-settings-options.json' with { type: 'json' };
import type { Executor } from '../../db/database.ts';
import {
  renderTemplate,
  type ShortCodeValues,
  TemplateRenderError,
} from '../../messaging/render-template.ts';
import { shortCodeValues } from '../../messaging/short-code-values.ts';
import { findCompanyWithExtras } from '../../repositories/companies-repository.ts';
import { findUserRecord } from '../../repositories/users-repository.ts';
import type { Actor } from '../actor.ts';
import { globalOf } from './global-settings.ts';
import { storedSettings } from './stored-settings.ts';

/** Banner colours: data, not code. */
export const BANNER_COLORS: string[] = options.banner_colors;
/** Who sees a banner of each audience, by role; a banner without one is for everyone. */
export const BANNER_AUDIENCES: Record<string, string[]> = options.banner_audiences;

/**
 * Banners of the caller's company for the caller on `now`'s date in the company's time zone:
 * is_active, within starts_on..ends_on (both inclusive, either open), and for the caller's role
 * (audience, default everyone); `{{company_name}}` and `{{agent_name}}` (the caller) are filled in.
 * docs/api-accounts.md active-banners; docs/decisions/203-global-settings-take-effect.md.
 */
export async function activeBanners(db: Executor, actor: Actor, now: Date = new Date()) {
  if (actor.companyId === null) return [];
  const entry = await findCompanyWithExtras(db, actor.companyId);
  if (!entry) return [];
  const today = dateIn(globalOf(entry.company).timezone, now);
  const viewer = await findUserRecord(db, actor.userId);
  const values = bannerShortCodes(viewer?.user.name ?? '', entry.company.name);
  return (storedSettings(entry.company).banners ?? [])
    .filter(
      (banner) =>
        banner.is_active === true &&
        (BANNER_AUDIENCES[String(banner.audience ?? 'everyone')] ?? []).includes(actor.role) &&
        (typeof banner.starts_on !== 'string' || banner.starts_on <= today) &&
        (typeof banner.ends_on !== 'string' || banner.ends_on >= today),
    )
    .map((banner) => ({ ...banner, message: renderOrAsTyped(String(banner.message), values) }));
}

/**
 * Short code values of a banner: the viewer's first and last name (the name split at its first
 * space) and whole name as `{{agent_name}}`, and the agency; the application codes render empty.
 */
export function bannerShortCodes(viewerName: string, companyName: string): ShortCodeValues {
  const [first = '', ...rest] = viewerName.trim().split(/\s+/);
  return {
    ...shortCodeValues(null, { agentName: viewerName.trim(), companyName }, ''),
    first_name: first,
    last_name: rest.join(' '),
  };
}

/** `YYYY-MM-DD` of `now` in IANA zone `timeZone` (an unknown zone: UTC). */
export function dateIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** `template` rendered with `values`; a template that is not valid Liquid is shown as typed. */
function renderOrAsTyped(template: string, values: ShortCodeValues): string {
  try {
    return renderTemplate(template, values);
  } catch (error) {
    if (error instanceof TemplateRenderError) return template;
    throw error;
  }
}
