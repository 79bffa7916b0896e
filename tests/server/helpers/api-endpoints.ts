/**
 * Every API endpoint the running app declares, read from its OpenAPI document (`app.swagger()`),
 * so abuse suites (access matrix, fuzzed bodies) can assert they cover each one and fail when a
 * new route is added without a cell. Shape: `{ method: 'GET' | 'POST' | ..., path: '/api/...',
 * bodySchema }`, where bodySchema is the route's JSON Schema for its request body, if any.
 */
import type { FastifyInstance } from 'fastify';

export interface ApiEndpoint {
  method: string;
  /** The URL path as OpenAPI writes it, e.g. '/api/agent-portal/update-application'. */
  path: string;
  /** The request body's JSON Schema, or null for calls without one. */
  bodySchema: Record<string, unknown> | null;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
}

/** The app's endpoints in path order; requires `await app.ready()` first. */
export function apiEndpoints(app: FastifyInstance): ApiEndpoint[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(document.paths ?? {})
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        bodySchema: operation.requestBody?.content?.['application/json']?.schema ?? null,
      })),
    )
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
