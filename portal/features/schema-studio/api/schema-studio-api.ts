/**
 * The schema studio's calls (schema-studio/*, issue 11): the versions, one version with what changed,
 * publish a draft, roll back, and the saved test documents. Admins read; super-admins change (the server enforces it).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Doc, SchemaSet } from '../../../../engine/index.ts';
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { type ApiAnswer, type ApiBody, documentedCall, documentedData } from '../../../lib/api-operations.ts';
import type { ImpactReport } from './schema-impact-api.ts';

/** One stored version as list-versions answers it (author_name null for the start-up import). */
export type SchemaVersionSummary = ApiAnswer<'schema-studio/list-versions'>['versions'][number];

/** One difference between two versions, in words. */
export type SchemaSetChange = ApiAnswer<'schema-studio/get-version'>['changes'][number];

/** A lint or harness problem of a draft (save-draft, or refused at publish); `where` names its place in words. */
export type SchemaSetProblem = ApiAnswer<'schema-studio/save-draft'>['problems'][number];

/** Query options of the versions, newest first, and the current one. */
export function schemaVersionsQueryOptions() {
  return queryOptions({
    queryKey: ['schema-studio', 'versions'],
    queryFn: () => documentedData('schema-studio/list-versions', {}),
  });
}

/** The versions and the current one. */
export function useSchemaVersions() {
  return useQuery(schemaVersionsQueryOptions());
}

/**
 * One version as get-version answers it: its set and what changed from the version before it. The
 * document declares the set as an open object; it is a set the server stored only after its
 * schema-set check, so it is read as the engine's SchemaSet here.
 */
export type SchemaVersionDetail = Omit<ApiAnswer<'schema-studio/get-version'>, 'schema_set'> & {
  schema_set: SchemaSet;
};

/**
 * One version with its set and what changed from `compareTo` (default: the published version before
 * it; `compared_to` null for the first).
 */
export function useSchemaVersion(version: number | null, compareTo: number | null = null) {
  return useQuery({
    queryKey: ['schema-studio', 'version', version, compareTo],
    queryFn: async (): Promise<SchemaVersionDetail> => {
      const detail = await documentedData(
        'schema-studio/get-version',
        compareTo === null ? { version: version ?? 0 } : { version: version ?? 0, compare_to: compareTo },
      );
      return { ...detail, schema_set: detail.schema_set as unknown as SchemaSet };
    },
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Stores `set` as a new draft; answers its number and the problems it has now. */
export function saveDraft(
  set: SchemaSet,
  note: string,
): Promise<ApiEnvelope<ApiAnswer<'schema-studio/save-draft'>>> {
  // The engine's SchemaSet is the shape the server's schema-set check takes (400 otherwise).
  const schemaSet = set as unknown as ApiBody<'schema-studio/save-draft'>['schema_set'];
  return documentedCall('schema-studio/save-draft', { schema_set: schemaSet, note });
}

/** A publish answer: the version published, or a refusal: 422 with `data.problems`, 409 with a message (and `data.impact` when the impact is not accepted). */
export type PublishAnswer = ApiEnvelope<
  Partial<ApiAnswer<'schema-studio/publish'>> & { problems?: SchemaSetProblem[]; impact?: ImpactReport }
>;

/** Publishes a draft (`acceptImpact`: the person confirmed its impact); a refusal (422, 409) is shown by the caller, not toasted. */
export function publishDraft(version: number, acceptImpact = false): Promise<PublishAnswer> {
  return documentedCall(
    'schema-studio/publish',
    { version, accept_impact: acceptImpact },
    { suppressToast: (envelope) => envelope.code === 422 || envelope.code === 409 },
  );
}

/** Publishes an earlier version's content again as the newest. */
export function rollBackTo(version: number): Promise<ApiEnvelope<ApiAnswer<'schema-studio/roll-back'>>> {
  return documentedCall('schema-studio/roll-back', { version });
}

/** A saved test document of the rule test bench. */
export type SchemaTestDocument = ApiAnswer<'schema-studio/list-test-documents'>['test_documents'][number];

/** The saved test documents, by name. */
export function useTestDocuments() {
  return useQuery({
    queryKey: ['schema-studio', 'test-documents'],
    queryFn: () => documentedData('schema-studio/list-test-documents', {}),
  });
}

/** Saves `document` as a test document named `name` (replacing one of that name). */
export function saveTestDocument(
  name: string,
  context: Record<string, string>,
  document: Doc,
): Promise<ApiEnvelope<ApiAnswer<'schema-studio/save-test-document'>>> {
  // The engine's document holds field values only; the server's test document schema refuses anything else.
  const values = document as ApiBody<'schema-studio/save-test-document'>['document'];
  return documentedCall('schema-studio/save-test-document', { name, context, document: values });
}

/** Deletes a saved test document. */
export function deleteTestDocument(
  id: number,
): Promise<ApiEnvelope<ApiAnswer<'schema-studio/delete-test-document'>>> {
  return documentedCall('schema-studio/delete-test-document', { id });
}
