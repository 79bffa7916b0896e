import { sandboxConnector } from './sandbox-connector.ts';
import type { Connector } from './types.ts';

/**
 * Connectors by the id carriers.json names. Only automatic connectors are here: "manual" and
 * "sov" carriers are never quoted through a connector (they have their own launch calls, SPEC §7).
 */
const CONNECTORS: ReadonlyMap<string, Connector> = new Map([[sandboxConnector.id, sandboxConnector]]);

/**
 * The connector with id `id` (a LaunchTarget's `connector`).
 * Throws `Error('Unknown connector <id>')` when no connector has that id. ARCHITECTURE §Carriers.
 */
export function connectorFor(id: string): Connector {
  const connector = CONNECTORS.get(id);
  if (!connector) throw new Error(`Unknown connector ${id}`);
  return connector;
}
