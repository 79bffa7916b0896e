/**
 * Checks every answer a server suite receives against the OpenAPI document (issue 21): the
 * answer of route R with status S must match the schema the document declares for R and S
 * (S itself, else its `4XX`/`5XX` range), and be of a documented media type. Answers are
 * serialised through their schema (fast-json-stringify, ADR 490), which drops undeclared fields
 * and coerces types silently; so the serialised answer must also be exactly what JSON.stringify
 * makes of the value the route sent: a field the schema forgot, a `null` turned into `""` or an
 * open object emptied is a mismatch naming its path. A mismatch turns the answer into a 500
 * envelope naming the problem, so the test that produced it fails, and is kept in `mismatches`
 * so the suite's close() fails too even when the test ignored the status.
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

/** The first path where `served` differs from `sent` (both parsed JSON), or null when equal. */
export function firstDifference(sent: unknown, served: unknown, path = 'answer'): string | null {
  if (sent === served) return null;
  if (Array.isArray(sent) && Array.isArray(served)) {
    if (sent.length !== served.length) return `${path} has ${served.length} items, not ${sent.length}`;
    for (let index = 0; index < sent.length; index += 1) {
      const difference = firstDifference(sent[index], served[index], `${path}[${index}]`);
      if (difference) return difference;
    }
    return null;
  }
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (isObject(sent) && isObject(served)) {
    for (const key of Object.keys(sent)) {
      if (!(key in served)) return `${path}.${key} is not declared by the schema and was dropped`;
      const difference = firstDifference(sent[key], served[key], `${path}.${key}`);
      if (difference) return difference;
    }
    const added = Object.keys(served).find((key) => !(key in sent));
    return added ? `${path}.${added} was added by the schema` : null;
  }
  return `${path} was ${JSON.stringify(sent)} but is served as ${JSON.stringify(served)}`;
}

/** The one Ajv of the process's checks: every app documents the same answers. */
const ajv = new Ajv2020({ strict: false, allErrors: false });
type AnswerValidator = ReturnType<typeof ajv.compile>;
/** Validators by the schema's JSON text, shared by every app of the worker (PGlite's and PostgreSQL's). */
const validatorsByText = new Map<string, AnswerValidator>();
/** The same, by schema object: each app's document has objects of its own, each looked up once. */
const validatorsBySchema = new WeakMap<object, AnswerValidator>();

/**
 * The validator of a documented answer schema, compiled once per process: the server suites build
 * two apps a file (one per database) and a worker runs many files, each with a document of the same
 * schemas; compiling them for every app took 2.2 s of the access matrix's 98 s of CPU.
 */
function answerValidator(schema: object): AnswerValidator {
  let validate = validatorsBySchema.get(schema);
  if (validate) return validate;
  const text = JSON.stringify(schema);
  validate = validatorsByText.get(text);
  if (!validate) {
    validate = ajv.compile(JSON.parse(text));
    validatorsByText.set(text, validate);
  }
  validatorsBySchema.set(schema, validate);
  return validate;
}

/**
 * Adds the check to `app` (before `ready`); answers of unknown URLs and hidden routes (the
 * document itself) are not checked. Returns the list of mismatches found so far.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): string[] {
  const mismatches: string[] = [];
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
    const validate = answerValidator(schema);
    if (validate(JSON.parse(payload))) return null;
    return ajv.errorsText(validate.errors, { dataVar: 'answer' });
  };

  // What JSON.stringify makes of each answer the route sent, before the schema serialises it.
  const sentAsJson = new WeakMap<FastifyRequest, string>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    sentAsJson.set(request, JSON.stringify(payload));
    return payload;
  });
  const changedBySerialiser = (request: FastifyRequest, payload: unknown): string | null => {
    const sent = sentAsJson.get(request);
    sentAsJson.delete(request);
    if (sent === undefined || typeof payload !== 'string') return null;
    return firstDifference(JSON.parse(sent), JSON.parse(payload));
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const problem = changedBySerialiser(request, payload) ?? problemOf(request, reply, payload);
    if (!problem) return payload;
    const message = `Answer does not match the OpenAPI document: ${request.method} ${request.routeOptions.url} ${reply.statusCode}: ${problem}`;
    mismatches.push(message);
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify(failure(500, message));
  });
  return mismatches;
}
