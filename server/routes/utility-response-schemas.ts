/**
 * JSON Schemas of the `data` of the utility and open configuration calls (docs/api.md,
 * docs/api-accounts.md), keyed by `<METHOD> <route url>`; server/http/openapi-answers.ts puts
 * each in the success envelope of its operation (docs/decisions/340-openapi-document-from-route-data.md).
 */

const workingHour = {
  type: 'object',
  required: ['isItWorkingHour'],
  properties: { isItWorkingHour: { type: 'boolean' } },
} as const;

/** `data` of the utility calls, by `<METHOD> <route url>`. */
export const UTILITY_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'GET /api/is-it-working-hour': workingHour,
  'POST /api/is-it-working-hour': workingHour,
  'POST /api/address/zip-lookup': {
    type: 'object',
    required: ['zip', 'city', 'state', 'county', 'lat', 'lng'],
    properties: {
      zip: { type: 'string' },
      city: { type: 'string' },
      state: { type: 'string' },
      county: { type: ['string', 'null'] },
      lat: { type: ['number', 'null'] },
      lng: { type: ['number', 'null'] },
    },
  },
  'POST /api/config/public': {
    type: 'object',
    required: ['reset_password_path'],
    properties: {
      chat_widget_url: { type: 'string', description: 'Present only when CHAT_WIDGET_URL is set.' },
      reset_password_path: { type: 'string' },
    },
  },
  'GET /api/test/throttle': {
    type: 'object',
    required: ['limit', 'window_ms'],
    properties: {
      limit: { type: 'integer', minimum: 1, description: 'Calls one caller (IP) may make in the window.' },
      window_ms: { type: 'integer', minimum: 1, description: 'The window, ms.' },
    },
  },
  'POST /api/auth/saml-sso-login': {
    type: 'object',
    required: ['redirect_url'],
    properties: { redirect_url: { type: 'string', examples: ['/api/auth/saml/1/login'] } },
  },
};
