/**
 * Turns every thrown error into the envelope of docs/api.md. Client mistakes (schema failures,
 * bad JSON, wrong content type, oversized bodies) answer 4xx; only our own faults answer 500,
 * with a generic message so internals never leak.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';
import { failure } from './envelope.ts';

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `Invalid request: <first problem>` and path -> problem for every issue. SPEC §8, docs/api.md. */
export function describeValidation(
  issues: AjvIssue[],
  context: string,
): { message: string; errorObj: Record<string, string> } {
  const errorObj: Record<string, string> = {};
  for (const issue of issues) {
    const segments = issue.instancePath.split('/').filter(Boolean);
    let problem = issue.message ?? 'is invalid';
    if (issue.keyword === 'additionalProperties') {
      segments.push(String(issue.params.additionalProperty));
      problem = 'is not an allowed property';
    } else if (issue.keyword === 'required') {
      segments.push(String(issue.params.missingProperty));
      problem = 'is required';
    }
    const path = [context, ...segments].join('.');
    if (!(path in errorObj)) errorObj[path] = `${path} ${problem}`;
  }
  const first = Object.values(errorObj)[0] ?? `${context} is invalid`;
  return { message: `Invalid request: ${first}`, errorObj };
}

/** Fastify error handler answering the envelope. docs/api.md Errors. */
export function errorHandler(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return reply
      .code(error.statusCode)
      .send(failure(error.statusCode, error.message, error.errorObj, error.data));
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const { message, errorObj } = describeValidation(
      fastifyError.validation as AjvIssue[],
      fastifyError.validationContext ?? 'body',
    );
    return reply.code(400).send(failure(400, message, errorObj));
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = status === 429 ? fastifyError.message : `Invalid request: ${fastifyError.message}`;
    return reply.code(status).send(failure(status, message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(failure(500, 'Internal Server Error'));
}
