/**
 * What the product entry pages say: /agent-portal/commercial-flood and /agent-portal/excess-flood.
 * SPEC §2 Routes, §9 Quote types. Who writes each product comes from the catalogue in use
 * (carrier-catalogue/carriers, issue 43), not from here.
 */

/** One product entry page's content. */
export interface ProductEntry {
  /** `carrier_quote_type` the start button creates. SPEC §9 Quote types. */
  product: 'Commercial' | 'Excess';
  title: string;
  summary: string;
  /** What the product quotes, one line each. */
  covers: string[];
  /** What the agent needs at hand before starting. */
  needs: string[];
  startLabel: string;
}

/** Commercial flood: buildings used for business, quoted automatically, by SOV programs and manually. */
export const COMMERCIAL_FLOOD_ENTRY: ProductEntry = {
  product: 'Commercial',
  title: 'Commercial flood',
  summary:
    'Flood cover for buildings used for business — offices, shops, restaurants, warehouses, mixed-use and main-street buildings, apartment buildings and associations — and for the business property inside them.',
  covers: [
    'Building coverage up to the replacement cost of the structure',
    'Contents: stock, furniture, fixtures and equipment',
    'Business income lost while the building is repaired',
    'Machinery and equipment below grade, when declared',
    'Multi-building accounts through a statement of values (managed programs)',
  ],
  needs: [
    'The building type, occupancy and use, with the residential share for mixed use',
    'Building and contents replacement cost, annual business income',
    'Flood zone, construction, year built, stories, elevators and basement equipment',
    'Prior flood losses (date, amount, claim status) and the commercial underwriting answers',
  ],
  startLabel: 'Start a commercial application',
};

/** Residential excess flood: limits above the primary (NFIP) policy. */
export const EXCESS_FLOOD_ENTRY: ProductEntry = {
  product: 'Excess',
  title: 'Excess flood',
  summary:
    'Residential flood cover above a primary policy: extra building and contents limits for homes worth more than the primary limits, sitting on top of the NFIP or private primary policy the client already has.',
  covers: [
    'Excess building coverage above the primary building limit',
    'Excess contents coverage above the primary contents limit',
    'Follows the primary policy’s terms for a covered flood',
  ],
  needs: [
    'The primary insurer, policy number and coverage type',
    'Building replacement cost, and the excess building and contents limits wanted',
    'Flood zone, construction, year built, foundation and elevation details',
  ],
  startLabel: 'Start an excess application',
};
