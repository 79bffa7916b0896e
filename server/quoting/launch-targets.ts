import { resolveCarrier } from '../../carrier-catalog/carrier-settings.ts';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import { HTTP_CONNECTOR_PREFIX } from '../../carrier-catalog/connection-types.ts';
import type { Doc, RuleContext } from '../../engine/index.ts';
import { currentCarriers } from './current-carriers.ts';
import type { LaunchTarget } from './types.ts';

/** Connectors that do not answer automatically: their carriers have their own launch calls (SPEC §7). */
const NOT_AUTOMATIC = new Set(['manual', 'sov']);

/**
 * Every automatic carrier or sub-carrier (connector neither "manual" nor "sov") that writes
 * `ctx.product` in `doc.state`, in carriers.json order (families, then their sub-carriers).
 * A family with sub-carriers launches its sub-carriers only. Eligibility is not applied here:
 * the connector declines with the carrier's message, so the agent sees why. A carrier whose
 * `live_connection` is in `liveConnections` (the company's enabled connections) is asked through
 * that connection (connector `http:<id>`) instead of its own connector (issue 19).
 * SPEC §1 (carrier families), §7 launch-application.
 */
export function launchTargets(
  doc: Doc,
  ctx: RuleContext,
  file: CarriersFile = currentCarriers(),
  liveConnections: ReadonlySet<string> = new Set(),
): LaunchTarget[] {
  const state = typeof doc.state === 'string' ? doc.state.trim().toUpperCase() : '';
  const targets: LaunchTarget[] = [];
  for (const family of file.carriers) {
    if (family.isSovCarrier || family.isManualCarrier) continue;
    const candidates = family.subCarriers.length > 0 ? family.subCarriers : [null];
    for (const sub of candidates) {
      const resolved = resolveCarrier(family, sub);
      const { settings } = resolved;
      if (NOT_AUTOMATIC.has(settings.connector)) continue;
      if (!settings.quote_types.includes(ctx.product) || !settings.states.includes(state)) continue;
      targets.push({
        carrier: family.name,
        sub_carrier: sub?.name ?? null,
        display_name: resolved.displayName,
        connector:
          settings.live_connection !== undefined && liveConnections.has(settings.live_connection)
            ? `${HTTP_CONNECTOR_PREFIX}${settings.live_connection}`
            : settings.connector,
        benefits: resolved.benefits,
      });
    }
  }
  return targets;
}
