/**
 * Which provider answers a job a company never chose (issue 40, ADR 757): the sandbox outside
 * production, the keyless public sources in production, PROPERTY_DATA_DEFAULTS either way; each
 * public default answers its job and needs no key.
 */
import { describe, expect, it } from 'vitest';
import {
  defaultProviderFor,
  PROVIDERS,
  providersFor,
} from '../../../server/property-data/provider-catalogue.ts';
import { PROPERTY_DATA_JOBS } from '../../../server/property-data/types.ts';

const all = (settings: Parameters<typeof defaultProviderFor>[1]) =>
  Object.fromEntries(PROPERTY_DATA_JOBS.map((job) => [job, defaultProviderFor(job, settings)]));
const PUBLIC = {
  address: 'census_geocoder',
  characteristics: 'sandbox',
  flood_zone: 'fema_nfhl',
  ground_elevation: 'usgs_epqs',
  cbra: 'fws_cbrs',
  community_status: 'openfema_csb',
};
const SANDBOX = Object.fromEntries(PROPERTY_DATA_JOBS.map((job) => [job, 'sandbox']));

describe('default property data providers', () => {
  it('are the sandbox in development and tests, the public sources in production', () => {
    expect(all({ NODE_ENV: 'development' })).toEqual(SANDBOX);
    expect(all({ NODE_ENV: 'test' })).toEqual(SANDBOX);
    expect(all({ NODE_ENV: 'production' })).toEqual(PUBLIC);
  });

  it('follow PROPERTY_DATA_DEFAULTS when it is set', () => {
    expect(all({ NODE_ENV: 'development', PROPERTY_DATA_DEFAULTS: 'public' })).toEqual(PUBLIC);
    expect(all({ NODE_ENV: 'production', PROPERTY_DATA_DEFAULTS: 'sandbox' })).toEqual(SANDBOX);
  });

  it('answer their job and need no key', () => {
    for (const job of PROPERTY_DATA_JOBS) {
      const name = defaultProviderFor(job, { NODE_ENV: 'production' });
      expect(providersFor(job)).toContain(name);
      expect(PROVIDERS[name].needs_key).toBe(false);
    }
  });
});
