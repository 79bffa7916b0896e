/**
 * The schema studio's calls (schema-studio/*, issue 11): the versions, one version with what changed,
 * publish a draft, roll back, and the saved test documents. Admins read; super-admins change (the server enforces it).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SchemaSet } from '../../../../engine/index.ts';
import { type ApiEnvelope, apiCall, apiData } from '../../../lib/api-client.ts';

/** One stored version as list-versions answers it. */
export interface SchemaVersionSummary {
  version: number;
  status: 'draft' | 'published' | 'archived';
  note: string;
  author_user_id: number | null;
  /** Who saved, published or rolled back; null for the start-up import. */
  author_name: string | null;
  created_at: string;
  published_at: string | null;
}

/** One difference between two versions, in words. */
export interface SchemaSetChange {
  path: string[];
  change: 'added' | 'removed' | 'changed';
  sentence: string;
}

/** A lint or harness problem of a draft refused at publish; `where` names its place in words. */
export interface SchemaSetProblem {
  path: (string | number)[];
  where: string;
  kind: string;
  message: string;
}

/** Query options of the versions, newest first, and the current one. */
export function schemaVersionsQueryOptions() {
  return queryOptions({
    queryKey: ['schema-studio', 'versions'],
    queryFn: () =>
      apiData<{ current: number; versions: SchemaVersionSummary[] }>('schema-studio/list-versions'),
  });
}

/** The versions and the current one. */
export function useSchemaVersions() {
  return useQuery(schemaVersionsQueryOptions());
}

/** One version as get-version answers it: its set and what changed from the version before it. */
export interface SchemaVersionDetail {
  version: number;
  status: SchemaVersionSummary['status'];
  note: string;
  schema_set: SchemaSet;
  compared_to: number | null;
  changes: SchemaSetChange[];
}

/**
 * One version with its set and what changed from `compareTo` (default: the published version before
 * it; `compared_to` null for the first).
 */
export function useSchemaVersion(version: number | null, compareTo: number | null = null) {
  return useQuery({
    queryKey: ['schema-studio', 'version', version, compareTo],
    queryFn: () =>
      apiData<SchemaVersionDetail>(
        'schema-studio/get-version',
        compareTo === null ? { version } : { version, compare_to: compareTo },
      ),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Stores `set` as a new draft; answers its number and the problems it has now. */
export function saveDraft(
  set: SchemaSet,
  note: string,
): Promise<ApiEnvelope<{ version: number; problems: SchemaSetProblem[] }>> {
  return apiCall('schema-studio/save-draft', { schema_set: set, note });
}

/** Publishes a draft; a refusal (422) carries `data.problems` and is shown by the caller, not toasted. */
export function publishDraft(
  version: number,
): Promise<ApiEnvelope<{ version?: number; problems?: SchemaSetProblem[] }>> {
  return apiCall(
    'schema-studio/publish',
    { version },
    { suppressToast: (envelope) => envelope.code === 422 },
  );
}

/** Publishes an earlier version's content again as the newest. */
export function rollBackTo(version: number): Promise<ApiEnvelope<{ version: number }>> {
  return apiCall('schema-studio/roll-back', { version });
}

/** A saved test document of the rule test bench. */
export interface SchemaTestDocument {
  id: number;
  name: string;
  context: Record<string, string>;
  document: Record<string, unknown>;
  updated_at: string;
}

/** The saved test documents, by name. */
export function useTestDocuments() {
  return useQuery({
    queryKey: ['schema-studio', 'test-documents'],
    queryFn: () => apiData<{ test_documents: SchemaTestDocument[] }>('schema-studio/list-test-documents'),
  });
}

/** Saves `document` as a test document named `name` (replacing one of that name). */
export function saveTestDocument(
  name: string,
  context: Record<string, string>,
  document: Record<string, unknown>,
): Promise<ApiEnvelope<{ test_document: SchemaTestDocument }>> {
  return apiCall('schema-studio/save-test-document', { name, context, document });
}

/** Deletes a saved test document. */
export function deleteTestDocument(id: number): Promise<ApiEnvelope<{ id: number }>> {
  return apiCall('schema-studio/delete-test-document', { id });
}
