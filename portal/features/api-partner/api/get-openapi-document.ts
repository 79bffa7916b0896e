/** The OpenAPI document the server publishes (GET {api_base}/openapi.json; docs/api.md), read by the open API partner page. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/api-base.ts';

/** One documented call: path under /api, its tag and summary. */
export interface ApiOperation {
  method: string;
  path: string;
  tag: string;
  summary: string | null;
}

/** Operations of an OpenAPI document, sorted by tag then path; unknown shapes give an empty list. */
export function operationsOf(document: unknown): ApiOperation[] {
  const paths = (document as { paths?: Record<string, Record<string, unknown>> } | null)?.paths;
  if (!paths || typeof paths !== 'object') return [];
  const operations: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods ?? {})) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op = operation as { tags?: unknown; summary?: unknown };
      const tag = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : 'other';
      operations.push({
        method: method.toUpperCase(),
        path,
        tag,
        summary: typeof op.summary === 'string' ? op.summary : null,
      });
    }
  }
  return operations.sort((a, b) => a.tag.localeCompare(b.tag) || a.path.localeCompare(b.path));
}

/** Fetches and parses the document. Throws an Error on a network failure or a non-200 answer. */
export async function getApiOperations(): Promise<ApiOperation[]> {
  const response = await fetch(apiUrl('openapi.json'), { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The API reference is unavailable (HTTP ${response.status}).`);
  return operationsOf(await response.json());
}

/** Query options of the API reference. */
export const apiOperationsQueryOptions = () =>
  queryOptions({ queryKey: ['openapi', 'operations'], queryFn: getApiOperations, staleTime: 300_000 });

/** The API reference operations. */
export function useApiOperations() {
  return useQuery(apiOperationsQueryOptions());
}
