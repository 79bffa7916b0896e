import type { CarriersFile } from '../../../carrier-catalog/carriers-file-types.ts';
import {
  type ConnectionCredentials,
  HTTP_CONNECTOR_PREFIX,
  type HttpConnection,
} from '../../../carrier-catalog/connection-types.ts';
import { connectorFor } from '../connector-for.ts';
import type { Connector } from '../types.ts';
import { createHttpConnector, type HttpConnector } from './http-connector.ts';

export interface LiveConnectorsOptions {
  /** The credentials company `companyId` stored for connection `connectionId`, or null. */
  credentials: (companyId: number | null, connectionId: string) => Promise<ConnectionCredentials | null>;
  /** The catalogue whose connections are asked, read on every lookup (it changes on a publish). */
  catalogue: () => CarriersFile;
  fetch?: typeof fetch;
  now?: () => number;
  log?: (fields: Record<string, unknown>, message: string) => void;
  /** Server processes sharing each connection's `max_concurrent` (SERVER_PROCESSES; default 1). */
  processes?: number;
}

/**
 * One HTTP connector per catalogue connection, made on first use and kept (its breaker, limit and
 * tokens live on) until a published version changes that connection's definition.
 */
export interface LiveConnectors {
  /** The connector of connection `connectionId`; throws `Error('Unknown connector http:<id>')` when there is none. */
  connection(connectionId: string): HttpConnector;
  /** connectorFor extended with `http:<connection id>`: the lookup the quote worker uses. */
  connectorFor(id: string): Connector;
  /**
   * A new connector of `definition` as connection `connectionId`, not kept (a draft's connection
   * under test, ADR 772): its breaker and limit are its own, its credentials the company's.
   */
  trial(connectionId: string, definition: HttpConnection): HttpConnector;
}

/** The live connectors of `options.catalogue()`'s connections. Issues 19 and 43. */
export function createLiveConnectors(options: LiveConnectorsOptions): LiveConnectors {
  const made = new Map<string, { definition: HttpConnection; json: string; connector: HttpConnector }>();
  const make = (connectionId: string, definition: HttpConnection) =>
    createHttpConnector({
      connectionId,
      connection: definition,
      credentials: (companyId) => options.credentials(companyId, connectionId),
      fetch: options.fetch,
      now: options.now,
      log: options.log,
      processes: options.processes,
    });
  function connection(connectionId: string): HttpConnector {
    const definition = options.catalogue().connections?.[connectionId];
    if (!definition) throw new Error(`Unknown connector ${HTTP_CONNECTOR_PREFIX}${connectionId}`);
    const existing = made.get(connectionId);
    if (existing?.definition === definition) return existing.connector;
    const json = JSON.stringify(definition);
    if (existing?.json === json) {
      existing.definition = definition;
      return existing.connector;
    }
    const connector = make(connectionId, definition);
    made.set(connectionId, { definition, json, connector });
    return connector;
  }
  return {
    connection,
    connectorFor(id) {
      return id.startsWith(HTTP_CONNECTOR_PREFIX)
        ? connection(id.slice(HTTP_CONNECTOR_PREFIX.length))
        : connectorFor(id);
    },
    trial: make,
  };
}
