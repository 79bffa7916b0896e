/**
 * A company's live carrier connections (issue 19): `companies.settings.carrier_connections =
 * {<connection id>: {enabled, credentials: {<name>: <secret>}}}`, written by an admin in portal
 * settings. A connection counts as enabled only when it is switched on, still in carriers.json,
 * and every credential its auth kind needs (CREDENTIAL_NAMES) is stored. Secrets leave this
 * module only towards the carrier. docs/decisions/360-carrier-connections-as-data.md.
 */

import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import { type ConnectionCredentials, CREDENTIAL_NAMES } from '../../carrier-catalog/connection-types.ts';
import type { Executor } from '../db/database.ts';
import { currentCarriers } from '../quoting/current-carriers.ts';
import { companySettingsOf } from '../repositories/companies-repository.ts';

/** One stored connection of a company. */
export interface StoredConnection {
  enabled: boolean;
  credentials: ConnectionCredentials;
}

/** The stored connections of a company's settings jsonb (none when absent). */
export function storedConnections(
  settings: Record<string, unknown> | null,
): Record<string, StoredConnection> {
  const value = settings?.carrier_connections;
  return value !== null && typeof value === 'object' ? (value as Record<string, StoredConnection>) : {};
}

/** Whether `stored` holds every credential the auth kind of connection `connectionId` needs. */
export function hasAllCredentials(
  connectionId: string,
  stored: StoredConnection | undefined,
  file: CarriersFile = currentCarriers(),
): boolean {
  const connection = file.connections?.[connectionId];
  if (!connection || !stored) return false;
  return CREDENTIAL_NAMES[connection.auth.kind].every((name) => Boolean(stored.credentials?.[name]));
}

/** Ids of the connections a company's settings enable (switched on, known, with every credential). */
export function enabledConnections(
  settings: Record<string, unknown> | null,
  file: CarriersFile = currentCarriers(),
): Set<string> {
  const ids = new Set<string>();
  for (const [id, stored] of Object.entries(storedConnections(settings))) {
    if (stored.enabled && hasAllCredentials(id, stored, file)) ids.add(id);
  }
  return ids;
}

/**
 * The credentials company `companyId` stored for `connectionId`, or null when it has none or not
 * all of them (whether the connection is switched on is decided at launch, not here).
 */
export async function companyCredentials(
  db: Executor,
  companyId: number | null,
  connectionId: string,
  file: CarriersFile = currentCarriers(),
): Promise<ConnectionCredentials | null> {
  if (companyId === null) return null;
  const stored = storedConnections(await companySettingsOf(db, companyId))[connectionId];
  return hasAllCredentials(connectionId, stored, file) ? (stored?.credentials ?? null) : null;
}
