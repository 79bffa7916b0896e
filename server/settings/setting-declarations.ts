/**
 * Every environment setting the server reads, declared once: name, type, default, meaning and
 * whether production needs it (issue 39). server/settings/settings.ts validates the environment
 * against these declarations with env-schema (Ajv, like the server's request schemas) and is the
 * only reader of `process.env`; docs/configuration.md is generated from this table
 * (`npm run docs:config`) and a test keeps it current.
 *
 * To add a setting: add one entry here, read it as `currentSettings().NAME` (or take a `Settings`
 * parameter), and run `npm run docs:config`.
 */

/** One setting's declaration. */
export interface SettingDeclaration {
  /** The section of docs/configuration.md it is listed under. */
  group: SettingGroup;
  /** JSON type of the value once read: strings are coerced to integers by Ajv. */
  type: 'string' | 'integer';
  /** What the setting does, in a sentence or two (the docs' words). */
  description: string;
  /** Value when the environment does not set it (an empty value counts as unset). */
  default?: string | number;
  /** Allowed values (strings). */
  enum?: readonly string[];
  /** Inclusive bounds of an integer. */
  minimum?: number;
  maximum?: number;
  /** Regular expression a string must match, with `shape` saying it in words. */
  pattern?: string;
  /** What a valid value looks like, in words (errors and docs), for a `pattern`. */
  shape?: string;
  /** Production (NODE_ENV=production) refuses to start without it. */
  requiredInProduction?: boolean;
  /** Never printed: a wrong value is named without its value. */
  secret?: boolean;
  /** Settings that must be set too when this one is (checked as the server starts). */
  needs?: readonly string[];
}

