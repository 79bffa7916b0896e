/**
 * Checks every answer a server suite receives against the OpenAPI document (issue 21): the
 * answer of route R with status S must match the schema the document declares for R and S
 * (S itself, else its `4XX`/`5XX` range), and be of a documented media type. A mismatch turns
 * the answer into a 500 envelope naming the problem, so the test that produced it fails, and is
 * kept in `mismatches` so the suite's close() fails too even when the test ignored the status.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from '../../../server/http/envelope.ts';

interface MediaType {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, ResponseObject>;
}

/** The documented answer of `status` among `responses`: exact, then range, then default. */
function documentedResponse(responses: Record<string, ResponseObject>, status: number) {
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** Whether `actual` (a Content-Type header) is one of the documented media types. */
function mediaTypeMatches(documented: string[], actual: string): boolean {
  const type = actual.split(';')[0].trim().toLowerCase();
  return documented.some((entry) =>
    entry.endsWith('/*') ? type.startsWith(entry.slice(0, -1)) : entry.toLowerCase() === type,
  );
}

/**
 * Adds the check to `app` (before `ready`); answers of unknown URLs and hidden routes (the
 * document itself) are not checked. Returns the list of mismatches found so far.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): string[] {
  const mismatches: string[] = [];
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  const validators = new Map<object, ReturnType<typeof ajv.compile>>();
  let paths: Record<string, Record<string, Operation>> | null = null;

  const problemOf = (request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null => {
    const url = request.routeOptions.url;
    if (!url || request.method === 'HEAD') return null;
    paths ??= (app.swagger() as { paths: Record<string, Record<string, Operation>> }).paths;
    const operation = paths[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[request.method.toLowerCase()];
    if (!operation) return null;
    const response = documentedResponse(operation.responses ?? {}, reply.statusCode);
    if (!response) return `status ${reply.statusCode} is not documented`;
    const content = response.content ?? {};
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (Object.keys(content).length === 0) return null;
    if (!mediaTypeMatches(Object.keys(content), contentType))
      return `content type ${contentType || '(none)'} is not one of ${Object.keys(content).join(', ')}`;
    const schema = content['application/json']?.schema;
    if (!schema || typeof payload !== 'string') return null;
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    if (validate(JSON.parse(payload))) return null;
    return ajv.errorsText(validate.errors, { dataVar: 'answer' });
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const problem = problemOf(request, reply, payload);
    if (!problem) return payload;
    const message = `Answer does not match the OpenAPI document: ${request.method} ${request.routeOptions.url} ${reply.statusCode}: ${problem}`;
    mismatches.push(message);
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify(failure(500, message));
  });
  return mismatches;
}
