import { carriersFile } from './carriers-file.ts';
import type { CarriersFile } from './carriers-file-types.ts';

/** A manual carrier: staff enter its quote after launch-application-manual-carriers. */
export interface ManualCarrier {
  /** carriers.json `name`: the value sent in manual_carrier_names_list. */
  carrier: string;
  display_name: string;
  quote_types: string[];
  states: string[];
}

/**
 * Every manual carrier family of carriers.json (isManualCarrier), in file order.
 * SPEC §1 (manual carriers), §7 launch-application-manual-carriers.
 */
export function manualCarriers(file: CarriersFile = carriersFile): ManualCarrier[] {
  return file.carriers
    .filter((family) => family.isManualCarrier)
    .map((family) => ({
      carrier: family.name,
      display_name: family.displayName,
      quote_types: family.quote_types,
      states: family.states,
    }));
}
