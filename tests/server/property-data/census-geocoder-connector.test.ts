/**
 * The US Census Geocoder connector (issue 40, ADR 757) against a local stub answering in the
 * geocoder's documented shape: a match becomes a verified address with the county and point and
 * fills the address fields; no match is "not found"; a refusal, a timeout, a body that is not
 * JSON and an unknown shape are errors that name the source; autocomplete suggests nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { censusGeocoderConnector } from '../../../server/property-data/census-geocoder-connector.ts';
import { mapAnswerToFields } from '../../../server/property-data/map-answer-to-fields.ts';
import { PropertyDataError } from '../../../server/property-data/types.ts';
import { compiled } from '../../schemas/schema-test-kit.ts';
import {
  documentedAnswer,
  type StubAnswerServer,
  startStubAnswerServer,
} from '../helpers/stub-answer-server.ts';

const MERIDIAN = {
  address1: '1500 Meridian Ave',
  address2: '',
  city: 'Miami Beach',
  state: 'FL',
  zip: '33139',
};
const at = (street: string) => ({ ...MERIDIAN, address1: street });

describe('US Census Geocoder connector', () => {
  let stub: StubAnswerServer;
  const connector = () =>
    censusGeocoderConnector({ baseUrl: stub.url, timeoutMs: 300, keyId: null, key: null });

  beforeAll(async () => {
    stub = await startStubAnswerServer((url) => {
      const line = url.searchParams.get('address') ?? '';
      if (line.startsWith('1 Nowhere')) return { json: documentedAnswer('census-geocoder-no-match') };
      if (line.startsWith('2 Slow'))
        return { json: documentedAnswer('census-geocoder-match'), delayMs: 1000 };
      if (line.startsWith('3 Broken')) return { text: '<html>Service Unavailable</html>' };
      if (line.startsWith('4 Odd')) return { json: { result: { addressMatches: 'none' } } };
      if (line.startsWith('5 Refused'))
        return { status: 400, json: documentedAnswer('census-geocoder-refused') };
      if (line.startsWith('6 Pointless'))
        return {
          json: { result: { addressMatches: [{ matchedAddress: '6 POINTLESS ST, MIAMI, FL, 33101' }] } },
        };
      return { json: documentedAnswer('census-geocoder-match') };
    });
  });
  afterAll(() => stub?.close());

  it('asks for one line at the current benchmark and vintage, and reads the match, county and point', async () => {
    const verified = await connector().verify({ ...MERIDIAN, address2: 'Apt 2' });
    const asked = stub.requests.at(-1);
    expect(asked?.pathname).toBe('/geocoder/geographies/onelineaddress');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      address: '1500 Meridian Ave Apt 2, Miami Beach, FL 33139',
      benchmark: 'Public_AR_Current',
      vintage: 'Current_Current',
      format: 'json',
    });
    expect(verified).toEqual({
      delivery_line_1: '1500 MERIDIAN AVE',
      last_line: 'MIAMI BEACH FL 33139',
      city: 'MIAMI BEACH',
      state: 'FL',
      zip: '33139',
      plus4: null,
      county: 'Miami-Dade',
      latitude: 25.787629870105,
      longitude: -80.13468972113,
      precision: 'Interpolated',
    });
  });

  it('fills latitude, longitude, county, state and ZIP labelled with the source and time', async () => {
    const verified = await connector().verify(MERIDIAN);
    const { fields } = mapAnswerToFields(
      compiled,
      'address',
      verified as unknown as Record<string, unknown>,
      'US Census Geocoder',
      '2026-11-29T10:00:00.000Z',
      'not found',
    );
    expect(fields.lat).toEqual({
      value: 25.787629870105,
      source: 'US Census Geocoder',
      fetched_at: '2026-11-29T10:00:00.000Z',
    });
    expect(fields.county?.value).toBe('Miami-Dade');
    expect(fields.state?.value).toBe('FL');
    expect(fields.zip?.value).toBe('33139');
  });

  it('answers null when the geocoder matches nothing', async () => {
    expect(await connector().verify(at('1 Nowhere Rd'))).toBeNull();
  });

  it.each([
    ['2 Slow St', 'US Census Geocoder did not answer within 0.3 s.'],
    ['3 Broken St', 'US Census Geocoder sent an answer that is not JSON.'],
    ['4 Odd St', 'US Census Geocoder sent an answer of an unknown shape.'],
    ['5 Refused St', 'US Census Geocoder answered HTTP 400.'],
    ['6 Pointless St', 'US Census Geocoder sent a match without coordinates.'],
  ])('%s: a PropertyDataError that names the source', async (street, message) => {
    const failure = await connector()
      .verify(at(street))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PropertyDataError);
    expect((failure as PropertyDataError).message).toBe(message);
  });

  it('suggests nothing: the geocoder has no suggestion service', async () => {
    const asked = stub.requests.length;
    expect(await connector().autocomplete('1500 Meri')).toEqual([]);
    expect(stub.requests).toHaveLength(asked);
  });
});
