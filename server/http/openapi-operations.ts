/**
 * What the OpenAPI document says of each operation (issue 21), keyed by `<METHOD> <route url>`
 * as Fastify registers it (`POST /api/auth/login`, `GET /api/files/:id`): a one-line `summary`
 * and a `description` of what the call does and who may make it (docs/api.md,
 * docs/api-accounts.md). One data file rather than text in every route file, so the route files
 * stay small and their concurrent edits merge (docs/decisions/340-openapi-document-from-route-data.md).
 * server/http/openapi-document.ts adds the authentication note, the security, the examples and
 * the answers; the OpenAPI suite fails for a route without an entry and for an entry without a route.
 */

export interface OperationText {
  summary: string;
  description: string;
  /** A request body example when the one built from the body schema would say too little. */
  example?: unknown;
}

/** A one-row bulk upload file (address1, city, state, zip), base64: the examples' upload. */
const BOOK_CSV_BASE64 =
  'YWRkcmVzczEsY2l0eSxzdGF0ZSx6aXAKMTcwMCBDb252ZW50aW9uIENlbnRlciBEcixNaWFtaSBCZWFjaCxGTCwzMzEzOQo=';
/** A 1x1 PNG, base64: the examples' logo. */
const ONE_PIXEL_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export const OPERATION_TEXTS: Readonly<Record<string, OperationText>> = {
  // Auth (SPEC §2 /login, /auth/{page_type}, §6)
  'POST /api/auth/login': {
    summary: 'Sign in',
    description:
      'Checks an e-mail and password and answers a new session key with the user, the company and the user settings. Rate-limited per address (429).',
    example: { email: 'agent@demo.test', password: 'demo1234' },
  },
  'POST /api/auth/mfa/verify': {
    summary: 'Complete a sign-in with a second factor',
    description:
      'Takes the mfa_token of a sign-in that answered mfa_required and a code from the authenticator app or an unused recovery code; answers the session. A wrong code is 401 and counts toward the sign-in limit (429).',
    example: { mfa_token: '<mfa_token from auth/login>', code: '123456' },
  },
  'POST /api/auth/mfa/totp-enroll': {
    summary: 'Start setting up an authenticator app',
    description:
      'Answers a new secret (base32) and its otpauth URI for a QR code. With a session key, or with the mfa_token of a sign-in whose company requires a second factor the user has not set up.',
  },
  'POST /api/auth/mfa/totp-confirm': {
    summary: 'Turn on the authenticator app',
    description:
      'Checks a first code from the app and turns two-step sign-in on; answers the recovery codes once (and, with an mfa_token, the session of the sign-in).',
    example: { session_key: '<session_key>', code: '123456' },
  },
  'POST /api/auth/mfa/status': {
    summary: 'My second factors',
    description:
      'Whether the authenticator app is on, recovery codes left, passkeys, and whether the company requires a second factor.',
  },
  'POST /api/auth/mfa/passkey-register-options': {
    summary: 'Start adding a passkey',
    description:
      'Answers the WebAuthn creation options (the `optionsJSON` of @simplewebauthn/browser’s startRegistration) for a new passkey of the caller; the challenge lives 5 minutes and replaces an earlier one.',
  },
  'POST /api/auth/mfa/passkey-register': {
    summary: 'Add a passkey',
    description:
      'Checks the browser’s new passkey against the challenge of passkey-register-options, the origin and the relying party (WEBAUTHN_ORIGIN, WEBAUTHN_RP_ID) and stores it under `name`; two-step sign-in is then on. A user without the authenticator app and without recovery codes left also gets `recovery_codes`, shown this once. An expired, spent or unknown challenge or an answer that does not verify is 422; a passkey added already is 409.',
    example: {
      session_key: '<session_key>',
      name: 'Work laptop',
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: {
          clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
          attestationObject: 'o2NmbXRkbm9uZQ',
        },
        clientExtensionResults: {},
      },
    },
  },
  'POST /api/auth/mfa/passkeys-list': {
    summary: 'My passkeys',
    description: 'The caller’s passkeys: name, when added, transports.',
  },
  'POST /api/auth/mfa/passkey-remove': {
    summary: 'Remove a passkey',
    description:
      'Removes one of the caller’s passkeys (404 for any other id). Without a passkey or an authenticator app, two-step sign-in is off again.',
  },
  'POST /api/auth/mfa/passkey-options': {
    summary: 'Start a sign-in’s passkey step',
    description:
      'Takes the mfa_token of a sign-in that answered mfa_required and answers the WebAuthn request options for the user’s passkeys (the `optionsJSON` of startAuthentication). 401 for a dead token, 422 when the user has no passkey.',
    example: { mfa_token: '<mfa_token from auth/login>' },
  },
  'POST /api/auth/mfa/passkey-verify': {
    summary: 'Complete a sign-in with a passkey',
    description:
      'Takes the mfa_token and the browser’s passkey answer to the challenge of passkey-options; answers the session as auth/mfa/verify does. An expired or spent challenge, another origin, an unknown passkey, a bad signature or a counter that did not move is 401 and counts toward the sign-in limit (429).',
    example: {
      mfa_token: '<mfa_token from auth/login>',
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: {
          clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
          authenticatorData: 'AAAA',
          signature: 'MEUC',
        },
        clientExtensionResults: {},
      },
    },
  },
  'POST /api/auth/sessions/list': {
    summary: 'My sessions',
    description: 'The caller’s open sessions: created, last seen, address, browser, and which is this one.',
  },
  'POST /api/auth/sessions/revoke': {
    summary: 'End one of my sessions',
    description: 'Ends a session of the caller (and any session switched from it).',
  },
  'POST /api/auth/sessions/revoke-others': {
    summary: 'Sign out everywhere else',
    description: 'Ends every session of the caller but this one.',
  },
  'POST /api/auth/logout': {
    summary: 'Sign out',
    description: 'Revokes the session key, and any session switched from it.',
  },
  'POST /api/auth/me': {
    summary: 'Current user',
    description: 'Answers the same user, company and settings as sign-in, without a new key.',
  },
  'POST /api/config/public': {
    summary: 'Public configuration',
    description:
      'The configuration the sign-in pages read before anyone signs in (chat widget URL, reset path).',
  },
  'POST /api/auth/forgot-password': {
    summary: 'Ask for a password reset link',
    description:
      'Mails a reset link when an account has that e-mail; the answer is the same either way. Rate-limited like sign-in.',
    example: { email: 'agent@demo.test' },
  },
  'POST /api/auth/reset-password': {
    summary: 'Reset a password',
    description:
      'Sets a new password with the token of a reset (or invitation) link and revokes the sessions of the user.',
  },
  'POST /api/auth/change-password': {
    summary: 'Change my password',
    description:
      'Changes the caller’s password after checking the current one; other sessions of the user are revoked.',
  },
  'POST /api/auth/switch-user': {
    summary: 'Act as another user',
    description:
      'Super-admins act as any other user, admins as another user of their company; answers the new session and the previous user.',
  },
  'POST /api/auth/switch-back': {
    summary: 'Switch back to the previous user',
    description: 'Ends a session made by switch-user and answers the previous session again.',
  },
  'POST /api/auth/saml-sso-login': {
    summary: 'Find the SAML sign-in of a company',
    description:
      'Answers where the browser goes to sign in with the SAML identity provider of a company (by id or e-mail).',
    example: { email: 'agent@demo.test' },
  },
  'GET /api/auth/saml/:company_id/login': {
    summary: 'Start a SAML sign-in',
    description: 'Redirects the browser to the identity provider of the company with a SAML request.',
  },
  'POST /api/auth/saml/:company_id/acs': {
    summary: 'SAML assertion consumer service',
    description:
      'Receives the identity provider’s form post, checks the assertion and redirects to the sign-in page with a one-time `code` (valid 2 minutes, for auth/saml-sso-complete) or an error; never with a session key.',
  },
  'POST /api/auth/saml-sso-complete': {
    summary: 'Complete a SAML sign-in',
    description:
      'Spends the one-time code of the SAML return (once, within 2 minutes) and answers the session as sign-in does, with the session cookie. An unknown, spent or expired code is 401.',
    example: { code: '<code from the SAML return>' },
  },
  // Profile (SPEC §2 /dashboard/profile)
  'POST /api/profile/update': {
    summary: 'Update my profile',
    description: 'Changes the caller’s name and phone.',
  },
  'POST /api/profile/update-settings': {
    summary: 'Update my settings',
    description: 'Changes the caller’s time zone, notification choices and default page size.',
  },
  // Users (SPEC §2 /dashboard/mga-management)
  'POST /api/users/list': {
    summary: 'List users',
    description: 'Users of the caller’s company (super-admins: of any company), filtered by role and search.',
  },
  'POST /api/users/get': { summary: 'Get a user', description: 'One user the caller may manage.' },
  'POST /api/users/create': {
    summary: 'Create a user',
    description: 'Creates an admin, agent or customer and mails an invitation to set a password.',
  },
  'POST /api/users/update': {
    summary: 'Update a user',
    description: 'Changes a user the caller may manage.',
  },
  'POST /api/users/delete': {
    summary: 'Delete a user',
    description: 'Deletes a user the caller may manage and revokes their sessions.',
  },
  'POST /api/users/revoke-sessions': {
    summary: 'End a user’s sessions',
    description: 'Signs a user out everywhere: admins for users of their company, super-admins for anyone.',
  },
  'POST /api/users/reset-mfa': {
    summary: 'Reset a user’s two-step sign-in',
    description:
      'Removes a user’s authenticator app, recovery codes and passkeys and signs them out everywhere, for a user who lost their device: admins for users of their company, super-admins for anyone; never one’s own (422). Recorded as `user.mfa_reset`. When the company requires a second factor, the user sets one up at their next sign-in.',
  },
  'POST /api/users/assign-agent': {
    summary: 'Assign a customer’s agent',
    description: 'Sets the agent who serves a customer user.',
  },
  // Companies (SPEC §2 /dashboard/mga-management)
  'POST /api/companies/list': { summary: 'List companies', description: 'Every agency (super-admins only).' },
  'POST /api/companies/get': { summary: 'Get a company', description: 'One agency the caller may see.' },
  'POST /api/companies/create': {
    summary: 'Create a company',
    description: 'Creates an agency (super-admins only).',
  },
  'POST /api/companies/update': {
    summary: 'Update a company',
    description: 'Changes an agency’s name, trial and subscription flags (super-admins only).',
  },
  'POST /api/companies/change-plan': {
    summary: 'Set a company’s plan',
    description: 'Sets the plan of an agency (super-admins only).',
  },
  'POST /api/companies/set-approved-states': {
    summary: 'Set approved states',
    description: 'Sets the states an agency may quote in.',
  },
  'POST /api/companies/set-logo': {
    summary: 'Set the company logo',
    description: 'Stores the agency’s logo image (base64 content), or removes it.',
    example: {
      session_key: '<session_key>',
      company_id: 1,
      logo: { content_base64: ONE_PIXEL_PNG_BASE64, content_type: 'image/png' },
    },
  },
  'GET /api/test/throttle': {
    summary: 'Throttle test helper',
    description:
      'SPEC §7 test helper: answers 200 for the first calls of a minute from one address and 429 after; `npm run throttle:test` calls it 120 times.',
  },
  'GET /api/icons/:file': {
    summary: 'Icon set',
    description:
      'SPEC §9: the named icons of a set (`tabler.json?icons=home,user`) in Iconify JSON: `{prefix, icons: {name: {body}}, width, height, not_found?}`. Open; the portal falls back to the public icon service after 500 ms.',
  },
  'GET /api/company-logos/:company_id': {
    summary: 'Company logo image',
    description: 'The agency’s logo image bytes, for the header of the portal.',
  },
  // Plans and payments (SPEC §2 /dashboard/plans)
  'POST /api/plans/list': {
    summary: 'List plans',
    description: 'The plans an agency can subscribe to, with the current plan of the caller’s company.',
  },
  'POST /api/plans/change-plan': {
    summary: 'Choose a plan',
    description:
      'Starts a Stripe Checkout for a plan, or sets it directly when Stripe is not configured (super-admins).',
  },
  'GET /api/billing-portal': {
    summary: 'Open the billing portal',
    description:
      'Redirects an admin to the Stripe billing portal of their company (SPEC §7: the session key in the query).',
  },
  'POST /api/stripe/webhook': {
    summary: 'Stripe webhook',
    description: 'Receives Stripe’s subscription events, checked by the Stripe-Signature header; idempotent.',
    example: { id: 'evt_1', type: 'customer.subscription.updated', data: { object: {} } },
  },
  // Portal settings (SPEC §2 /dashboard/portal-settings)
  'POST /api/carrier-connections/list': {
    summary: 'List the carrier connections',
    description:
      'The live carrier connections of carriers.json with, for the company, whether each is switched on and which credentials are set (never their values).',
  },
  'POST /api/carrier-connections/update': {
    summary: 'Update a carrier connection',
    description: 'Switches a live connection on or off and stores its credentials (write-only).',
  },
  'POST /api/carrier-connections/test': {
    summary: 'Test a carrier connection',
    description:
      'Quotes the sample Primary application through the connection and answers the result with each request and answer, secrets masked.',
  },
  // Carrier catalogue (issue 43, ADR 772: the super-admin's carrier page)
  'POST /api/carrier-catalogue/get': {
    summary: 'Get the carrier catalogue',
    description:
      'The latest catalogue version (the one quoted with), every version with who published it and when, and each live connection’s health: last success, error rate over the window, credentials refused. Super-admins.',
  },
  'POST /api/carrier-catalogue/carriers': {
    summary: 'List the carriers in use',
    description:
      'The public part of the catalogue version in use, for carrier pickers and names: each family’s id, display name, products, states, how it quotes and logo path, with its sub-carriers, and the SOV and manual carriers the launches take. No connection, endpoint or credential. Super-admins, admins and agents.',
    example: { session_key: 'a1b2c3d4e5f6' },
  },
  'POST /api/carrier-catalogue/check': {
    summary: 'Check a carrier catalogue draft',
    description:
      'Runs the publish checks on a draft (JSON Schema, eligibility logic, connection mappings, assets) and answers its problems by path and the connections it adds or changes, with whether each passed a test. Writes nothing.',
  },
  'POST /api/carrier-catalogue/test-connection': {
    summary: 'Test a draft’s carrier connection',
    description:
      'Quotes the sample Primary application through one connection of the draft with a company’s credentials, as the connection test does, and records the outcome: a passing test lets the draft publish that connection.',
  },
  'POST /api/carrier-catalogue/publish': {
    summary: 'Publish a carrier catalogue draft',
    description:
      'Stores the draft as the next version, which every server process then quotes with. Refused (422) while a check fails or a changed connection has no passing test; 409 when another version was published since `based_on`.',
  },
  'POST /api/portal-settings/get': {
    summary: 'Get the portal settings',
    description:
      'Every setting of the company’s portal; secrets are answered as whether they are set, never their value.',
  },
  'POST /api/portal-settings/update-global': {
    summary: 'Update the global settings',
    description: 'Portal name, quote expiry, support contacts and time zone.',
  },
  'POST /api/portal-settings/update-widgets': {
    summary: 'Choose the dashboard widgets',
    description: 'The widgets the company’s dashboard shows.',
  },
  'POST /api/portal-settings/update-quote-rush': {
    summary: 'Set the quote rush',
    description: 'Turns the quote-rush message on or off.',
  },
  'POST /api/portal-settings/update-auto-send': {
    summary: 'Set automatic quote sending',
    description: 'When and with which templates finished quotes are sent to the client automatically.',
  },
  'POST /api/portal-settings/preview-template': {
    summary: 'Preview a template',
    description: 'Renders an e-mail or text template with sample data and reports its problems.',
  },
  'POST /api/portal-settings/update-eo-details': {
    summary: 'Update the E&O details',
    description:
      'The errors-and-omissions policy of the agency (SPEC §2 /dashboard/portal-settings/eo-details).',
  },
  'POST /api/portal-settings/update-smtp': {
    summary: 'Set the SMTP server',
    description: 'The mail server the company’s mail goes through; the password is write-only.',
  },
  'POST /api/portal-settings/update-sms-provider': {
    summary: 'Set the SMS provider',
    description: 'The Twilio account the company’s texts go through; the token is write-only.',
  },
  'POST /api/portal-settings/update-webhook': {
    summary: 'Set the customer quotes webhook',
    description: 'The https address quote results are posted to.',
  },
  'POST /api/portal-settings/rotate-webhook-secret': {
    summary: 'Rotate the webhook secret',
    description: 'Makes a new signing secret for the customer quotes webhook and answers it once.',
  },
  'POST /api/portal-settings/list-webhook-deliveries': {
    summary: 'List webhook deliveries',
    description: 'The latest deliveries of the customer quotes webhook with their outcomes.',
  },
  'POST /api/portal-settings/send-test-webhook': {
    summary: 'Send a test webhook',
    description: 'Queues a test delivery to the customer quotes webhook.',
  },
  'POST /api/portal-settings/list-outbox': {
    summary: 'List the outbox',
    description:
      'One page of the e-mails and texts the agency sent its clients, newest first, with their outcomes; filtered by channel, status, application and message kind.',
  },
  'POST /api/portal-settings/resend-outbox-message': {
    summary: 'Resend a failed message',
    description:
      'Sends a failed e-mail or text again as it was stored, through the channel set up now; 422 for a message that is not failed, 502 with the message when it fails again. Audited.',
  },
  'POST /api/portal-settings/update-api-management': {
    summary: 'Set the API management options',
    description: 'Allowed origins and the rate limit of the partner API (SPEC §2 /dashboard/api-partner).',
  },
  'POST /api/portal-settings/update-saml': {
    summary: 'Set SAML sign-in',
    description:
      'The identity provider the company’s users sign in with. An Agency plan feature: 403 for an admin whose plan lacks it (ADR 764).',
  },
  'POST /api/portal-settings/update-sign-in-policy': {
    summary: 'Set the sign-in policy',
    description:
      'Who must use a second factor (nobody, admins, everyone; enrolment at their next sign-in), whether password sign-in is refused in favour of SAML, and the idle timeout in minutes.',
  },
  'POST /api/portal-settings/update-property-data': {
    summary: 'Set the property data providers',
    description: 'Which property data providers fill applications, their keys (write-only) and cache days.',
  },
  'POST /api/portal-settings/application-sources/create': {
    summary: 'Add an application source',
    description: 'A source new applications can name.',
  },
  'POST /api/portal-settings/application-sources/update': {
    summary: 'Update an application source',
    description: 'Renames or (de)activates an application source.',
  },
  'POST /api/portal-settings/application-sources/delete': {
    summary: 'Delete an application source',
    description: 'Removes an application source.',
  },
  'POST /api/portal-settings/banners/create': {
    summary: 'Add a banner',
    description: 'A dashboard banner shown between two dates.',
  },
  'POST /api/portal-settings/banners/update': {
    summary: 'Update a banner',
    description: 'Changes a dashboard banner.',
  },
  'POST /api/portal-settings/banners/delete': {
    summary: 'Delete a banner',
    description: 'Removes a dashboard banner.',
  },
  'POST /api/portal-settings/email-templates/create': {
    summary: 'Add an e-mail template',
    description: 'An e-mail template (Liquid), checked on save.',
  },
  'POST /api/portal-settings/email-templates/update': {
    summary: 'Update an e-mail template',
    description: 'Changes an e-mail template, checked on save.',
  },
  'POST /api/portal-settings/email-templates/delete': {
    summary: 'Delete an e-mail template',
    description: 'Removes an e-mail template.',
  },
  'POST /api/portal-settings/sms-templates/create': {
    summary: 'Add a text template',
    description: 'A text message template (Liquid), checked on save.',
  },
  'POST /api/portal-settings/sms-templates/update': {
    summary: 'Update a text template',
    description: 'Changes a text message template, checked on save.',
  },
  'POST /api/portal-settings/sms-templates/delete': {
    summary: 'Delete a text template',
    description: 'Removes a text message template.',
  },
  'POST /api/portal-settings/active-banners': {
    summary: 'Banners showing now',
    description: 'The banners the caller’s dashboard shows today.',
  },
  // Partner API keys (SPEC §2 /dashboard/api-partner)
  'POST /api/api-credentials/list': {
    summary: 'List partner API keys',
    description: 'The company’s partner API keys, without their secrets.',
  },
  'POST /api/api-credentials/create': {
    summary: 'Create a partner API key',
    description:
      'Makes a key with scopes and answers its secret once. An Agency plan feature: every api-credentials call answers 403 to an admin whose plan lacks it (ADR 764).',
  },
  'POST /api/api-credentials/update': {
    summary: 'Update a partner API key',
    description: 'Renames a key or changes its scopes.',
  },
  'POST /api/api-credentials/rotate': {
    summary: 'Rotate a partner API key',
    description: 'Replaces a key’s secret (the old one stops at once) and answers the new secret once.',
  },
  'POST /api/api-credentials/revoke': {
    summary: 'Revoke a partner API key',
    description: 'The key stops working.',
  },
  // Schema studio
  'POST /api/schema-studio/list-versions': {
    summary: 'List schema versions',
    description: 'Published and draft versions of the application schema set (super-admins).',
  },
  'POST /api/schema-studio/get-version': {
    summary: 'Get a schema version',
    description: 'One version’s schema set, with its differences to another version.',
  },
  'POST /api/schema-studio/save-draft': {
    summary: 'Save a schema draft',
    description: 'Stores an edited schema set as the draft after linting it.',
  },
  'POST /api/schema-studio/publish': {
    summary: 'Publish the schema draft',
    description:
      'Makes the draft the current schema version when its test documents pass, a second super-admin approved it (when four eyes are on) and, if it changes stored applications, accept_impact is true.',
  },
  'POST /api/schema-studio/impact': {
    summary: 'Check the impact of a schema draft',
    description:
      'Replays the draft over the saved test documents, the examples and the stored in-progress applications: values no longer allowed, messages gained or lost, fields appearing or disappearing, underwriting outcomes changed, each with a count and sample ids. Large books run as a job (follow it with impact-status).',
  },
  'POST /api/schema-studio/impact-status': {
    summary: 'Follow an impact check',
    description: 'The impact job’s progress, and its report once done.',
  },
  'POST /api/schema-studio/approve': {
    summary: 'Approve a schema draft',
    description:
      'A second super-admin’s approval, needed to publish when four eyes are on; the author cannot approve.',
  },
  'POST /api/schema-studio/version-history': {
    summary: 'Schema version history',
    description:
      'Every publish, approval and roll-back with who and when, and whether publishing needs approval.',
  },
  'POST /api/schema-studio/roll-back': {
    summary: 'Roll back a schema version',
    description: 'Publishes an older version again as a new version.',
  },
  'POST /api/schema-studio/list-test-documents': {
    summary: 'List schema test documents',
    description: 'The documents every draft is checked against before publishing.',
  },
  'POST /api/schema-studio/save-test-document': {
    summary: 'Save a schema test document',
    description: 'Adds or changes a test document with its expected outcome.',
  },
  'POST /api/schema-studio/delete-test-document': {
    summary: 'Delete a schema test document',
    description: 'Removes a test document.',
  },
  // Applications (SPEC §2 /agent-portal, §7)
  'POST /api/agent-portal/get-agent-applications-list': {
    summary: 'List applications',
    description:
      'A page of the applications the caller may see, newest first, with counts per status (SPEC §3 Listing state).',
  },
  'POST /api/agent-portal/get-application-by-id': {
    summary: 'Get an application',
    description:
      'One application with its document, notes and quotes; a draft under an older schema version is upgraded first.',
  },
  'GET /api/agent-portal/quote-events': {
    summary: 'Live quotes of an application',
    description:
      'Server-sent events of one application while it is launched: its status, each quote as it is written, quotes removed.',
  },
  'POST /api/agent-portal/get-schema-set': {
    summary: 'Get the schema set',
    description: 'The schema set of a version (default: the current one) the application form is built from.',
  },
  'POST /api/agent-portal/create-new-application': {
    summary: 'Create an application',
    description: 'Creates a draft application for an address and agent (SPEC §7).',
    example: {
      session_key: 'a1b2c3d4e5f6',
      agent_id: 1,
      carrier_quote_type: 'Primary',
      application_type: 'flood',
      address: {
        searched_address: '100 Ocean Dr, Miami Beach, FL 33139',
        address1: '100 Ocean Dr',
        city: 'Miami Beach',
        state: 'FL',
        zip: '33139',
        county: 'Miami-Dade',
        lat: 25.77,
        lng: -80.13,
      },
    },
  },
  'POST /api/agent-portal/update-application': {
    summary: 'Save an application',
    description:
      'Saves the document of a draft; checks types and options of what is present. A stale `version` answers 409 with the current application.',
  },
  'POST /api/agent-portal/launch-application': {
    summary: 'Launch an application',
    description:
      'Validates the complete document, runs the underwriting rules and asks every carrier for a quote (answers arrive through the quote queue).',
  },
  'POST /api/agent-portal/reset-application': {
    summary: 'Reset an application',
    description: 'Sets a launched application back to new and clears its quotes.',
  },
  'POST /api/agent-portal/toggle-application-alert-note': {
    summary: 'Toggle an alert note',
    description: 'Turns an application’s alert note on or off.',
  },
  'POST /api/agent-portal/delete-application-by-id': {
    summary: 'Delete an application',
    description: 'Deletes an application, and optionally the applications related to it.',
  },
  'POST /api/agent-portal/launch-application-sov-carriers': {
    summary: 'Launch managed-program carriers',
    description: 'Asks managed-program (statement of values) carriers for a commercial application.',
  },
  'POST /api/agent-portal/launch-application-manual-carriers': {
    summary: 'Launch manual carriers',
    description: 'Adds pending quotes of carriers that staff quote by hand.',
  },
  'POST /api/agent-portal/record-manual-quote': {
    summary: 'Record a manual quote',
    description: 'Staff enter a manual carrier’s answer, with an optional document.',
    example: {
      session_key: 'a1b2c3d4e5f6',
      application_id: 1,
      quote_id: 1,
      status: 'declined',
      message: 'Outside the carrier’s appetite.',
    },
  },
  'POST /api/agent-portal/reactivate-carrier': {
    summary: 'Ask a carrier again',
    description: 'Asks again a carrier whose quote was declined, failed or timed out.',
  },
  'POST /api/sov/get-sov-quote': {
    summary: 'Get a statement of values form',
    description:
      'The managed-program carrier and application a statement of values is asked for (SPEC §2 /sov-quote).',
  },
  'POST /api/sov/submit-statement-of-values': {
    summary: 'Submit a statement of values',
    description: 'Sends the buildings of a commercial application to a managed-program carrier.',
  },
  'GET /api/files/:id': {
    summary: 'Download a file',
    description: 'A stored quote document, to those who may see its application.',
  },
  'GET /api/is-it-working-hour': {
    summary: 'Is it working hours',
    description: 'Whether it is now within the agency’s working hours (SPEC §7).',
  },
  'POST /api/is-it-working-hour': {
    summary: 'Is it working hours',
    description: 'Whether it is now within the agency’s working hours (SPEC §7).',
  },
  'POST /api/address/zip-lookup': {
    summary: 'Look up a ZIP code',
    description: 'City, state, county and position of a US ZIP code (offline database).',
    example: { session_key: 'a1b2c3d4e5f6', zip: '33139' },
  },
  // Reporting (SPEC §2 /dashboard/reporting)
  'POST /api/reporting/get-report': {
    summary: 'Applications report',
    description: 'A page of applications and quotes created in a date range.',
  },
  'POST /api/reporting/get-analytics': {
    summary: 'Analytics',
    description:
      'Counts and premiums per day, carrier and status in a date range (SPEC §2 /dashboard/reporting/analytics).',
  },
  'POST /api/reporting/export-csv': {
    summary: 'Export the report as CSV',
    description: 'The report’s rows in chosen columns as a streamed CSV file.',
  },
  'POST /api/reporting/start-export': {
    summary: 'Start a report export job',
    description:
      'Queues the CSV export of a range, filters and columns as a job; its progress and download link come from get-export.',
  },
  'POST /api/reporting/get-export': {
    summary: 'Report export progress',
    description: 'Rows written of the caller’s own export, and its download link once the file is complete.',
  },
  'GET /api/reporting/downloads/:id': {
    summary: 'Download a report export',
    description:
      'The finished CSV of an export, to the user who asked for it only (SPEC §7 report downloads path); 410 once the export expired (kept 7 days, server/config/report-exports.json), 404 once the daily clean-up deleted it.',
  },
  // Commission (SPEC §2 /dashboard/commission)
  'POST /api/commission/list-rates': {
    summary: 'List commission rates',
    description: 'The commission rates of a company per carrier and product.',
  },
  'POST /api/commission/set-rate': {
    summary: 'Set a commission rate',
    description: 'The new-business and renewal percent of a carrier and product.',
  },
  'POST /api/commission/bind-quote': {
    summary: 'Mark a quote as bound',
    description: 'Records the policy a carrier issued from a quote.',
  },
  'POST /api/commission/unbind': {
    summary: 'Remove a bound mark',
    description: 'Deletes a bound policy line.',
  },
  'POST /api/commission/get-statement': {
    summary: 'Commission statement',
    description: 'The bound policies of a date range with their commission and totals.',
  },
  'POST /api/commission/set-paid': {
    summary: 'Mark commission paid',
    description: 'Marks statement lines as paid or unpaid.',
  },
  'POST /api/commission/export-csv': {
    summary: 'Export the statement as CSV',
    description: 'The commission statement as a CSV file.',
  },
  // Resources (SPEC §2 /dashboard/resources)
  'POST /api/resources/list': {
    summary: 'List resources',
    description: 'Carrier documents or training videos, with the caller’s viewing progress.',
  },
  'POST /api/resources/create': {
    summary: 'Add a resource',
    description: 'A carrier document or training video.',
    example: {
      session_key: '<session_key>',
      kind: 'carrier_document',
      title: 'Flood underwriting guide',
      carrier: 'natgen_nfip',
      url: 'https://example.com/flood-guide.pdf',
    },
  },
  'POST /api/resources/update': { summary: 'Update a resource', description: 'Changes a resource.' },
  'POST /api/resources/delete': {
    summary: 'Delete a resource',
    description: 'Removes a resource and its file.',
  },
  'POST /api/resources/record-view': {
    summary: 'Record viewing progress',
    description: 'How far the caller watched a training video.',
  },
  'POST /api/resources/upload-video': {
    summary: 'Upload a training video',
    description: 'The video’s bytes as the request body; the file name in the query.',
  },
  'GET /api/resources/file/:id': {
    summary: 'Download a resource file',
    description: 'An uploaded document or video; byte ranges are answered with 206.',
  },
  // Bulk upload (SPEC §2 /dashboard/bulk-upload, §7)
  'POST /api/services/file-upload/preview-application-file': {
    summary: 'Preview a bulk upload file',
    description: 'Reads a CSV or Excel file and proposes a column mapping, with the checks of its rows.',
    example: {
      session_key: '<session_key>',
      file_name: 'book.csv',
      content_base64: BOOK_CSV_BASE64,
      product: 'Primary',
    },
  },
  'POST /api/services/file-upload/create-application': {
    summary: 'Create applications from a file',
    description: 'Creates one application per valid row of a mapped file, in the background (SPEC §7).',
    example: {
      session_key: '<session_key>',
      file_name: 'book.csv',
      content_base64: BOOK_CSV_BASE64,
      product: 'Primary',
      mapping: ['address1', 'city', 'state', 'zip'],
    },
  },
  'POST /api/services/file-upload/get-upload': {
    summary: 'Get a bulk upload',
    description: 'An upload’s progress, created applications and row errors.',
  },
  'POST /api/services/file-upload/list-uploads': {
    summary: 'List bulk uploads',
    description: 'The company’s newest uploads.',
  },
  'POST /api/services/file-upload/download-error-file': {
    summary: 'Download the rows with errors',
    description: 'The rows of an upload that failed, with their errors, as CSV.',
  },
  // Price predictor (SPEC §2 /dashboard/price-predictor)
  'POST /api/price-predictor/get-model': {
    summary: 'Get the price model',
    description: 'The products and inputs the price predictor takes.',
  },
  'POST /api/price-predictor/predict': {
    summary: 'Predict a premium',
    description: 'An estimated premium range for a product and inputs.',
  },
  'POST /api/price-predictor/inputs-from-application': {
    summary: 'Inputs from an application',
    description: 'The predictor inputs read from an application’s document.',
  },
  'POST /api/price-predictor/refit': {
    summary: 'Refit the price model',
    description: 'Queues a refit of the model from the quotes received (admins).',
  },
  // Texting (SPEC §2 /dashboard/texto)
  'POST /api/texting/list-conversations': {
    summary: 'List conversations',
    description: 'The company’s text conversations, newest first.',
  },
  'POST /api/texting/get-conversation': {
    summary: 'Get a conversation',
    description: 'A conversation with its messages.',
  },
  'POST /api/texting/send-message': {
    summary: 'Send a text',
    description: 'Sends a text (or a rendered template) to a conversation or a phone number.',
    example: { session_key: '<session_key>', to: '(305) 555-0101', body: 'Your flood quotes are ready.' },
  },
  'GET /api/texting/events': {
    summary: 'Texting events',
    description: 'Server-sent events of new and updated messages.',
  },
  'POST /api/texting/inbound/:company_id': {
    summary: 'Incoming text webhook',
    description: 'The SMS provider posts incoming texts here (form-encoded, checked by its signature).',
    example: { From: '+13055550100', To: '+13055550199', Body: 'Hello', MessageSid: 'SM123' },
  },
  'POST /api/texting/status/:company_id': {
    summary: 'Text status webhook',
    description:
      'The SMS provider posts delivery status changes here (form-encoded, checked by its signature).',
    example: { MessageSid: 'SM123', MessageStatus: 'delivered' },
  },
  // Property data
  'POST /api/property-data/autocomplete': {
    summary: 'Address autocomplete',
    description: 'Address suggestions from the property data provider.',
  },
  'POST /api/property-data/verify-address': {
    summary: 'Verify an address',
    description: 'The standardised address and building type from the property data provider.',
  },
  'POST /api/property-data/lookup': {
    summary: 'Fill from property data',
    description: 'Queues property data look-ups for an application’s address.',
  },
  'POST /api/property-data/prefill': {
    summary: 'Pre-fill again',
    description:
      'Queues a background pre-fill of a draft application (it also runs by itself on create and on an address change): the values found and the coverage estimates go into the fields that are empty or still hold an earlier pre-fill’s value, never into one the agent typed. Answers the pre-fill status; 409 after launch.',
  },
  'POST /api/property-data/prefill-status': {
    summary: 'Pre-fill status',
    description:
      'Whether the newest pre-fill of an application is queued, running, done or failed; what it filled, kept and could not find; and each pre-filled field’s source, time and whether it is an estimate.',
  },
  // Quote documents
  'POST /api/agent-portal/download-market-breakdown-pdf': {
    summary: 'Market breakdown PDF',
    description: 'A PDF comparing an application’s quotes.',
  },
  'POST /api/agent-portal/download-flood-rejection-pdf': {
    summary: 'Flood rejection PDF',
    description: 'A PDF the client signs to decline flood cover.',
  },
  'POST /api/agent-portal/get-quote-email-templates': {
    summary: 'Quote e-mail templates',
    description: 'The e-mail templates a quote document can be sent with.',
  },
  'POST /api/agent-portal/preview-quote-email': {
    summary: 'Preview a quote e-mail',
    description: 'The subject and message a send would e-mail, short codes filled; nothing is sent.',
  },
  'POST /api/agent-portal/send-quote': {
    summary: 'Send a quote document',
    description: 'Mails a quote document to the client with a template.',
  },
  // Customer portal
  'POST /api/customer-portal/get-my-applications': {
    summary: 'My applications',
    description: 'The signed-in customer’s applications and their quotes.',
  },
  'POST /api/customer-portal/contact-agent': {
    summary: 'Contact my agent',
    description: 'Sends the customer’s message about an application or quote to their agent.',
  },
  'POST /api/customer-portal/quote-view': {
    summary: 'Quotes of a quote link',
    description:
      'Open (no session): the application a signed, expiring `{{quote_link}}` token opens, read-only, as its client reads it.',
    example: { token: '42.1798761600.UNhY4JhezH9gQYqvDMWrWH9CwlcKiECVqejMrND2VFw' },
  },
  'POST /api/agent-portal/get-application-clients': {
    summary: 'Clients of an application',
    description: 'The customer users an application can be shared with, and the current one.',
  },
  'POST /api/agent-portal/set-application-client': {
    summary: 'Share an application with a client',
    description: 'Sets (or clears) the customer user who sees an application in the customer portal.',
  },
  // Client contacts (SPEC §2 contact create/update, §3 client_name_id)
  'POST /api/agent-portal/create-contact': {
    summary: 'Create a client contact',
    description:
      'Stores a client contact (owned type, business or first and last name, phone, e-mail) checked with the application contact rules; with application_id it is made in that application’s agency and named its client (client_name_id).',
    example: {
      session_key: '<session_key>',
      owned_type: 'Individual Owned',
      first_name: 'Maria',
      last_name: 'Lopez',
      phone: '(305) 555-0142',
      email: 'maria.lopez@mail.test',
      application_id: 1,
    },
  },
  'POST /api/agent-portal/get-contact': {
    summary: 'Read a client contact',
    description: 'A client contact: an agent reads their own, an admin their agency’s.',
  },
  'POST /api/agent-portal/update-contact': {
    summary: 'Update a client contact',
    description:
      'Replaces a client contact’s fields, checked with the application contact rules. Applications naming it keep their own copy.',
  },
  // Audit trail (issue 38)
  'POST /api/audit/list': {
    summary: 'List the audit trail',
    description:
      'One page of audited actions, newest first, filtered by action and a UTC time range: sign-ins, switches, role, settings and plan changes, publications, exports, deletions and privacy requests. Admins read their agency’s trail (a super-admin switched into it included), super-admins every agency’s or one; agents and customers 403.',
    example: { session_key: 'a1b2c3d4e5f6', page: 1, per_page: 25, action: 'auth.login', from: '2026-11-01' },
  },
  'POST /api/privacy/export-person': {
    summary: 'Export a person’s records',
    description:
      'Every record naming the person with this e-mail, as JSON: accounts, client contacts, applications (linked or naming the e-mail), text conversations with a contact’s phone and their messages, webhook deliveries of those applications. Admins: their agency; super-admins: every agency. Audited (without the e-mail).',
    example: { session_key: 'a1b2c3d4e5f6', email: 'maria.lopez@mail.test' },
  },
  'POST /api/privacy/erase-person': {
    summary: 'Erase a person',
    description:
      'Irreversibly, in one transaction: deletes the person’s contacts, text conversations and the webhook deliveries of their applications, replaces their e-mail, names and phone in those applications by [erased] and anonymises a customer account; answers the counts. Same access as export; audited.',
    example: { session_key: 'a1b2c3d4e5f6', email: 'maria.lopez@mail.test' },
  },
  'POST /api/audit/export-csv': {
    summary: 'Export the audit trail as CSV',
    description:
      'The filtered trail (up to 50,000 events, newest first) as CSV text with formula-safe cells; the export is itself audited as export.downloaded. Same access as audit/list.',
  },
};
