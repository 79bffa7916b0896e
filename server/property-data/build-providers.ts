/**
 * The providers of a company's lookups (issue 15): per job the sandbox, or the real connector of
 * the provider its portal settings name, with the company's key and the catalogue's base URL and
 * timeout (the app's options may override both: tests point connectors at local fake servers).
 */
import { attomConnector } from './attom-connector.ts';
import type { ConnectorOptions } from './connector-options.ts';
import { femaNfhlConnector } from './fema-nfhl-connector.ts';
import { PROVIDERS, type ProviderName } from './provider-catalogue.ts';
import { sandboxProviders } from './sandbox-provider.ts';
import { smartyConnector } from './smarty-connector.ts';
import type { PropertyDataJob, PropertyDataProviders } from './types.ts';

/** Base URLs and timeouts (ms) replacing the catalogue's, per provider. buildApp's `propertyData`. */
export interface PropertyDataOptions {
  baseUrls?: Partial<Record<ProviderName, string>>;
  timeoutsMs?: Partial<Record<ProviderName, number>>;
}

/** A job's chosen provider and key (portal settings). */
export interface JobChoice {
  provider: ProviderName;
  key_id: string | null;
  key: string | null;
}

function connectorOptions(
  name: ProviderName,
  choice: JobChoice,
  options: PropertyDataOptions,
): ConnectorOptions {
  const entry = PROVIDERS[name];
  const override = options.baseUrls?.[name];
  return {
    baseUrl: override ?? entry.base_url ?? '',
    autocompleteBaseUrl: override ?? entry.autocomplete_base_url,
    timeoutMs: options.timeoutsMs?.[name] ?? entry.timeout_ms ?? 5000,
    keyId: choice.key_id,
    key: choice.key,
  };
}

/** The providers of `choices`; the sandbox for a job whose provider does not answer it. */
export function buildProviders(
  choices: Record<PropertyDataJob, JobChoice>,
  options: PropertyDataOptions = {},
): PropertyDataProviders {
  const { address, characteristics, flood_zone } = choices;
  return {
    address:
      address.provider === 'smarty'
        ? smartyConnector(connectorOptions('smarty', address, options))
        : sandboxProviders.address,
    characteristics:
      characteristics.provider === 'attom'
        ? attomConnector(connectorOptions('attom', characteristics, options))
        : sandboxProviders.characteristics,
    flood_zone:
      flood_zone.provider === 'fema_nfhl'
        ? femaNfhlConnector(connectorOptions('fema_nfhl', flood_zone, options))
        : sandboxProviders.flood_zone,
  };
}
