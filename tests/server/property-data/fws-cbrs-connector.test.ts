/**
 * The USFWS CBRS Mapper connector (issue 40, ADR 757) against a local stub answering in the
 * ArcGIS MapServer query shape: a System Unit and an Otherwise Protected Area are both "in the
 * CBRS" (the OPA told apart), no unit is an answer of "No"; the service's error shape, a timeout,
 * a body that is not JSON and an unknown shape are errors that name the source.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fwsCbrsConnector } from '../../../server/property-data/fws-cbrs-connector.ts';
import { mapAnswerToFields } from '../../../server/property-data/map-answer-to-fields.ts';
import { PropertyDataError } from '../../../server/property-data/types.ts';
import { compiled } from '../../schemas/schema-test-kit.ts';
import {
  documentedAnswer,
  type StubAnswerServer,
  startStubAnswerServer,
} from '../helpers/stub-answer-server.ts';

const NOWHERE = { address1: '', address2: '', city: '', state: '', zip: '' };
/** Test points by latitude: each makes the stub answer one way. */
const point = (latitude: number) => ({ latitude, longitude: -80.16 });
const fieldsOf = (answer: object | null) =>
  Object.fromEntries(
    Object.entries(
      mapAnswerToFields(
        compiled,
        'cbra',
        answer as Record<string, unknown> | null,
        'USFWS CBRS',
        '2026-11-29T10:00:00.000Z',
        '',
      ).fields,
    ).map(([field, found]) => [field, found.value]),
  );

describe('USFWS CBRS connector', () => {
  let stub: StubAnswerServer;
  const cbra = (latitude: number) =>
    fwsCbrsConnector({
      baseUrl: `${stub.url}/CBRSMapper/MapServer`,
      timeoutMs: 300,
      keyId: null,
      key: null,
    }).cbra(point(latitude), NOWHERE);

  beforeAll(async () => {
    stub = await startStubAnswerServer((url) => {
      const latitude = Number((url.searchParams.get('geometry') ?? '').split(',')[1]);
      switch (latitude) {
        case 25.68:
          return { json: documentedAnswer('fws-cbrs-system-unit') };
        case 25.69:
          return { json: documentedAnswer('fws-cbrs-otherwise-protected') };
        case 1:
          return { json: { error: { code: 500, message: 'Error performing query operation', details: [] } } };
        case 2:
          return { json: documentedAnswer('fws-cbrs-outside'), delayMs: 1000 };
        case 3:
          return { text: 'Proxy Error' };
        case 4:
          return { json: { displayFieldName: 'Name' } };
        default:
          return { json: documentedAnswer('fws-cbrs-outside') };
      }
    });
  });
  afterAll(() => stub?.close());

  it('queries the CBRS Units layer at the point and reads a System Unit', async () => {
    const answer = await cbra(25.68);
    const asked = stub.requests.at(-1);
    expect(asked?.pathname).toBe('/CBRSMapper/MapServer/3/query');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      geometry: '-80.16,25.68',
      geometryType: 'esriGeometryPoint',
      inSR: '4326',
      spatialRel: 'esriSpatialRelIntersects',
      outFields: 'Unit,Name,Unit_Type',
      returnGeometry: 'false',
      f: 'json',
    });
    expect(answer).toEqual({
      in_cbrs: true,
      otherwise_protected: false,
      unit: 'FL-64',
      unit_name: 'Cape Florida',
      unit_type: 'System Unit',
    });
    expect(fieldsOf(answer)).toEqual({ underwriting_cbra_zone: 'Yes', underwriting_opa: 'No' });
  });

  it('reads an Otherwise Protected Area as in the system and an OPA', async () => {
    const answer = await cbra(25.69);
    expect(answer).toMatchObject({ in_cbrs: true, otherwise_protected: true, unit: 'FL-64P' });
    expect(fieldsOf(answer)).toEqual({ underwriting_cbra_zone: 'Yes', underwriting_opa: 'Yes' });
  });

  it('answers "not in the system" where no unit holds the point', async () => {
    const answer = await cbra(25.9);
    expect(answer).toEqual({
      in_cbrs: false,
      otherwise_protected: false,
      unit: null,
      unit_name: null,
      unit_type: null,
    });
    expect(fieldsOf(answer)).toEqual({ underwriting_cbra_zone: 'No', underwriting_opa: 'No' });
  });

  it.each([
    [1, 'USFWS CBRS could not answer: Error performing query operation'],
    [2, 'USFWS CBRS did not answer within 0.3 s.'],
    [3, 'USFWS CBRS sent an answer that is not JSON.'],
    [4, 'USFWS CBRS sent an answer of an unknown shape.'],
  ])('latitude %d: a PropertyDataError that names the source', async (latitude, message) => {
    const failure = await cbra(latitude).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PropertyDataError);
    expect((failure as PropertyDataError).message).toBe(message);
  });
});
