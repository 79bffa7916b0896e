/**
 * The options of @fastify/swagger that make `/api/openapi.json` an OpenAPI 3.1.0 document (issue 21,
 * docs/decisions/340-openapi-document-from-route-data.md): servers, tags per SPEC area, the
 * partner API key as an HTTP bearer scheme, and per operation a summary, a description (with how
 * the call authenticates), an example and its answers. The route files keep their request
 * schemas; what the document adds comes from server/http/openapi-operations.ts and
 * server/http/openapi-answers.ts, keyed by `<METHOD> <route url>`.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import { PARTNER_ROUTE_SCOPES } from '../auth/partner-scopes.ts';
import { SESSION_KEY_HEADER } from './link-session.ts';
import { answersOf } from './openapi-answers.ts';
import { OPERATION_TEXTS } from './openapi-operations.ts';
import { schemaExample } from './schema-example.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

/** The tags of the document: one per SPEC area, with the pages that use them (SPEC §2). */
export const OPENAPI_TAGS = [
  { name: 'auth', description: 'Sign-in, sessions, passwords and SAML (SPEC §2 /login, /auth/{page_type}).' },
  { name: 'config', description: 'Configuration the sign-in pages read.' },
  { name: 'profile', description: 'The caller’s own profile and settings (SPEC §2 /dashboard/profile).' },
  { name: 'users', description: 'Users of an agency (SPEC §2 /dashboard/mga-management).' },
  { name: 'companies', description: 'Agencies (SPEC §2 /dashboard/mga-management).' },
  { name: 'plans', description: 'Plans and payments (SPEC §2 /dashboard/plans).' },
  {
    name: 'portal-settings',
    description: 'An agency’s portal settings (SPEC §2 /dashboard/portal-settings).',
  },
  { name: 'api-credentials', description: 'Partner API keys (SPEC §2 /dashboard/api-partner).' },
  { name: 'schema-studio', description: 'Versions of the application schema set.' },
  {
    name: 'carrier-catalogue',
    description: 'Versions of the carriers and their connections (issue 43, /dashboard/carrier-catalogue).',
  },
  { name: 'applications', description: 'Applications and their quotes (SPEC §2 /agent-portal, §7).' },
  { name: 'carriers', description: 'Managed-program and manual carriers of an application (SPEC §7).' },
  { name: 'sov', description: 'Statements of values (SPEC §2 /sov-quote).' },
  { name: 'files', description: 'Stored quote documents.' },
  { name: 'utility', description: 'Working hours and ZIP look-up (SPEC §7).' },
  { name: 'reporting', description: 'Reports and analytics (SPEC §2 /dashboard/reporting).' },
  { name: 'commission', description: 'Commission rates and statements (SPEC §2 /dashboard/commission).' },
  { name: 'resources', description: 'Carrier documents and training videos (SPEC §2 /dashboard/resources).' },
  { name: 'bulk-upload', description: 'Applications from a file (SPEC §2 /dashboard/bulk-upload, §7).' },
  { name: 'price-predictor', description: 'Premium estimates (SPEC §2 /dashboard/price-predictor).' },
  { name: 'texting', description: 'Text conversations with clients (SPEC §2 /dashboard/texto).' },
  { name: 'property-data', description: 'Address verification and property data.' },
  { name: 'customer-portal', description: 'What a signed-in customer sees.' },
  { name: 'audit', description: 'The audit trail of an agency (issue 38, /dashboard/audit-trail).' },
];

/** The name of the partner API key's security scheme. */
export const PARTNER_SCHEME = 'partnerApiKey';

const SESSION_NOTE =
  'Authentication: `session_key` in the JSON body, a key from `POST /api/auth/login` (401 `Invalid Details` without one, `Unauthenticated.` for a dead one).';
const QUERY_SESSION_NOTE = 'Authentication: `session_key` in the query, a key from `POST /api/auth/login`.';
const LINK_SESSION_NOTE =
  'Authentication: the `portal_session` cookie that the answers starting a session set (HttpOnly, SameSite=Strict, path /api), or for API clients `session_key` in the query (401 `Invalid Details` without either, `Unauthenticated.` for a dead one).';
const UPLOAD_SESSION_NOTE =
  'Authentication: the session key in the `X-Session-Key` header (or `session_key` in the query), a key from `POST /api/auth/login`; never the cookie.';
const PARTNER_NOTE =
  'Partners may instead send their API key as `Authorization: Bearer <secret>` (scope `%s`); the body then carries no `session_key`.';
const OPEN_NOTE = 'Open: no session is needed.';

/** Request bodies that are not JSON, by operation key. */
const REQUEST_TYPES: Readonly<Record<string, string>> = {
  'POST /api/texting/inbound/:company_id': 'application/x-www-form-urlencoded',
  'POST /api/texting/status/:company_id': 'application/x-www-form-urlencoded',
  'POST /api/resources/upload-video': 'application/octet-stream',
};

