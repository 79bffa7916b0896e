import { carriersFile } from './carriers-file.ts';
import type { CarriersFile } from './carriers-file-types.ts';

/** A managed-program (SOV) carrier: launched by sov_carrier_names_list and quoted on /sov-quote. */
export interface SovCarrier {
  /** The quote manager id, e.g. "tmh": the {carrier_id} of /sov-quote/{carrier_id}/{application_id}. */
  quote_manager_id: string;
  carrier: string;
  sub_carrier: string | null;
  display_name: string;
  quote_types: string[];
  states: string[];
}

/**
 * Every SOV carrier or sub-carrier of carriers.json, in file order. SPEC §1 (quote manager ids
 * assurant_commercial, insurmark_commercial, aon_commercial, tmh, wright_brokerage, joe_flood,
 * ftp, flow_commercial), §2 sov-quote route, §7 launch-application-sov-carriers.
 */
export function sovCarriers(file: CarriersFile = carriersFile): SovCarrier[] {
  const list: SovCarrier[] = [];
  for (const family of file.carriers) {
    if (family.isSovCarrier && family.quoteManagerId) {
      list.push({
        quote_manager_id: family.quoteManagerId,
        carrier: family.name,
        sub_carrier: null,
        display_name: family.displayName,
        quote_types: family.quote_types,
        states: family.states,
      });
    }
    for (const sub of family.subCarriers) {
      if (!sub.isSovCarrier || !sub.quoteManagerId) continue;
      list.push({
        quote_manager_id: sub.quoteManagerId,
        carrier: family.name,
        sub_carrier: sub.name,
        display_name: sub.displayName,
        quote_types: sub.quote_types ?? family.quote_types,
        states: sub.states ?? family.states,
      });
    }
  }
  return list;
}
