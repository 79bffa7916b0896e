/**
 * The sandbox property data provider (issue 15; docs/decisions/230-property-data-providers.md):
 * answers every job without leaving the server, derived from a SHA-256 of the normalised address,
 * so one address always gets the same answers and neighbours get different ones. The portal shows
 * its fields as "Sample data". Places come from the offline ZIP database; the point is the ZIP's
 * centre moved by up to ~1 km, the values are plausible, not true. Addresses in ZIP 00000 (and
 * street "0 ...") are not found, so the demo can show the "could not find" state.
 */
import { createHash } from 'node:crypto';
import { lookUpZip } from '../services/look-up-zip.ts';
import { normaliseAddress } from './normalise-address.ts';
import type {
  AddressSuggestion,
  CbraDetermination,
  CommunityStatus,
  FloodZoneDetermination,
  GroundElevation,
  PropertyAddress,
  PropertyCharacteristics,
  PropertyDataProviders,
  VerifiedAddress,
} from './types.ts';

/** Places the sandbox suggests for a typed street (ZIPs of the offline database). */
const SUGGESTED_ZIPS = ['33139', '33301', '70112', '29401', '77550'];
const STREET_TYPES = ['Ave', 'St', 'Dr', 'Blvd', 'Ct'];
const CONSTRUCTIONS = ['FRAME', 'MASONRY', 'CONCRETE', 'BRICK', 'FRAME', 'MASONRY'];
const FOUNDATIONS = ['SLAB', 'CRAWL SPACE', 'PIERS', 'SLAB', 'BASEMENT', 'ELEVATED'];
const OCCUPANCIES = ['SFR', 'SFR', 'SFR', 'CONDOMINIUM', 'DUPLEX', 'TOWNHOUSE'];
const ZONES: [string, string | null][] = [
  ['AE', null],
  ['X', null],
  ['AE', null],
  ['X', '0.2 PCT ANNUAL CHANCE FLOOD HAZARD'],
  ['VE', null],
  ['A', null],
  ['AH', null],
  ['X', 'AREA OF MINIMAL FLOOD HAZARD'],
];

/** A deterministic stream of numbers in [0, 1) from `text`. */
function draws(text: string): () => number {
  const digest = createHash('sha256').update(text).digest();
  let at = 0;
  return () => {
    const value = digest.readUInt16BE(at % (digest.length - 1)) / 65536;
    at += 2;
    return value;
  };
}

const pick = <T>(list: readonly T[], draw: number): T => list[Math.floor(draw * list.length)];
const titleCase = (text: string) => text.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
const notFound = (address: PropertyAddress) =>
  address.zip === '00000' || /^0\s/.test(address.address1.trim());

/** The verified address of the sandbox: the lines title-cased, the ZIP's place, a ZIP+4 and a point. */
function verify(address: PropertyAddress): VerifiedAddress | null {
  if (notFound(address)) return null;
  const place = lookUpZip(address.zip.slice(0, 5));
  const draw = draws(`address|${normaliseAddress(address)}`);
  const line = [address.address1, address.address2]
    .filter((part) => part.trim())
    .map(titleCase)
    .join(' ');
  const city = place?.city ?? titleCase(address.city);
  const state = place?.state ?? address.state.toUpperCase();
  const plus4 = String(Math.floor(draw() * 9000) + 1000);
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    delivery_line_1: line,
    last_line: `${city} ${state} ${address.zip}-${plus4}`,
    city,
    state,
    zip: address.zip.slice(0, 5),
    plus4,
    county: place?.county ?? null,
    latitude: place?.lat == null ? null : round(place.lat + (draw() - 0.5) * 0.02),
    longitude: place?.lng == null ? null : round(place.lng + (draw() - 0.5) * 0.02),
    precision: place ? 'Rooftop' : null,
  };
}

/** Up to five suggestions: the typed street in a few sample places (nothing for under 3 characters). */
function autocomplete(search: string): AddressSuggestion[] {
  const typed = search.trim().replace(/\s+/g, ' ');
  if (typed.length < 3) return [];
  const draw = draws(`autocomplete|${typed.toUpperCase()}`);
  const hasType = /\s(ave|st|dr|blvd|ct|rd|ln|way|pl|ter|hwy)\.?$/i.test(typed);
  const numbered = /^\d/.test(typed) ? typed : `${Math.floor(draw() * 4000) + 100} ${typed}`;
  return SUGGESTED_ZIPS.flatMap((zip, index) => {
    const place = lookUpZip(zip);
    if (!place) return [];
    const street = hasType ? titleCase(numbered) : `${titleCase(numbered)} ${STREET_TYPES[index]}`;
    return [{ street_line: street, secondary: '', city: place.city, state: place.state, zipcode: zip }];
  });
}

