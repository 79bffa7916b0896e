/**
 * The admin's carrier connections in portal settings (issue 19): list the connections of
 * carriers.json with what the company stored (names of the credentials set, never their values),
 * switch one on or off and replace its credentials (write-only, as ADR 098), and test one with a
 * sample application, answering the exchanges with secrets masked.
 * docs/decisions/360-carrier-connections-as-data.md, docs/api-accounts.md Carrier connections.
 */

import { resolveCarrier } from '../../carrier-catalog/carrier-settings.ts';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import { CREDENTIAL_NAMES, HTTP_CONNECTOR_PREFIX } from '../../carrier-catalog/connection-types.ts';
import { examples } from '../../schemas/schema-set.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { currentCarriers } from '../quoting/current-carriers.ts';
import type { HttpConnector, TriedQuote } from '../quoting/http/http-connector.ts';
import type { LiveConnectors } from '../quoting/http/live-connectors.ts';
import {
  companySettingsOf,
  findCompanyForUpdate,
  updateCompany,
} from '../repositories/companies-repository.ts';
import { COMPANY_NOT_FOUND, managedCompanyId } from './account-access.ts';
import type { Actor } from './actor.ts';
import {
  hasAllCredentials,
  type StoredConnection,
  storedConnections,
} from './carrier-connection-settings.ts';
import { recordConnectionTest } from './connection-test-record.ts';

/** 404 for a connection id carriers.json does not have. */
export const UNKNOWN_CONNECTION_MESSAGE = 'Carrier connection not found.';
/** Test connection's product: the sample application is the schema set's Primary example. */
const SAMPLE_PRODUCT = 'Primary';
/** Longest wait of a test connection, in ms. */
const TEST_TIMEOUT_MS = 15_000;

/** What the settings page shows of one connection. */
export interface ConnectionView {
  id: string;
  label: string;
  auth_kind: string;
  endpoint: string;
  /** Display names of the carriers (or sub-carriers) it quotes. */
  carriers: string[];
  /** Credential names its auth kind needs, in order. */
  credential_names: string[];
  /** Names of the credentials stored (never their values). */
  credentials_set: string[];
  enabled: boolean;
}

function carriersOf(connectionId: string, file: CarriersFile): string[] {
  const names: string[] = [];
  for (const family of file.carriers) {
    for (const sub of family.subCarriers.length > 0 ? family.subCarriers : [null]) {
      const resolved = resolveCarrier(family, sub);
      if (resolved.settings.live_connection === connectionId) names.push(resolved.displayName);
    }
  }
  return names;
}

function viewsOf(settings: Record<string, unknown> | null, file: CarriersFile): ConnectionView[] {
  const stored = storedConnections(settings);
  return Object.entries(file.connections ?? {}).map(([id, connection]) => {
    const entry = stored[id];
    return {
      id,
      label: connection.label,
      auth_kind: connection.auth.kind,
      endpoint: connection.endpoint,
      carriers: carriersOf(id, file),
      credential_names: CREDENTIAL_NAMES[connection.auth.kind],
      credentials_set: CREDENTIAL_NAMES[connection.auth.kind].filter((name) =>
        Boolean(entry?.credentials?.[name]),
      ),
      enabled: Boolean(entry?.enabled),
    };
  });
}

function connectionOf(connectionId: string, file: CarriersFile) {
  const connection = file.connections?.[connectionId];
  if (!connection) throw new ApiError(404, UNKNOWN_CONNECTION_MESSAGE);
  return connection;
}

/** The connections of carriers.json with the managed company's state. 403/404/422 as managedCompanyId. */
export async function listCarrierConnections(
  db: Executor,
  actor: Actor,
  requestedCompanyId: number | undefined,
  file: CarriersFile = currentCarriers(),
): Promise<ConnectionView[]> {
  const companyId = managedCompanyId(actor, requestedCompanyId);
  const settings = await companySettingsOf(db, companyId);
  if (settings === null) throw new ApiError(404, COMPANY_NOT_FOUND);
  return viewsOf(settings, file);
}

/** An update: switch on or off; each credential given replaces the stored one, null removes it. */
export interface ConnectionUpdate {
  connection_id: string;
  enabled: boolean;
  credentials?: Record<string, string | null>;
}