/** Sections of docs/configuration.md, in order. */
export const SETTING_GROUPS = [
  'Server',
  'Database',
  'Mail and links',
  'Payments (Stripe)',
  'Texting',
  'Carriers and quoting',
  'Property data',
  'Outbound hosts',
  'Schema studio',
  'Testing companies',
  'Operations',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

const HTTP_URL = { pattern: '^https?://[^\\s/]+', shape: 'an http:// or https:// URL' } as const;

/** The declarations, by environment variable name. */
export const SETTINGS = {
  NODE_ENV: {
    group: 'Server',
    type: 'string',
    enum: ['development', 'test', 'production'],
    default: 'development',
    description:
      '`production` seeds no demo data, needs the settings marked required, uses the production testing-company lists and keeps the mail and SMS sinks off unless asked.',
  },
  PORT: {
    group: 'Server',
    type: 'integer',
    minimum: 1,
    maximum: 65535,
    default: 3000,
    description: 'TCP port the server listens on (all interfaces).',
  },
  LOG_LEVEL: {
    group: 'Server',
    type: 'string',
    enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    default: 'info',
    description: 'Lowest level of the JSON log lines written to standard output.',
  },
  PORTAL_DIR: {
    group: 'Server',
    type: 'string',
    description:
      'Folder of a built portal to serve (default dist/portal, built on start outside production when missing); `off` serves the API alone.',
  },
  PUBLIC_BASE_URL: {
    group: 'Mail and links',
    type: 'string',
    ...HTTP_URL,
    requiredInProduction: true,
    description:
      'Public origin of the portal, used in e-mailed links, payment return pages and the SAML callback. Default outside production: http://localhost:$PORT.',
  },
  DATABASE_URL: {
    group: 'Database',
    type: 'string',
    pattern: '^postgres(ql)?://',
    shape: 'a postgres:// or postgresql:// URL',
    secret: true,
    description: 'PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used.',
  },
  DATA_DIR: {
    group: 'Database',
    type: 'string',
    description: 'Folder of the embedded PGlite database when DATABASE_URL is unset (default ./data).',
  },
  DEMO_PASSWORD: {
    group: 'Database',
    type: 'string',
    secret: true,
    description:
      'Password of the demo accounts seeded into an empty database outside production (default demo1234).',
  },
  SMTP_URL: {
    group: 'Mail and links',
    type: 'string',
    pattern: '^smtps?://',
    shape: 'an smtp:// or smtps:// URL',
    secret: true,
    description: "SMTP server for the server's mail; else a company's own SMTP, else the local sink.",
  },
  MAIL_SINK: {
    group: 'Mail and links',
    type: 'string',
    enum: ['on', 'off'],
    description:
      'The local SMTP sink that logs mail instead of sending it: on by default outside production, off in production unless `on`.',
  },
  CHAT_WIDGET_URL: {
    group: 'Mail and links',
    type: 'string',
    ...HTTP_URL,
    description: 'Script of the support chat widget shown to testing companies; unset: no widget.',
  },
  STRIPE_SECRET_KEY: {
    group: 'Payments (Stripe)',
    type: 'string',
    pattern: '^(sk|rk)_(test|live)_\\S+$',
    shape: 'a Stripe secret key (sk_live_..., sk_test_... or a restricted rk_ key)',
    secret: true,
    needs: ['STRIPE_WEBHOOK_SECRET'],
    description: 'Stripe secret API key; with STRIPE_WEBHOOK_SECRET it turns on self-service plan payments.',
  },
  STRIPE_WEBHOOK_SECRET: {
    group: 'Payments (Stripe)',
    type: 'string',
    pattern: '^whsec_\\S+$',
    shape: 'a Stripe webhook signing secret (whsec_...)',
    secret: true,
    needs: ['STRIPE_SECRET_KEY'],
    description: 'Signing secret of the Stripe webhook endpoint /api/payments/stripe-webhook.',
  },
  STRIPE_PRICE_STARTER: {
    group: 'Payments (Stripe)',
    type: 'string',
    pattern: '^price_\\S+$',
    shape: 'a Stripe price id (price_...)',
    description: 'Stripe recurring price of the Starter plan (server/config/plans.json).',
  },
  STRIPE_PRICE_PRO: {
    group: 'Payments (Stripe)',
    type: 'string',
    pattern: '^price_\\S+$',
    shape: 'a Stripe price id (price_...)',
    description: 'Stripe recurring price of the Pro plan.',
  },
  STRIPE_PRICE_AGENCY: {
    group: 'Payments (Stripe)',
    type: 'string',
    pattern: '^price_\\S+$',
    shape: 'a Stripe price id (price_...)',
    description: 'Stripe recurring price of the Agency plan.',
  },
  STRIPE_API_BASE_URL: {
    group: 'Payments (Stripe)',
    type: 'string',
    ...HTTP_URL,
    default: 'https://api.stripe.com',
    description: "Origin of Stripe's API (tests point it at a local fake).",
  },
  STRIPE_TIMEOUT_MS: {
    group: 'Payments (Stripe)',
    type: 'integer',
    minimum: 100,
    maximum: 120000,
    default: 10000,
    description: 'Longest wait for one Stripe API answer, in milliseconds.',
  },
  TWILIO_API_BASE_URL: {
    group: 'Texting',
    type: 'string',
    ...HTTP_URL,
    default: 'https://api.twilio.com',
    description: "Origin of Twilio's REST API (tests point it at a local fake).",
  },
  SMS_PROVIDER_TIMEOUT_MS: {
    group: 'Texting',
    type: 'integer',
    minimum: 100,
    maximum: 120000,
    default: 10000,
    description: "Longest wait for the SMS provider's answer to a send, in milliseconds.",
  },
  SMS_SINK: {
    group: 'Texting',
    type: 'string',
    enum: ['on', 'off'],
    description:
      'The local sink for texts of companies without a provider: on by default outside production, off in production unless `on`.',
  },
  SMS_SINK_FILE: {
    group: 'Texting',
    type: 'string',
    description: 'JSON-lines file the SMS sink appends each message to.',
  },
  SMS_SINK_AUTH_TOKEN: {
    group: 'Texting',
    type: 'string',
    secret: true,
    description:
      'Token that inbound posts for a company without a provider are signed with; unset refuses them all.',
  },
  CARRIER_CONNECTION_ORIGINS: {
    group: 'Carriers and quoting',
    type: 'string',
    description:
      'Comma-separated `<connection id>=<origin>` pairs pointing a carriers.json connection at another host of its API.',
  },
  PROPERTY_DATA_DEFAULTS: {
    group: 'Property data',
    type: 'string',
    enum: ['sandbox', 'public'],
    description:
      'Provider of each property data job a company has not chosen in portal settings: `sandbox` (sample data) by default outside production; `public` (the default in production) the keyless public sources: US Census Geocoder, FEMA NFHL, USGS Elevation, USFWS CBRS and the OpenFEMA Community Status Book, with sample characteristics (ADR 757).',
  },
  SERVER_PROCESSES: {
    group: 'Carriers and quoting',
    type: 'integer',
    minimum: 1,
    maximum: 100,
    default: 1,
    description:
      "API processes sharing one database: each process takes its share of a carrier connection's max_concurrent.",
  },
  DATABASE_POOL_API: {
    group: 'Database',
    type: 'integer',
    minimum: 1,
    maximum: 100,
    default: 10,
    description:
      "PostgreSQL connections one process keeps for the API's requests, apart from the workers' and lease renewal's pools (ADR 727).",
  },
  DATABASE_POOL_WORKERS: {
    group: 'Database',
    type: 'integer',
    minimum: 3,
    maximum: 100,
    default: 6,
    description:
      "PostgreSQL connections one process keeps for the quote and job workers (two of them hold the LISTENs of the quote worker and of the carrier catalogue's reload for good, ADR 772).",
  },
  DATABASE_POOL_LEASES: {
    group: 'Database',
    type: 'integer',
    minimum: 1,
    maximum: 100,
    default: 2,
    description:
      'PostgreSQL connections one process keeps for renewing the leases of the jobs its workers hold, so a renewal never waits behind a backlog.',
  },
  AUDIT_RETENTION_DAYS: {
    group: 'Operations',
    type: 'integer',
    minimum: 1,
    maximum: 999999,
    default: 1826,
    description:
      'Days an audit event is kept (default five years); the daily records-retention job deletes older ones (ADR 720).',
  },
  SCHEMA_PUBLISH_NEEDS_APPROVAL: {
    group: 'Schema studio',
    type: 'string',
    enum: ['true', 'false'],
    default: 'false',
    description:
      '`true`: publishing a schema draft needs the approval of a super-admin other than its author (four eyes, ADR 706).',
  },
  QUOTE_BACKLOG_AGE_LIMIT_MS: {
    group: 'Carriers and quoting',
    type: 'integer',
    minimum: 1000,
    maximum: 3600000,
    default: 30000,
    description:
      'How long (ms) the oldest queued quote job may wait before launches are answered with "carriers are busy" (still accepted and queued; ADR 729).',
  },
  TRUST_PROXY: {
    group: 'Server',
    type: 'string',
    description:
      "The reverse proxies whose X-Forwarded-For names the client (comma-separated addresses or CIDR ranges, e.g. `127.0.0.1,10.0.0.0/8`); unset: no proxy is trusted and the client is the connection's address, so a forged header cannot give a client a fresh sign-in counter (ADR 712).",
  },
  WEBAUTHN_RP_ID: {
    group: 'Server',
    type: 'string',
    // Labels of letters, digits and hyphens; the last starts with a letter, so no IP address.
    pattern: '^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\\.)*[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?$',
    shape: 'a domain name such as portal.example.com',
    description:
      "The domain passkeys are bound to (WebAuthn relying party id): the portal's host name or a parent domain of it, never an IP address. Unset: the host name of WEBAUTHN_ORIGIN. A passkey registered under one id does not sign in under another (ADR 754).",
  },
  WEBAUTHN_ORIGIN: {
    group: 'Server',
    type: 'string',
    ...HTTP_URL,
    description:
      "The origin browsers use the portal from, which a passkey's answer must name (e.g. `https://portal.example.com`). Unset: the origin of each request (its protocol and Host, a trusted proxy's forwarded ones), `http://localhost` without a Host (ADR 754).",
  },
  QUOTE_WORKER_CONCURRENCY: {
    group: 'Carriers and quoting',
    type: 'integer',
    minimum: 1,
    maximum: 1000,
    default: 64,
    description: "Quote jobs one process's worker runs at once.",
  },
  REPORT_DOWNLOADS_DIR: {
    group: 'Operations',
    type: 'string',
    description:
      "Folder report exports are written to (default rmga-report-downloads in the system's temporary folder).",
  },
  METRICS_TOKEN: {
    group: 'Operations',
    type: 'string',
    secret: true,
    description:
      'When set, GET /metrics needs `Authorization: Bearer <token>`; unset, /metrics is open (keep it off the public proxy).',
  },
  SHUTDOWN_DRAIN_MS: {
    group: 'Operations',
    type: 'integer',
    minimum: 0,
    maximum: 600000,
    default: 10000,
    description:
      'On SIGTERM or SIGINT: /readyz answers 503 at once; requests in flight get this long (ms) to be answered, then the workers and the database close within the same time again, and the process exits 0.',
  },
  OUTBOUND_ALLOWED_HOSTS: {
    group: 'Outbound hosts',
    type: 'string',
    description:
      'Comma-separated host names or addresses that admin-set hosts (company SMTP, the customer quotes webhook, over http too) may reach though they are loopback or private (development and tests: `127.0.0.1`); never a private range in production (ADR 721).',
  },
  TESTING_COMPANY_EXTRA: {
    group: 'Testing companies',
    type: 'string',
    description: 'Comma-separated company names added to the second testing-company check (SPEC §6).',
  },
} as const satisfies Record<string, SettingDeclaration>;

/** A setting's name. */
export type SettingName = keyof typeof SETTINGS;
