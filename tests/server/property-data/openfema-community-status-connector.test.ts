/**
 * The OpenFEMA NFIP Community Status Book connector (issue 40, ADR 757) against a local stub
 * answering in the dataset's documented shape: a participating community (with its CRS class)
 * answers "No" to "not participating", a non-participating one "Yes"; a number without a record
 * is "not found"; a timeout, a body that is not JSON, an unknown shape and a record without its
 * participation are errors that name the source; a malformed number never reaches the filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapAnswerToFields } from '../../../server/property-data/map-answer-to-fields.ts';
import { openFemaCommunityStatusConnector } from '../../../server/property-data/openfema-community-status-connector.ts';
import { PropertyDataError } from '../../../server/property-data/types.ts';
import { compiled } from '../../schemas/schema-test-kit.ts';
import {
  documentedAnswer,
  type StubAnswerServer,
  startStubAnswerServer,
} from '../helpers/stub-answer-server.ts';

const NOWHERE = { address1: '', address2: '', city: '', state: '', zip: '' };
const participationOf = (answer: object | null) =>
  mapAnswerToFields(
    compiled,
    'community_status',
    answer as Record<string, unknown> | null,
    'OpenFEMA Community Status Book',
    '2026-11-29T10:00:00.000Z',
    'OpenFEMA Community Status Book found nothing for this address.',
  );

describe('OpenFEMA Community Status Book connector', () => {
  let stub: StubAnswerServer;
  const status = (communityNumber: string) =>
    openFemaCommunityStatusConnector({
      baseUrl: stub.url,
      timeoutMs: 300,
      keyId: null,
      key: null,
    }).communityStatus(communityNumber, NOWHERE);

  beforeAll(async () => {
    stub = await startStubAnswerServer((url) => {
      const number = /'(\d{6})'/.exec(url.searchParams.get('$filter') ?? '')?.[1];
      switch (number) {
        case '120651':
          return { json: documentedAnswer('openfema-csb-participating') };
        case '480912':
          return { json: documentedAnswer('openfema-csb-non-participating') };
        case '100001':
          return { json: documentedAnswer('openfema-csb-participating'), delayMs: 1000 };
        case '100002':
          return { text: 'Bad Gateway' };
        case '100003':
          return { json: { metadata: {}, DisasterDeclarationsSummaries: [] } };
        case '100004':
          return { json: { NfipCommunityStatusBook: [{ communityIdNumber: '100004' }] } };
        default:
          return { json: documentedAnswer('openfema-csb-none') };
      }
    });
  });
  afterAll(() => stub?.close());

  it('filters the dataset by the community number and reads participation and CRS class', async () => {
    const answer = await status('120651');
    const asked = stub.requests.at(-1);
    expect(asked?.pathname).toBe('/api/open/v1/NfipCommunityStatusBook');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      $filter: "communityIdNumber eq '120651'",
      $top: '1',
      $format: 'json',
    });
    expect(answer).toEqual({
      community_number: '120651',
      community_name: 'Miami Beach, City of',
      participating: true,
      crs_class: 6,
    });
    expect(participationOf(answer).fields).toEqual({
      underwriting_non_participating_community: {
        value: 'No',
        source: 'OpenFEMA Community Status Book',
        fetched_at: '2026-11-29T10:00:00.000Z',
      },
    });
  });

  it('reads a community outside the NFIP, without a CRS class, as non-participating', async () => {
    const answer = await status('480912');
    expect(answer).toMatchObject({ participating: false, crs_class: null });
    expect(participationOf(answer).fields.underwriting_non_participating_community?.value).toBe('Yes');
  });

  it('answers null for a number without a record, which leaves the field to the agent', async () => {
    const answer = await status('999999');
    expect(answer).toBeNull();
    expect(participationOf(answer)).toEqual({
      fields: {},
      missing: [
        {
          field: 'underwriting_non_participating_community',
          reason: 'OpenFEMA Community Status Book found nothing for this address.',
        },
      ],
    });
  });

  it.each([
    ['100001', 'OpenFEMA Community Status Book did not answer within 0.3 s.'],
    ['100002', 'OpenFEMA Community Status Book sent an answer that is not JSON.'],
    ['100003', 'OpenFEMA Community Status Book sent an answer of an unknown shape.'],
    ['100004', 'OpenFEMA Community Status Book sent a record without its participation.'],
    ["12065' or 'x", `"12065' or 'x" is not a six-digit NFIP community number.`],
  ])('%s: a PropertyDataError that names the source', async (number, message) => {
    const asked = stub.requests.length;
    const failure = await status(number).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PropertyDataError);
    expect((failure as PropertyDataError).message).toBe(message);
    if (!/^\d{6}$/.test(number)) expect(stub.requests).toHaveLength(asked);
  });
});
