/**
 * FEMA National Flood Hazard Layer connector (the flood zone job; SPEC §9 NationalFlood; ADR 230
 * says why the public NFHL stands in for National Flood Services' determination): three ArcGIS
 * MapServer point queries (GET /<layer>/query?geometry=<lng>,<lat>&geometryType=esriGeometryPoint
 * &inSR=4326&spatialRel=esriSpatialRelIntersects&outFields=...&returnGeometry=false&f=json) on
 * layer 28 Flood Hazard Zones (FLD_ZONE, ZONE_SUBTY, STATIC_BFE; -9999 = no BFE), 3 FIRM Panels
 * (FIRM_PAN "12086C0317L", PANEL, SUFFIX, EFF_DATE in epoch ms) and 22 Political Jurisdictions
 * (CID community number, POL_NAME1). Each answers `{features: [{attributes}]}`, or HTTP 200 with
 * `{error: {code, message}}` (arcgis-point-query.ts). No hazard zone at the point = not found. No key.
 */
import { firstFeatureAttributes } from './arcgis-point-query.ts';
import type { ConnectorOptions } from './connector-options.ts';
import { numberOf, textOf } from './read-provider-answer.ts';
import type { FloodZoneDetermination, FloodZoneProvider, Location } from './types.ts';

const LABEL = 'FEMA NFHL';
/** NFHL layer ids of the MapServer. */
const LAYERS = { zones: 28, panels: 3, communities: 22 } as const;
/** NFHL's "no value" of STATIC_BFE. */
const NO_BFE = -9999;

/** The FEMA NFHL flood zone provider. */
export function femaNfhlConnector(options: ConnectorOptions): FloodZoneProvider {
  const firstAttributes = (layer: number, location: Location, outFields: string) =>
    firstFeatureAttributes(
      { label: LABEL, baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, layer, outFields },
      location,
    );

  return {
    name: 'fema_nfhl',
    async floodZone(location: Location): Promise<FloodZoneDetermination | null> {
      const [zone, panel, community] = await Promise.all([
        firstAttributes(LAYERS.zones, location, 'FLD_ZONE,ZONE_SUBTY,STATIC_BFE'),
        firstAttributes(LAYERS.panels, location, 'FIRM_PAN,PANEL,SUFFIX,EFF_DATE'),
        firstAttributes(LAYERS.communities, location, 'CID,POL_NAME1'),
      ]);
      if (!zone) return null;
      const bfe = numberOf(zone.STATIC_BFE);
      const effective = numberOf(panel?.EFF_DATE);
      const firmPanel = textOf(panel?.FIRM_PAN);
      return {
        zone: textOf(zone.FLD_ZONE),
        zone_subtype: textOf(zone.ZONE_SUBTY),
        community_number: textOf(community?.CID) ?? (firmPanel ? firmPanel.slice(0, 6) : null),
        community_name: textOf(community?.POL_NAME1),
        map_panel: textOf(panel?.PANEL) ?? (firmPanel ? firmPanel.slice(6, 10) : null),
        map_suffix: textOf(panel?.SUFFIX) ?? (firmPanel ? firmPanel.slice(10) || null : null),
        effective_date: effective === null ? null : new Date(effective).toISOString().slice(0, 10),
        bfe_feet: bfe === null || bfe === NO_BFE ? null : bfe,
      };
    },
  };
}
