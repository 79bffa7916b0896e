/**
 * The name a person reads for a carrier (issue 40 Words for people, ADR 751): carriers.json's
 * `displayName` of a sub-carrier, else of its family, else of the SOV quote manager whose id a quote
 * carries; the code itself only for a carrier the file does not know (a removed one).
 */
import { carriersFile } from './carriers-file.ts';
import type { CarriersFile } from './carriers-file-types.ts';
import { sovCarriers } from './sov-carriers.ts';

/**
 * The display name of `carrier` (a carriers.json family name or an SOV quote manager id) and
 * `subCarrier` (a sub-carrier name, or null): "Wright Focus" for ('wright', 'focus'), "Wright
 * Flood" for ('wright', null), "Tokio Marine Highland" for ('tmh', null). An unknown sub-carrier
 * falls back to its family's name, an unknown family to `carrier`.
 */
export function carrierDisplayName(
  carrier: string,
  subCarrier: string | null,
  file: CarriersFile = carriersFile,
): string {
  const family = file.carriers.find((entry) => entry.name === carrier);
  if (family)
    return family.subCarriers.find((sub) => sub.name === subCarrier)?.displayName ?? family.displayName;
  return sovCarriers(file).find((sov) => sov.quote_manager_id === carrier)?.display_name ?? carrier;
}

/**
 * The display name of a product key `carrier` or `carrier/sub_carrier` (the key the analytics and
 * the portal's product writers use), as carrierDisplayName gives it.
 */
export function productDisplayName(key: string, file: CarriersFile = carriersFile): string {
  const slash = key.indexOf('/');
  return slash < 0
    ? carrierDisplayName(key, null, file)
    : carrierDisplayName(key.slice(0, slash), key.slice(slash + 1), file);
}