/** Characteristics in ATTOM's words: built 1950-2019, 900-3,900 sq ft, 1-3 stories. */
function characteristics(address: PropertyAddress): PropertyCharacteristics | null {
  if (notFound(address)) return null;
  const draw = draws(`characteristics|${normaliseAddress(address)}`);
  return {
    year_built: 1950 + Math.floor(draw() * 70),
    living_area_sqft: 900 + Math.floor(draw() * 60) * 50,
    stories: 1 + Math.floor(draw() * 3),
    construction: pick(CONSTRUCTIONS, draw()),
    foundation: pick(FOUNDATIONS, draw()),
    occupancy: pick(OCCUPANCIES, draw()),
    owner_occupied: draw() < 0.8,
  };
}

/** A determination in NFHL's words: zone, a community of the city, a panel, a BFE in A and V zones. */
function floodZone(address: PropertyAddress): FloodZoneDetermination | null {
  if (notFound(address)) return null;
  const draw = draws(`flood_zone|${normaliseAddress(address)}`);
  const [zone, subtype] = pick(ZONES, draw());
  const special = zone.startsWith('A') || zone.startsWith('V');
  const year = 2009 + Math.floor(draw() * 15);
  return {
    zone,
    zone_subtype: subtype,
    community_number: String(120000 + Math.floor(draw() * 900)),
    community_name: `City of ${titleCase(address.city)}`,
    map_panel: String(Math.floor(draw() * 900) + 100).padStart(4, '0'),
    map_suffix: pick(['H', 'J', 'K', 'L', 'M'], draw()),
    effective_date: `${year}-${String(1 + Math.floor(draw() * 12)).padStart(2, '0')}-15`,
    bfe_feet: special ? 6 + Math.floor(draw() * 9) : null,
  };
}

/** A ground elevation of 2.0 to 31.9 ft, in a tenth of a foot. */
function groundElevation(address: PropertyAddress): GroundElevation | null {
  if (notFound(address)) return null;
  const draw = draws(`ground_elevation|${normaliseAddress(address)}`);
  return { elevation_feet: Math.round((2 + draw() * 30) * 10) / 10 };
}

/**
 * Outside the CBRS unless the street line names a barrier ("1 Barrier Island Rd"), then a System
 * Unit, or an OPA when it also says "OPA", in the CBRS Mapper's words. CBRS units hold a sliver of
 * coastal addresses and make a property unbindable, so the sandbox never puts an ordinary demo
 * address in one by chance: an agent asks for the case by the address (ADR 757).
 */
function cbra(address: PropertyAddress): CbraDetermination | null {
  if (notFound(address)) return null;
  if (!/\bbarrier\b/i.test(address.address1))
    return { in_cbrs: false, otherwise_protected: false, unit: null, unit_name: null, unit_type: null };
  const draw = draws(`cbra|${normaliseAddress(address)}`);
  const opa = /\bopa\b/i.test(address.address1);
  const number = String(10 + Math.floor(draw() * 80));
  return {
    in_cbrs: true,
    otherwise_protected: opa,
    unit: `${address.state.toUpperCase()}-${number}${opa ? 'P' : ''}`,
    unit_name: `${titleCase(address.city)} Coastal Barrier`,
    unit_type: opa ? 'Otherwise Protected Area' : 'System Unit',
  };
}

/**
 * The community participates, unless the street line says "Nonparticipating" (as CBRA, the case an
 * agent asks for by the address, never a chance that blocks an ordinary demo launch); a CRS class
 * 5-9 for half of the participating ones.
 */
function communityStatus(communityNumber: string, address: PropertyAddress): CommunityStatus | null {
  if (notFound(address)) return null;
  const draw = draws(`community_status|${communityNumber}`);
  const participating = !/\bnon-?participating\b/i.test(address.address1);
  const inCrs = participating && draw() < 0.5;
  return {
    community_number: communityNumber,
    community_name: `City of ${titleCase(address.city)}`,
    participating,
    crs_class: inCrs ? 5 + Math.floor(draw() * 5) : null,
  };
}

/** The sandbox for every job. */
export const sandboxProviders: PropertyDataProviders = {
  address: { name: 'sandbox', verify: async (a) => verify(a), autocomplete: async (s) => autocomplete(s) },
  characteristics: { name: 'sandbox', characteristics: async (a) => characteristics(a) },
  flood_zone: { name: 'sandbox', floodZone: async (_location, a) => floodZone(a) },
  ground_elevation: { name: 'sandbox', groundElevation: async (_location, a) => groundElevation(a) },
  cbra: { name: 'sandbox', cbra: async (_location, a) => cbra(a) },
  community_status: { name: 'sandbox', communityStatus: async (number, a) => communityStatus(number, a) },
};
