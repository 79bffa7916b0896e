/**
 * get-schema-set: the schema set an application was made under, fetched once per version and
 * compiled once in the browser without generating code (issue 10 part 3, ADR 511). docs/api.md.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompiledSchemaSet, SchemaSet } from '../../../../engine/index.ts';
import { documentedData } from '../../../lib/api-operations.ts';
import { compileInBrowser } from '../../../lib/browser-schema-engine.ts';

/** Fetches and compiles a stored schema set version. Throws `ApiRequestError` on an error answer, SchemaSetError for a broken set. */
export async function getCompiledSchemaSet(schemaVersion: number): Promise<CompiledSchemaSet> {
  const data = await documentedData('agent-portal/get-schema-set', {
    schema_version: schemaVersion,
  });
  // The answer schema leaves the set opaque (docs/schema-format.md); compiling checks it.
  return compileInBrowser(data.schema_set as unknown as SchemaSet);
}

/** Query options of one compiled version: published versions never change, so it is never refetched. */
export function compiledSchemaSetQueryOptions(schemaVersion: number) {
  return queryOptions({
    queryKey: ['schema-set', schemaVersion] as const,
    queryFn: () => getCompiledSchemaSet(schemaVersion),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** The compiled schema set of a version. */
export function useCompiledSchemaSet(schemaVersion: number) {
  return useQuery(compiledSchemaSetQueryOptions(schemaVersion));
}
