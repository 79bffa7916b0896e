/**
 * US Fish and Wildlife Service CBRS Mapper connector (the CBRA job, keyless; issue 40, ADR 757):
 * an ArcGIS MapServer point query (arcgis-point-query.ts) on layer 3, CBRS Units, of the
 * CoastalBarrierResourcesSystem service behind the CBRS Mapper, with outFields Unit ("FL-64P"),
 * Name ("Cape Florida") and Unit_Type ("System Unit" or "Otherwise Protected Area"). A feature
 * holding the point = in the Coastal Barrier Resources System; no feature = outside it (an answer,
 * not "not found"). The service's digital boundaries are not the official maps: a point within
 * 20 ft of a boundary needs an official determination from the Service (the agent can change the
 * filled answer).
 */
import { firstFeatureAttributes } from './arcgis-point-query.ts';
import type { ConnectorOptions } from './connector-options.ts';
import { textOf } from './read-provider-answer.ts';
import type { CbraDetermination, CbraProvider, Location } from './types.ts';

const LABEL = 'USFWS CBRS';
/** The CBRS Units layer of the MapServer. */
const UNITS_LAYER = 3;

/** The USFWS CBRS provider (no key). */
export function fwsCbrsConnector(options: ConnectorOptions): CbraProvider {
  return {
    name: 'fws_cbrs',
    async cbra(location: Location): Promise<CbraDetermination> {
      const unit = await firstFeatureAttributes(
        {
          label: LABEL,
          baseUrl: options.baseUrl,
          timeoutMs: options.timeoutMs,
          layer: UNITS_LAYER,
          outFields: 'Unit,Name,Unit_Type',
        },
        location,
      );
      if (!unit)
        return { in_cbrs: false, otherwise_protected: false, unit: null, unit_name: null, unit_type: null };
      const unitType = textOf(unit.Unit_Type);
      return {
        in_cbrs: true,
        otherwise_protected: /otherwise protected/i.test(unitType ?? ''),
        unit: textOf(unit.Unit),
        unit_name: textOf(unit.Name),
        unit_type: unitType,
      };
    },
  };
}