type RouteSchema = Record<string, unknown> & {
  body?: Record<string, unknown>;
  querystring?: Record<string, unknown>;
  cookies?: Record<string, unknown>;
  headers?: Record<string, unknown>;
};

const hasProperty = (schema: Record<string, unknown> | undefined, name: string) =>
  Boolean((schema?.properties as Record<string, unknown> | undefined)?.[name]);
const hasSessionKey = (schema: Record<string, unknown> | undefined) => hasProperty(schema, 'session_key');

/** How a route authenticates, from its schema: the body, the cookie (http/link-session.ts), the upload header, the query. */
function authenticationNote(schema: RouteSchema): string {
  if (hasSessionKey(schema.body)) return SESSION_NOTE;
  if (hasProperty(schema.cookies, SESSION_COOKIE)) return LINK_SESSION_NOTE;
  if (hasProperty(schema.headers, SESSION_KEY_HEADER)) return UPLOAD_SESSION_NOTE;
  return hasSessionKey(schema.querystring) ? QUERY_SESSION_NOTE : OPEN_NOTE;
}

/** An object schema whose properties (path or query parameters) each carry an example. */
function withPropertyExamples(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        property.examples ? property : { ...property, examples: [schemaExample(property, name)] },
      ]),
    ),
  };
}

/** The operation key of a route: `<METHOD> <url>` as Fastify registered it. */
export function operationKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

/**
 * The route schema as the document shows it: `key`'s texts, authentication and security, a body
 * example, and its answers. Throws for a route without texts, so a new route cannot go
 * undocumented.
 */
export function documentedSchema(key: string, url: string, schema: RouteSchema): RouteSchema {
  const texts = OPERATION_TEXTS[key];
  if (!texts) throw new Error(`${key} has no summary in server/http/openapi-operations.ts`);
  const scope = PARTNER_ROUTE_SCOPES[url];
  const notes = [authenticationNote(schema), ...(scope ? [PARTNER_NOTE.replace('%s', scope)] : [])];
  const requestType = REQUEST_TYPES[key];
  const body = schema.body
    ? {
        ...schema.body,
        examples: [texts.example ?? schemaExample(schema.body)],
      }
    : undefined;
  const { response: _served, ...rest } = schema;
  return {
    ...rest,
    ...(body ? { body } : {}),
    ...(schema.params ? { params: withPropertyExamples(schema.params as Record<string, unknown>) } : {}),
    ...(schema.querystring ? { querystring: withPropertyExamples(schema.querystring) } : {}),
    ...(schema.cookies ? { cookies: withPropertyExamples(schema.cookies) } : {}),
    ...(schema.headers ? { headers: withPropertyExamples(schema.headers) } : {}),
    ...(requestType ? { consumes: [requestType] } : {}),
    summary: texts.summary,
    description: `${texts.description}\n\n${notes.join(' ')}`,
    operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''),
    security: scope ? [{ [PARTNER_SCHEME]: [] }, {}] : [],
  };
}

/**
 * @fastify/swagger options: OpenAPI 3.1.0 with servers, tags and the bearer scheme; each route's
 * schema goes through documentedSchema, and each operation's responses are replaced by
 * answersOf (the document's answers, not the serialiser's).
 */
export function openApiOptions(): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'MGA agent portal API',
        version: '0.1.0',
        description:
          'The call contract of docs/api.md (SPEC §7, §8): every call answers the envelope `{status, code, message, data, error_obj}`. Most calls authenticate with a `session_key` in the JSON body; the GET downloads and event streams with the session cookie the sign-in answers set; partner API keys authenticate the application calls as an HTTP bearer token.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This server (the API is under /api).' }],
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: {
          [PARTNER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A partner API key made on /dashboard/api-partner, sent as `Authorization: Bearer <secret>`; it opens only the application calls of its scopes (docs/decisions/291-partner-key-scopes.md).',
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (schema?.hide || methods.every((method) => method === 'HEAD')) return { schema, url };
      const key = operationKey(methods[0], url);
      return { schema: documentedSchema(key, url, (schema ?? {}) as RouteSchema) as never, url };
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const { openapiObject } = documentObject;
      for (const [path, operations] of Object.entries(openapiObject.paths ?? {})) {
        const url = path.replace(/\{([^}]+)\}/g, ':$1');
        for (const [method, operation] of Object.entries(
          operations as Record<string, Record<string, unknown>>,
        )) {
          if (typeof operation !== 'object' || !operation.summary) continue;
          operation.responses = answersOf(operationKey(method, url), operation.summary as string);
        }
      }
      return openapiObject;
    },
  };
}
