/**
 * The curl examples of /dashboard/api-partner (issue 16 Partner API keys): a partner creates,
 * updates, launches and reads an application with an API key. The page shows these strings and
 * tests/server/partner-api/partner-examples.test.ts runs each one with `sh` against a listening
 * server, in this order, so the documentation cannot drift from the API.
 *
 * Each command reads the shell variables API_BASE (e.g. https://portal.example.com/api), API_KEY
 * (the secret, `sk_...`), AGENT_ID (the agent the application belongs to) and APPLICATION_ID (the
 * `data.application.id` answered by the create call).
 */
import primaryExample from '../../../../schemas/examples/primary.json' with { type: 'json' };

/** One documented call: its title, what it needs, and the shell command. */
export interface PartnerExample {
  id: 'create' | 'update' | 'launch' | 'read' | 'list';
  title: string;
  /** The key's scope the call needs (server/auth/partner-scopes.ts). */
  scope: 'applications:read' | 'applications:write' | 'applications:launch';
  description: string;
  command: string;
}

/** The address fields create-new-application takes, from the example application. */
const address = {
  searched_address: primaryExample.searched_address,
  address1: primaryExample.address1,
  address2: primaryExample.address2,
  city: primaryExample.city,
  state: primaryExample.state,
  zip: primaryExample.zip,
  county: primaryExample.county,
  lat: primaryExample.lat,
  lng: primaryExample.lng,
};

/** Indents every line after the first by `spaces`, to nest JSON inside JSON. */
function nested(value: unknown, spaces: number): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${' '.repeat(spaces)}`);
}

/** A POST of the call contract with the key, the JSON body read from a here-document (so $VARs expand). */
function curl(path: string, body: string): string {
  return [
    `curl -sS "$API_BASE/${path}" \\`,
    '  -H "Authorization: Bearer $API_KEY" \\',
    '  -H "Content-Type: application/json" \\',
    '  --data-binary @- <<JSON',
    body,
    'JSON',
  ].join('\n');
}

export const PARTNER_EXAMPLES: readonly PartnerExample[] = [
  {
    id: 'create',
    title: 'Create an application',
    scope: 'applications:write',
    description:
      'Starts a flood application for an address in a state the agent is licensed for. The answer holds data.application.id: keep it as APPLICATION_ID.',
    command: curl(
      'agent-portal/create-new-application',
      `{
  "agent_id": $AGENT_ID,
  "carrier_quote_type": "Primary",
  "address": ${nested(address, 2)}
}`,
    ),
  },
  {
    id: 'update',
    title: 'Fill in the application',
    scope: 'applications:write',
    description:
      'Saves the fields you send over the stored ones. Wrong types or options answer 422 with error_obj naming each field.',
    command: curl(
      'agent-portal/update-application',
      `{
  "application_id": $APPLICATION_ID,
  "address_details": ${nested(primaryExample, 2)}
}`,
    ),
  },
  {
    id: 'launch',
    title: 'Launch it to the carriers',
    scope: 'applications:launch',
    description:
      'Validates the whole application and asks every eligible carrier for a quote. address_details may be empty when the update already sent everything.',
    command: curl(
      'agent-portal/launch-application',
      `{
  "application_id": $APPLICATION_ID,
  "address_details": {}
}`,
    ),
  },
  {
    id: 'read',
    title: 'Read the application and its quotes',
    scope: 'applications:read',
    description:
      'data.application.payload.useable_details holds the document; data.application.quotes lists each carrier with its status (pending, quoted, declined, error) and premium.',
    command: curl(
      'agent-portal/get-application-by-id',
      `{
  "application_id": $APPLICATION_ID
}`,
    ),
  },
  {
    id: 'list',
    title: "List your agency's applications",
    scope: 'applications:read',
    description: 'Newest first, 10 a page; data.applications.data holds the rows.',
    command: curl('agent-portal/get-agent-applications-list?page=1&per_page=10', '{}'),
  },
];
