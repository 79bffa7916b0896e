/**
 * OpenFEMA NFIP Community Status Book connector (the community status job, keyless; issue 40,
 * ADR 757): GET /api/open/v1/NfipCommunityStatusBook?$filter=communityIdNumber eq '120651'
 * &$top=1&$format=json, answered `{metadata: {...}, NfipCommunityStatusBook: [{communityIdNumber:
 * "120651", communityName: "Miami Beach, City of", state, county, participatingInNFIP: true,
 * classRating: "6", sfhaDiscount: 20, nonSfhaDiscount: 10, tribal: false,
 * currentlyEffectiveMapDate, regularEmergencyProgramDate, lastRefresh, id}]}` (the dataset page
 * at fema.gov/openfema-data-page/nfip-community-status-book-v1). No record for the number = "not
 * found". `classRating` is the Community Rating System class (1-10) and is empty for a community
 * outside the CRS. The community number comes from the flood zone job (the NFHL's CID).
 */
import { type ConnectorOptions, urlUnder } from './connector-options.ts';
import { getProviderJson } from './get-provider-json.ts';
import { numberOf, objectOf, textOf } from './read-provider-answer.ts';
import { type CommunityStatus, type CommunityStatusProvider, PropertyDataError } from './types.ts';

const LABEL = 'OpenFEMA Community Status Book';
const ENTITY = 'NfipCommunityStatusBook';

/** `value` as a boolean when it is one (or "true"/"false"), else null. */
function booleanOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return null;
}

/** The OpenFEMA Community Status Book provider (no key). */
export function openFemaCommunityStatusConnector(options: ConnectorOptions): CommunityStatusProvider {
  return {
    name: 'openfema_csb',
    async communityStatus(communityNumber: string): Promise<CommunityStatus | null> {
      // Only a six-digit number reaches the filter, so no quote can end the OData string early.
      if (!/^\d{6}$/.test(communityNumber))
        throw new PropertyDataError(LABEL, `"${communityNumber}" is not a six-digit NFIP community number.`);
      const { body } = await getProviderJson({
        label: LABEL,
        timeoutMs: options.timeoutMs,
        url: urlUnder(options.baseUrl, `/api/open/v1/${ENTITY}`, {
          $filter: `communityIdNumber eq '${communityNumber}'`,
          $top: '1',
          $format: 'json',
        }),
      });
      const records = objectOf(body)[ENTITY];
      if (!Array.isArray(records))
        throw new PropertyDataError(LABEL, `${LABEL} sent an answer of an unknown shape.`);
      if (records.length === 0) return null;
      const record = objectOf(records[0]);
      const participating = booleanOf(record.participatingInNFIP);
      if (participating === null)
        throw new PropertyDataError(LABEL, `${LABEL} sent a record without its participation.`);
      const crsClass = numberOf(record.classRating);
      return {
        community_number: textOf(record.communityIdNumber) ?? communityNumber,
        community_name: textOf(record.communityName),
        participating,
        crs_class: crsClass !== null && crsClass >= 1 && crsClass <= 10 ? crsClass : null,
      };
    },
  };
}
