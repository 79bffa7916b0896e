/**
 * A local HTTP server answering as the property data providers document (issue 15): SmartyStreets
 * US Street (/street-address) and US Autocomplete Pro (/lookup), ATTOM property detail
 * (/propertyapi/v1.0.0/property/detail) and the FEMA NFHL MapServer point queries (/28, /3, /22
 * /query). Streets containing NOWHERE are not found, SLOW answers after 2 s, the key "bad" is
 * refused, and the NFHL answers its error shape at latitude 1. Counts requests per path.
 * The keyless public sources of issue 40 answer from tests/server/property-data/answers: the
 * Census geocoder (/geocoder/geographies/onelineaddress; NOWHERE: no match), USGS EPQS (/v1/json;
 * 2 s late at latitude 2), the CBRS mapper under /cbrs (/cbrs/3/query; not JSON at latitude 2)
 * and OpenFEMA's Community Status Book (/api/open/v1/NfipCommunityStatusBook; 120651 participates).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { documentedAnswer } from './stub-answer-server.ts';

export interface FakeProviderServer {
  url: string;
  /** Requests per path. */
  hits: Record<string, number>;
  /** Every request's path and query and headers, for "the key was sent" checks. */
  requests: { path: string; query: URLSearchParams; headers: Record<string, unknown> }[];
  close(): Promise<void>;
}

const smartyCandidate = (street: string) => [
  {
    input_index: 0,
    candidate_index: 0,
    delivery_line_1: street.replace(/\bave\b\.?/i, 'Ave'),
    last_line: 'Miami Beach FL 33139-1234',
    delivery_point_barcode: '331391234001',
    components: {
      primary_number: '1500',
      street_name: 'Meridian',
      street_suffix: 'Ave',
      city_name: 'Miami Beach',
      state_abbreviation: 'FL',
      zipcode: '33139',
      plus4_code: '1234',
    },
    metadata: {
      record_type: 'S',
      zip_type: 'Standard',
      county_fips: '12086',
      county_name: 'Miami-Dade',
      latitude: 25.78771,
      longitude: -80.13472,
      precision: 'Rooftop',
      time_zone: 'Eastern',
    },
    analysis: { dpv_match_code: 'Y', dpv_footnotes: 'AABB', active: 'Y' },
  },
];

const attomProperty = {
  status: { version: '1.0.0', code: 0, msg: 'SuccessWithResult', total: 1, page: 1, pagesize: 10 },
  property: [
    {
      identifier: { Id: 1, fips: '12086', apn: '0232340010010', attomId: 1 },
      address: {
        country: 'US',
        countrySubd: 'FL',
        line1: '1500 MERIDIAN AVE',
        oneLine: '1500 MERIDIAN AVE, MIAMI BEACH, FL 33139',
      },
      location: { accuracy: 'Rooftop', latitude: '25.787710', longitude: '-80.134720' },
      summary: {
        absenteeInd: 'OWNER OCCUPIED',
        propclass: 'Single Family Residence / Townhouse',
        proptype: 'SFR',
        yearbuilt: 1958,
      },
      building: {
        size: { bldgsize: 2400, livingsize: 2200, universalsize: 2200 },
        construction: { condition: 'AVERAGE', constructiontype: 'MASONRY', foundationtype: 'SLAB' },
        summary: { levels: 1 },
      },
    },
  ],
};

/** Starts the fake on a free local port. */
export async function startFakeProviderServer(): Promise<FakeProviderServer> {
  const hits: Record<string, number> = {};
  const requests: FakeProviderServer['requests'] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    hits[url.pathname] = (hits[url.pathname] ?? 0) + 1;
    requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
    const send = (status: number, body: unknown, delayMs = 0) =>
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      }, delayMs);
    const q = url.searchParams;
    switch (url.pathname) {
      case '/street-address': {
        if (q.get('auth-token') === 'bad') return send(401, {});
        const street = q.get('street') ?? '';
        if (street.includes('NOWHERE')) return send(200, []);
        return send(200, smartyCandidate(street), street.includes('SLOW') ? 2000 : 0);
      }
      case '/lookup':
        return send(200, {
          suggestions: [
            {
              street_line: '1500 Meridian Ave',
              secondary: '',
              city: 'Miami Beach',
              state: 'FL',
              zipcode: '33139',
              entries: 0,
            },
            {
              street_line: '1500 Meridian Ct',
              secondary: '',
              city: 'Hialeah',
              state: 'FL',
              zipcode: '33012',
              entries: 0,
            },
          ],
        });
      case '/propertyapi/v1.0.0/property/detail': {
        if (request.headers.apikey === 'bad')
          return send(401, { status: { code: 401, msg: 'Invalid API Key' } });
        if ((q.get('address1') ?? '').includes('NOWHERE'))
          return send(400, { status: { version: '1.0.0', code: 1, msg: 'SuccessWithoutResult', total: 0 } });
        return send(200, attomProperty);
      }
      case '/28/query':
      case '/3/query':
      case '/22/query': {
        const [, latitude] = (q.get('geometry') ?? '').split(',').map(Number);
        if (latitude === 1)
          return send(200, { error: { code: 400, message: 'Unable to complete operation.', details: [] } });
        const attributes =
          url.pathname === '/28/query'
            ? { FLD_ZONE: 'AE', ZONE_SUBTY: null, STATIC_BFE: 8, DFIRM_ID: '12086C' }
            : url.pathname === '/3/query'
              ? { FIRM_PAN: '12086C0317L', PANEL: '0317', SUFFIX: 'L', EFF_DATE: Date.UTC(2009, 8, 11) }
              : { CID: '120651', POL_NAME1: 'City of Miami Beach' };
        return send(200, { features: [{ attributes }] });
      }
      case '/geocoder/geographies/onelineaddress':
        return send(
          200,
          documentedAnswer(
            (q.get('address') ?? '').includes('NOWHERE')
              ? 'census-geocoder-no-match'
              : 'census-geocoder-match',
          ),
        );
      case '/v1/json':
        return send(200, documentedAnswer('usgs-epqs-point'), q.get('y') === '2' ? 2000 : 0);
      case '/cbrs/3/query': {
        const [, latitude] = (q.get('geometry') ?? '').split(',').map(Number);
        if (latitude !== 2) return send(200, documentedAnswer('fws-cbrs-outside'));
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
        return;
      }
      case '/api/open/v1/NfipCommunityStatusBook':
        return send(
          200,
          documentedAnswer(
            q.get('$filter')?.includes("'120651'") ? 'openfema-csb-participating' : 'openfema-csb-none',
          ),
        );
      default:
        return send(404, {});
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
