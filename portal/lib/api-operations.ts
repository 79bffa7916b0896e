/**
 * The portal's call types, read from the generated OpenAPI types (issue 21,
 * portal/lib/api-schema.generated.ts from `npm run api:types`): for a call path as the portal
 * writes it (`'agent-portal/get-application-by-id'`, without `/api/`), the JSON body it sends
 * (without `session_key`, which `apiCall` adds) and the `data` of its success answer. A field
 * renamed in a server schema is then a compile error where the portal reads or sends it.
 * `apiData`/`apiCall` of api-client.ts take these types through `documentedData`.
 */
import { type ApiCallOptions, type ApiEnvelope, apiCall, apiData } from './api-client.ts';
import type { paths } from './api-schema.generated.ts';

type JsonBodyOf<Operation> = Operation extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
type SuccessDataOf<Operation> = Operation extends {
  responses: { 200: { content: { 'application/json': { data: infer Data } } } };
}
  ? Data
  : never;

/** Every POST call of the document, as the portal names it (the path after `/api/`). */
export type ApiPath = {
  [Path in keyof paths]: Path extends `/api/${infer Call}`
    ? paths[Path] extends { post: object }
      ? Call
      : never
    : never;
}[keyof paths];

/** The JSON body of a call, without `session_key`. */
export type ApiBody<Call extends ApiPath> = Omit<JsonBodyOf<paths[`/api/${Call}`]['post']>, 'session_key'>;

/** The `data` of a call's success answer, as the document declares it. */
export type ApiAnswer<Call extends ApiPath> = SuccessDataOf<paths[`/api/${Call}`]['post']>;

/**
 * `apiData` with the document's types: POSTs `body` to `/api/<call>` and resolves to the answer's
 * `data`; throws `ApiRequestError` for an error answer (SPEC §8), as `apiData` does. `query` is
 * appended to the path (`?page=2&per_page=10`).
 */
export function documentedData<Call extends ApiPath>(
  call: Call,
  body: ApiBody<Call>,
  options: ApiCallOptions & { query?: string } = {},
): Promise<ApiAnswer<Call>> {
  const { query = '', ...callOptions } = options;
  return apiData<ApiAnswer<Call>>(`${call}${query}`, body as Record<string, unknown>, callOptions);
}

/**
 * `apiCall` with the document's types: the envelope of the answer (never throws; SPEC §8 handling
 * as in `apiCall`), its `data` typed as the call's success answer.
 */
export function documentedCall<Call extends ApiPath>(
  call: Call,
  body: ApiBody<Call>,
  options: ApiCallOptions & { query?: string } = {},
): Promise<ApiEnvelope<ApiAnswer<Call>>> {
  const { query = '', ...callOptions } = options;
  return apiCall<ApiAnswer<Call>>(`${call}${query}`, body as Record<string, unknown>, callOptions);
}
