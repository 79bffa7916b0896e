/**
 * The USGS Elevation Point Query Service connector (issue 40, ADR 757) against a local stub
 * answering in the service's documented shape: the value in feet fills the ground elevation
 * fields; EPQS's no-data value is "not found"; a timeout, a body that is not JSON, a missing value
 * and a refusal are errors that name the source.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapAnswerToFields } from '../../../server/property-data/map-answer-to-fields.ts';
import { PropertyDataError } from '../../../server/property-data/types.ts';
import { usgsEpqsConnector } from '../../../server/property-data/usgs-epqs-connector.ts';
import { compiled } from '../../schemas/schema-test-kit.ts';
import {
  documentedAnswer,
  type StubAnswerServer,
  startStubAnswerServer,
} from '../helpers/stub-answer-server.ts';

const MERIDIAN = { latitude: 25.78762987, longitude: -80.13468972 };
/** Test points by latitude: each makes the stub answer one way. */
const point = (latitude: number) => ({ latitude, longitude: -80 });

describe('USGS Elevation Point Query Service connector', () => {
  let stub: StubAnswerServer;
  const connector = () => usgsEpqsConnector({ baseUrl: stub.url, timeoutMs: 300, keyId: null, key: null });
  const elevation = (location: { latitude: number; longitude: number }) =>
    connector().groundElevation(location, { address1: '', address2: '', city: '', state: '', zip: '' });

  beforeAll(async () => {
    stub = await startStubAnswerServer((url) => {
      switch (url.searchParams.get('y')) {
        case '1':
          return { json: documentedAnswer('usgs-epqs-no-data') };
        case '2':
          return { json: documentedAnswer('usgs-epqs-point'), delayMs: 1000 };
        case '3':
          return { text: 'upstream request timeout' };
        case '4':
          return { json: { location: { x: -80, y: 4 }, locationId: 0 } };
        case '5':
          return { status: 400, text: '[BadRequest] missing parameters' };
        default:
          return { json: documentedAnswer('usgs-epqs-point') };
      }
    });
  });
  afterAll(() => stub?.close());

  it('asks for feet at the WGS84 point and fills the ground elevation fields', async () => {
    const answer = await elevation(MERIDIAN);
    const asked = stub.requests.at(-1);
    expect(asked?.pathname).toBe('/v1/json');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      x: '-80.13468972',
      y: '25.78762987',
      wkid: '4326',
      units: 'Feet',
      includeDate: 'false',
    });
    expect(answer).toEqual({ elevation_feet: 4.3 });
    const { fields, missing } = mapAnswerToFields(
      compiled,
      'ground_elevation',
      answer as unknown as Record<string, unknown>,
      'USGS Elevation',
      '2026-11-29T10:00:00.000Z',
      'not found',
    );
    expect(missing).toEqual([]);
    expect(fields).toEqual({
      property_elevation: { value: 4.3, source: 'USGS Elevation', fetched_at: '2026-11-29T10:00:00.000Z' },
      true_ground_level: { value: 4.3, source: 'USGS Elevation', fetched_at: '2026-11-29T10:00:00.000Z' },
    });
  });

  it('answers null where the service has no data', async () => {
    expect(await elevation(point(1))).toBeNull();
  });

  it.each([
    [2, 'USGS Elevation did not answer within 0.3 s.'],
    [3, 'USGS Elevation sent an answer that is not JSON.'],
    [4, 'USGS Elevation sent an answer of an unknown shape.'],
    [5, 'USGS Elevation answered HTTP 400.'],
  ])('latitude %d: a PropertyDataError that names the source', async (latitude, message) => {
    const failure = await elevation(point(latitude)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PropertyDataError);
    expect((failure as PropertyDataError).message).toBe(message);
  });
});
