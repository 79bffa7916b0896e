/**
 * Route handlers read their bodies, params and queries as their own JSON Schemas type them (issue
 * 41): the registrars of server/routes/session-route.ts give a handler `request.body` as FromSchema
 * of the schema it registers, and a route with options of its own declares `Body`, `Params` or
 * `Querystring` as SchemaValue of its schemas, so a schema and its handler cannot disagree. A
 * `request.body as ...` (or params, query) cast or a `bodyOf<...>` call says the opposite, and no
 * server file has one (ADR 769); the list below is empty and stays so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** Files not typed by their schema, relative to the repository root: none since ADR 769's last step. */
const NOT_YET_TYPED: string[] = [];

/** A cast of a request's body, params or query, or a call of the transitional bodyOf. */
const UNTYPED_BODY = /\(?request\.(body|params|query)\)? as\b|\bbodyOf\b/;

/** Every .ts file under `folder`, relative to the repository root, sorted. */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => relative(ROOT, join(ROOT, folder, name)))
    .sort();
}

describe('typed request bodies', () => {
  it('no server file casts a request body or calls bodyOf beyond the shrinking list', () => {
    const untyped = sourceFiles('server').filter((file) =>
      UNTYPED_BODY.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(untyped).toEqual(NOT_YET_TYPED);
  });

  it('finds a cast and a bodyOf call, and passes a typed read', () => {
    expect(UNTYPED_BODY.test('const body = request.body as { zip: string };')).toBe(true);
    expect(UNTYPED_BODY.test('const body = bodyOf<{ zip: string }>(request);')).toBe(true);
    expect(UNTYPED_BODY.test('const { id } = request.params as { id: string };')).toBe(true);
    expect(UNTYPED_BODY.test('Number((request.query as { id: string }).id)')).toBe(true);
    expect(UNTYPED_BODY.test('const { zip } = request.body;')).toBe(false);
    expect(UNTYPED_BODY.test('const { id } = request.params;')).toBe(false);
  });
});
