/**
 * The property data provider interface (issue 15, SPEC §9 data providers; ARCHITECTURE "Outside
 * services behind interfaces, with a sandbox each"): six jobs, each answered by a sandbox or a
 * real HTTP connector in its provider's documented shape, reduced here to the trade's terms.
 * docs/decisions/230-property-data-providers.md, 757 (the keyless public sources, issue 40).
 */

/** The jobs of a property data lookup, in the order a lookup reports them. */
export const PROPERTY_DATA_JOBS = [
  'address',
  'characteristics',
  'flood_zone',
  'ground_elevation',
  'cbra',
  'community_status',
] as const;
export type PropertyDataJob = (typeof PROPERTY_DATA_JOBS)[number];

/** An address as the agent typed it (US; `zip` 5 digits). */
export interface PropertyAddress {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

/** A point in WGS84 degrees. */
export interface Location {
  latitude: number;
  longitude: number;
}

/** A verified address (SmartyStreets US Street): standardised lines, ZIP+4, county, rooftop point. */
export interface VerifiedAddress {
  delivery_line_1: string;
  last_line: string;
  city: string;
  state: string;
  zip: string;
  plus4: string | null;
  county: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The geocode's precision as the provider names it ("Rooftop", "Zip9", ...). */
  precision: string | null;
}

/** One autocomplete suggestion (SmartyStreets US Autocomplete Pro). */
export interface AddressSuggestion {
  street_line: string;
  secondary: string;
  city: string;
  state: string;
  zipcode: string;
}

/**
 * Property characteristics (ATTOM property detail), the provider's own words kept (construction
 * "FRAME", foundation "SLAB"): the schema set's value mapping (schemas/mappings/property-data.json)
 * maps them onto its values. Living area in square feet.
 */
export interface PropertyCharacteristics {
  year_built: number | null;
  living_area_sqft: number | null;
  stories: number | null;
  construction: string | null;
  foundation: string | null;
  occupancy: string | null;
  /** The owner lives there (ATTOM summary.absenteeInd "OWNER OCCUPIED"); null when unknown. */
  owner_occupied: boolean | null;
}

/** A flood zone determination (FEMA NFHL point query). BFE in feet above the datum. */
export interface FloodZoneDetermination {
  zone: string | null;
  /** NFHL ZONE_SUBTY, e.g. "0.2 PCT ANNUAL CHANCE FLOOD HAZARD" (shaded X). */
  zone_subtype: string | null;
  community_number: string | null;
  community_name: string | null;
  map_panel: string | null;
  map_suffix: string | null;
  /** The map panel's effective date, YYYY-MM-DD. */
  effective_date: string | null;
  bfe_feet: number | null;
}

/** Ground elevation at a point (USGS 3DEP via the Elevation Point Query Service), feet above NAVD 88. */
export interface GroundElevation {
  /** Rounded to a tenth of a foot. */
  elevation_feet: number;
}

/**
 * Whether a point lies in the John H. Chafee Coastal Barrier Resources System (USFWS CBRS units).
 * Either kind of unit counts as "in the CBRS" (federal flood insurance is restricted in both);
 * `otherwise_protected` tells an Otherwise Protected Area (OPA) from a System Unit.
 */
export interface CbraDetermination {
  in_cbrs: boolean;
  otherwise_protected: boolean;
  /** The unit's id ("FL-64P") and name, null outside the system. */
  unit: string | null;
  unit_name: string | null;
  /** "System Unit" or "Otherwise Protected Area", as the service spells it; null outside. */
  unit_type: string | null;
}

/** An NFIP community's status (FEMA Community Status Book) by its six-digit community number. */
export interface CommunityStatus {
  community_number: string;
  community_name: string | null;
  participating: boolean;
  /** Community Rating System class 1-10 when the community is in the CRS, else null. */
  crs_class: number | null;
}

/** What one job found: the answer, or null when the provider knows nothing of the address. */
export interface JobAnswers {
  address: VerifiedAddress | null;
  characteristics: PropertyCharacteristics | null;
  flood_zone: FloodZoneDetermination | null;
  ground_elevation: GroundElevation | null;
  cbra: CbraDetermination | null;
  community_status: CommunityStatus | null;
}

/** Address verification and autocomplete. */
export interface AddressProvider {
  readonly name: string;
  verify(address: PropertyAddress): Promise<VerifiedAddress | null>;
  autocomplete(search: string): Promise<AddressSuggestion[]>;
}

/** Property characteristics of an address (the verified one when there is one). */
export interface CharacteristicsProvider {
  readonly name: string;
  characteristics(address: PropertyAddress): Promise<PropertyCharacteristics | null>;
}

/** Flood zone determination at a point. */
export interface FloodZoneProvider {
  readonly name: string;
  floodZone(location: Location, address: PropertyAddress): Promise<FloodZoneDetermination | null>;
}

/** Ground elevation at a point. */
export interface GroundElevationProvider {
  readonly name: string;
  groundElevation(location: Location, address: PropertyAddress): Promise<GroundElevation | null>;
}

/** Coastal Barrier Resources System membership of a point. */
export interface CbraProvider {
  readonly name: string;
  cbra(location: Location, address: PropertyAddress): Promise<CbraDetermination | null>;
}

/** NFIP participation of a community, by its six-digit community number (the NFHL's CID). */
export interface CommunityStatusProvider {
  readonly name: string;
  communityStatus(communityNumber: string, address: PropertyAddress): Promise<CommunityStatus | null>;
}

/** The providers a company's lookups use, one per job. */
export interface PropertyDataProviders {
  address: AddressProvider;
  characteristics: CharacteristicsProvider;
  flood_zone: FloodZoneProvider;
  ground_elevation: GroundElevationProvider;
  cbra: CbraProvider;
  community_status: CommunityStatusProvider;
}

/**
 * A provider that could not answer (no answer in time, refused key, malformed answer): the
 * message names the provider and is safe to show (never the key).
 */
export class PropertyDataError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
    this.name = 'PropertyDataError';
  }
}
