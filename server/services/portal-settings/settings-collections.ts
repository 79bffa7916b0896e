/**
 * The item collections of the portal settings: application sources, dynamic banners, e-mail
 * templates and SMS templates (docs/api-accounts.md Portal settings): create, replace and remove
 * an item, its texts checked for short codes (template-checks.ts). Ids are unique within the
 * company (StoredSettings.next_item_id).
 */
import { ApiError } from '../../http/api-error.ts';
import type {
  AutoSendEventSettings,
  SettingsChange,
  SettingsItem,
  StoredSettings,
} from './stored-settings.ts';
import { checkShortCodes, checkTemplateTexts } from './template-checks.ts';

export const ITEM_NOT_FOUND = 'Item not found.';

/** The item collections and the settings key each is stored under. */
export const COLLECTIONS = {
  'application-sources': 'application_sources',
  banners: 'banners',
  'email-templates': 'email_templates',
  'sms-templates': 'sms_templates',
} as const;
export type CollectionName = keyof typeof COLLECTIONS;

/** Checks an item's texts: templates as Liquid (checkTemplateTexts), other items' `{{...}}` (checkShortCodes). */
function checkItemTexts(name: CollectionName, item: Record<string, unknown>): void {
  if (name === 'email-templates' || name === 'sms-templates') checkTemplateTexts(item);
  else checkShortCodes(Object.values(item));
}

/** Creates an item in a collection; texts checked for short codes. */
export function addItem(
  current: StoredSettings,
  name: CollectionName,
  item: Record<string, unknown>,
): SettingsChange {
  checkItemTexts(name, item);
  const key = COLLECTIONS[name];
  const id = current.next_item_id ?? 1;
  const list = [...((current[key] as SettingsItem[] | undefined) ?? []), { id, ...item }];
  return { settings: { ...current, [key]: list, next_item_id: id + 1 } };
}

/** Replaces an item of a collection; 404 'Item not found.'. */
export function replaceItem(
  current: StoredSettings,
  name: CollectionName,
  itemId: number,
  item: Record<string, unknown>,
): SettingsChange {
  checkItemTexts(name, item);
  const key = COLLECTIONS[name];
  const list = (current[key] as SettingsItem[] | undefined) ?? [];
  if (!list.some((entry) => entry.id === itemId)) throw new ApiError(404, ITEM_NOT_FOUND);
  return {
    settings: {
      ...current,
      [key]: list.map((entry) => (entry.id === itemId ? { id: itemId, ...item } : entry)),
    },
  };
}

/**
 * Removes an item of a collection; 404 'Item not found.'. A removed template is also taken out of
 * the auto-send settings (that event then sends nothing on that channel).
 */
export function removeItem(current: StoredSettings, name: CollectionName, itemId: number): SettingsChange {
  const key = COLLECTIONS[name];
  const list = (current[key] as SettingsItem[] | undefined) ?? [];
  if (!list.some((entry) => entry.id === itemId)) throw new ApiError(404, ITEM_NOT_FOUND);
  const settings: StoredSettings = { ...current, [key]: list.filter((entry) => entry.id !== itemId) };
  if (current.auto_send && (name === 'email-templates' || name === 'sms-templates')) {
    const field = name === 'email-templates' ? 'email_template_id' : 'sms_template_id';
    const unset = <T extends AutoSendEventSettings>(event: T): T =>
      event[field] === itemId ? { ...event, [field]: null } : event;
    settings.auto_send = {
      ...current.auto_send,
      complete: unset(current.auto_send.complete),
      timeout: unset(current.auto_send.timeout),
    };
  }
  return { settings };
}
