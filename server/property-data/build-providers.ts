/**
 * The providers of a company's lookups (issue 15): per job the sandbox, or the real connector of
 * the provider its portal settings name, with the company's key and the catalogue's base URL and
 * timeout (the app's options may override both: tests point connectors at local fake servers).
 */
import { attomConnector } from './attom-connector.ts';
import { censusGeocoderConnector } from './census-geocoder-connector.ts';
import type { ConnectorOptions } from './connector-options.ts';
import { femaNfhlConnector } from './fema-nfhl-connector.ts';
import { fwsCbrsConnector } from './fws-cbrs-connector.ts';
import { openFemaCommunityStatusConnector } from './openfema-community-status-connector.ts';
import { PROVIDERS, type ProviderName } from './provider-catalogue.ts';
import { sandboxProviders } from './sandbox-provider.ts';
import { smartyConnector } from './smarty-connector.ts';
import type { PropertyDataJob, PropertyDataProviders } from './types.ts';
import { usgsEpqsConnector } from './usgs-epqs-connector.ts';

/** Each job's real connectors by provider name (the sandbox answers a job whose provider is not here). */
const CONNECTORS: {
  [J in PropertyDataJob]: Partial<
    Record<ProviderName, (options: ConnectorOptions) => PropertyDataProviders[J]>
  >;
} = {
  address: { smarty: smartyConnector, census_geocoder: censusGeocoderConnector },
  characteristics: { attom: attomConnector },
  flood_zone: { fema_nfhl: femaNfhlConnector },
  ground_elevation: { usgs_epqs: usgsEpqsConnector },
  cbra: { fws_cbrs: fwsCbrsConnector },
  community_status: { openfema_csb: openFemaCommunityStatusConnector },
};

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

/** The provider of one job: its chosen connector, or the sandbox when that provider does not answer it. */
function providerOf<J extends PropertyDataJob>(
  job: J,
  choice: JobChoice,
  options: PropertyDataOptions,
): PropertyDataProviders[J] {
  const connector = CONNECTORS[job][choice.provider];
  return connector ? connector(connectorOptions(choice.provider, choice, options)) : sandboxProviders[job];
}

/** The providers of `choices`; the sandbox for a job whose provider does not answer it. */
export function buildProviders(
  choices: Record<PropertyDataJob, JobChoice>,
  options: PropertyDataOptions = {},
): PropertyDataProviders {
  return {
    address: providerOf('address', choices.address, options),
    characteristics: providerOf('characteristics', choices.characteristics, options),
    flood_zone: providerOf('flood_zone', choices.flood_zone, options),
    ground_elevation: providerOf('ground_elevation', choices.ground_elevation, options),
    cbra: providerOf('cbra', choices.cbra, options),
    community_status: providerOf('community_status', choices.community_status, options),
  };
}
