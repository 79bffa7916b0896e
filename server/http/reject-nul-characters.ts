/**
 * preValidation hook: a body string containing U+0000 is a 400. PostgreSQL text and jsonb cannot
 * store that character, so letting it through would turn a client mistake into a 500.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.ts';

function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}.${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = key.includes('\u0000') ? `${path}.${key}` : findNul(child, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/** Throws ApiError 400 naming the first body path holding a NUL character. SPEC §8. */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  const path = findNul(request.body, 'body');
  if (path) {
    const problem = `${path} must not contain NUL characters`;
    throw new ApiError(400, `Invalid request: ${problem}`, { [path]: problem });
  }
}
