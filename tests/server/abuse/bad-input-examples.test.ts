/**
 * Examples of bad input, each with its exact answer, beside the fuzz suite's properties: the
 * field a wrong type names, the depth limit at its edge (docs/decisions/107-fuzzed-bodies-on-every-endpoint.md),
 * prototype-pollution keys, a URL that is not UTF-8, and that none of them changes a row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH } from '../../../server/http/reject-deep-nesting.ts';
import { type AccountsFixture, accountsFixture } from '../helpers/accounts-fixture.ts';
import { dumpTables, type TableDump } from '../helpers/dump-tables.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

/** `{"a":{"a":...null}}` with `levels` objects, the outermost included. */
function nestedObjects(levels: number): string {
  return `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
}

describe.each(DATABASE_KINDS)('bad input examples on %s', (kind) => {
  let t: TestApp;
  let f: AccountsFixture;
  let before: TableDump;
  beforeAll(async () => {
    t = await startTestApp(kind, { accounts: { mailSink: false } });
    f = await accountsFixture(t);
    before = await dumpTables(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function postText(path: string, text: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'content-type': 'application/json' },
      payload: text,
    });
    return { statusCode: response.statusCode, body: response.json() };
  }

  it('refuses a wrong-typed field with 400 naming it', async () => {
    const result = await t.post('users/create', {
      session_key: f.keys.admin,
      name: 'X Y',
      email: 'xy@demo.test',
      password: 12345678,
      role: 'agent',
    });
    expect(result.statusCode).toBe(400);
    expect(result.body.message).toBe('Invalid request: body.password must be string');
    expect(result.body.error_obj).toEqual({ 'body.password': 'body.password must be string' });
  });

  it(`validates a body ${MAX_BODY_DEPTH} levels deep and refuses one level more, at any depth`, async () => {
    const key = f.keys.admin;
    const atLimit = await postText(
      'profile/update',
      `{"session_key":"${key}","name":${nestedObjects(MAX_BODY_DEPTH - 1)}}`,
    );
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.body.message).toBe('Invalid request: body.name must be string');
    const path = ['body', 'name', ...Array(MAX_BODY_DEPTH - 1).fill('a')].join('.');
    const problem = `${path} is nested more than ${MAX_BODY_DEPTH} levels deep`;
    for (const levels of [MAX_BODY_DEPTH, 100_000]) {
      const tooDeep = await postText(
        'profile/update',
        `{"session_key":"${key}","name":${nestedObjects(levels)}}`,
      );
      expect(tooDeep.statusCode, `${levels} levels`).toBe(400);
      expect(tooDeep.body).toMatchObject({
        message: `Invalid request: ${problem}`,
        error_obj: { [path]: problem },
      });
    }
    const arrays = await postText('profile/update', `[${'['.repeat(200_000)}${']'.repeat(200_000)}]`);
    expect(arrays.statusCode).toBe(400);
    expect(arrays.body.message).toMatch(/^Invalid request: body(\.0)+ is nested more than/);
  });

  it('refuses prototype-pollution keys before any handler, and pollutes nothing', async () => {
    for (const text of [
      `{"session_key":"${f.keys.admin}","__proto__":{"role":"super-admin"}}`,
      `{"session_key":"${f.keys.admin}","name":"X Y","constructor":{"prototype":{"role":"super-admin"}}}`,
    ]) {
      const result = await postText('profile/update', text);
      expect(result.statusCode, text).toBe(400);
      // Fastify's JSON parser (secure-json-parse) refuses them and words it as invalid JSON.
      expect(result.body.message, text).toBe(
        "Invalid request: Body is not valid JSON but content-type is set to 'application/json'",
      );
    }
    const prototypeOnly = await postText(
      'profile/update',
      `{"session_key":"${f.keys.admin}","prototype":{"x":1}}`,
    );
    expect(prototypeOnly.body.message).toBe('Invalid request: body.prototype is not an allowed property');
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    const me = await t.post('auth/me', { session_key: f.keys.admin });
    expect(me.body.data.user.role).toBe('admin');
  });

  it('answers the envelope for a URL that is not UTF-8, before any route', async () => {
    for (const url of ['/api/files/%ED%A0%80', '/api/auth/saml/%ED%A0%80/login', '/%ED%A0%80']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        status: 'error',
        code: 400,
        message: `Invalid request: '${url}' is not a valid url component`,
        data: null,
        error_obj: null,
      });
    }
  });

  it('changed not one row', async () => {
    expect(await dumpTables(t.db)).toEqual(before);
  });
});
