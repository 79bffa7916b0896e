/**
 * preValidation hook: a body with objects or arrays nested more than MAX_BODY_DEPTH levels deep
 * is a 400. No document of ours comes near it; deeper bodies only exhaust the stack of recursive
 * walkers (the NUL check, Ajv, the engine, PostgreSQL's jsonb) and turned into 500s
 * (docs/decisions/107-fuzzed-bodies-on-every-endpoint.md).
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

/** Levels of objects and arrays a body may nest, the body itself being level 1. */
export const MAX_BODY_DEPTH = 32;

/** The path of the first container nested too deep, or null; iterative, so any depth is safe. */
function firstTooDeep(body: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: 'body', depth: 1 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path, depth } = item;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_BODY_DEPTH) return path;
    for (const [key, child] of Object.entries(value))
      stack.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
  }
  return null;
}

/** Throws ApiError 400 naming the first body path nested deeper than MAX_BODY_DEPTH. SPEC §8. */
export async function rejectDeepNesting(request: FastifyRequest): Promise<void> {
  const path = firstTooDeep(request.body);
  if (path) {
    const problem = `${path} is nested more than ${MAX_BODY_DEPTH} levels deep`;
    throw new ApiError(400, `Invalid request: ${problem}`, { [path]: problem });
  }
}