/**
 * Stores the update in one locked transaction and answers every connection's view. 404 for an
 * unknown connection; 422 naming each missing credential (`credentials.<name>`) when it would be
 * switched on without all of them; 422 for a credential name its auth kind does not use. Nothing is
 * written on a refusal.
 */
export async function updateCarrierConnection(
  db: Executor,
  actor: Actor,
  requestedCompanyId: number | undefined,
  update: ConnectionUpdate,
  file: CarriersFile = currentCarriers(),
): Promise<ConnectionView[]> {
  const companyId = managedCompanyId(actor, requestedCompanyId);
  const connection = connectionOf(update.connection_id, file);
  const names = CREDENTIAL_NAMES[connection.auth.kind];
  const unknown = Object.keys(update.credentials ?? {}).filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    const errors = Object.fromEntries(
      unknown.map((name) => [`credentials.${name}`, `${connection.label} uses no ${name}.`]),
    );
    throw new ApiError(422, errors[`credentials.${unknown[0]}`] as string, errors);
  }
  return db.transaction(async (tx) => {
    const company = await findCompanyForUpdate(tx, companyId);
    if (!company) throw new ApiError(404, COMPANY_NOT_FOUND);
    const settings = (company.settings ?? {}) as Record<string, unknown>;
    const all = storedConnections(settings);
    const credentials = { ...(all[update.connection_id]?.credentials ?? {}) };
    for (const [name, value] of Object.entries(update.credentials ?? {})) {
      if (value === null) delete credentials[name];
      else credentials[name] = value;
    }
    const next: StoredConnection = { enabled: update.enabled, credentials };
    if (next.enabled && !hasAllCredentials(update.connection_id, next, file)) {
      const missing = names.filter((name) => !credentials[name]);
      const errors = Object.fromEntries(
        missing.map((name) => [`credentials.${name}`, `${connection.label} needs ${name}.`]),
      );
      throw new ApiError(422, errors[`credentials.${missing[0]}`] as string, errors);
    }
    const patched = { ...settings, carrier_connections: { ...all, [update.connection_id]: next } };
    await updateCompany(tx, companyId, { settings: patched });
    return viewsOf(patched, file);
  });
}

/**
 * Asks `connector` (one of connection `connectionId`) for a quote of the schema set's Primary
 * example with company `companyId`'s stored credentials (switched on or not), as the first carrier
 * of `file` that names the connection. Answers the quote or the error and every request and answer,
 * secrets masked; waits at most TEST_TIMEOUT_MS.
 */
export function sampleQuote(
  connector: HttpConnector,
  file: CarriersFile,
  connectionId: string,
  companyId: number,
): Promise<TriedQuote> {
  const family = file.carriers.find((entry) =>
    [entry, ...entry.subCarriers].some((carrier) => carrier.live_connection === connectionId),
  );
  const target = {
    carrier: family?.name ?? connectionId,
    sub_carrier: null,
    display_name: family?.displayName ?? file.connections?.[connectionId]?.label ?? connectionId,
    connector: `${HTTP_CONNECTOR_PREFIX}${connectionId}`,
    benefits: family?.benefits ?? [],
  };
  const ctx = { product: SAMPLE_PRODUCT, application_type: 'flood', status: 'new' };
  return connector.tryQuote(
    { target, company_id: companyId, document: structuredClone(examples.primary), ctx },
    AbortSignal.timeout(TEST_TIMEOUT_MS),
  );
}

/**
 * Tests connection `connectionId` of the catalogue in use with sampleQuote and records the outcome
 * (carrier_connection_tests: the carrier page's credential failures). 404 for an unknown connection.
 */
export async function testCarrierConnection(
  db: Executor,
  actor: Actor,
  requestedCompanyId: number | undefined,
  connectionId: string,
  live: LiveConnectors,
  file: CarriersFile = currentCarriers(),
): Promise<TriedQuote> {
  const companyId = managedCompanyId(actor, requestedCompanyId);
  connectionOf(connectionId, file);
  if ((await companySettingsOf(db, companyId)) === null) throw new ApiError(404, COMPANY_NOT_FOUND);
  const tried = await sampleQuote(live.connection(connectionId), file, connectionId, companyId);
  const published = currentCarriers().connections?.[connectionId];
  if (published) await recordConnectionTest(db, actor, companyId, connectionId, published, tried);
  return tried;
}
