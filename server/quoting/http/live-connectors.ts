import { carriersFile } from '../../../carrier-catalog/carriers-file.ts';
import type { CarriersFile } from '../../../carrier-catalog/carriers-file-types.ts';
import {
  type ConnectionCredentials,
  HTTP_CONNECTOR_PREFIX,
} from '../../../carrier-catalog/connection-types.ts';
import { connectorFor } from '../connector-for.ts';
import type { Connector } from '../types.ts';
import { createHttpConnector, type HttpConnector } from './http-connector.ts';

export interface LiveConnectorsOptions {
  /** The credentials company `companyId` stored for connection `connectionId`, or null. */
  credentials: (companyId: number | null, connectionId: string) => Promise<ConnectionCredentials | null>;
  file?: CarriersFile;
  fetch?: typeof fetch;
  now?: () => number;
  log?: (fields: Record<string, unknown>, message: string) => void;
  /** Server processes sharing each connection's `max_concurrent` (SERVER_PROCESSES; default 1). */
  processes?: number;
}

/** One HTTP connector per carriers.json connection, made on first use and kept (its breaker, limit and tokens live on). */
export interface LiveConnectors {
  /** The connector of connection `connectionId`; throws `Error('Unknown connector http:<id>')` when there is none. */
  connection(connectionId: string): HttpConnector;
  /** connectorFor extended with `http:<connection id>`: the lookup the quote worker uses. */
  connectorFor(id: string): Connector;
}

/** The live connectors of `file` (default carriers.json). Issue 19. */
export function createLiveConnectors(options: LiveConnectorsOptions): LiveConnectors {
  const file = options.file ?? carriersFile;
  const made = new Map<string, HttpConnector>();
  function connection(connectionId: string): HttpConnector {
    const existing = made.get(connectionId);
    if (existing) return existing;
    const definition = file.connections?.[connectionId];
    if (!definition) throw new Error(`Unknown connector ${HTTP_CONNECTOR_PREFIX}${connectionId}`);
    const connector = createHttpConnector({
      connectionId,
      connection: definition,
      credentials: (companyId) => options.credentials(companyId, connectionId),
      fetch: options.fetch,
      now: options.now,
      log: options.log,
      processes: options.processes,
    });
    made.set(connectionId, connector);
    return connector;
  }
  return {
    connection,
    connectorFor(id) {
      return id.startsWith(HTTP_CONNECTOR_PREFIX)
        ? connection(id.slice(HTTP_CONNECTOR_PREFIX.length))
        : connectorFor(id);
    },
  };
}
