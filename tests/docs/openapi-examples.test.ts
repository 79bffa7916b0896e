/**
 * The OpenAPI document's request examples as tests (issue 45): every JSON request example of
 * /api/openapi.json is sent to the server as it stands, its session key replaced by a signed-in demo
 * user's (the first of agent, admin, super-admin and customer the call lets in). The server must
 * take the example (never a 400 for the example's own body, never a 5xx); a success answer is the
 * SPEC §7 envelope whose `data` the suites' answer check holds to the documented schema; any other
 * answer is the SPEC §8 error envelope with a message (an example's id may name no demo record).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../server/helpers/test-app.ts';

type Operation = { requestBody?: { content?: Record<string, { example?: unknown }> } };
type Example = Record<string, unknown>;

/** The roles an example is tried as, in order, when it carries a session key. */
const ROLES = ['agent', 'admin', 'superadmin', 'customer'];

// The document is read at collection, so each example is a test of its own.
const t: TestApp = await startTestApp('pglite');
afterAll(() => t.close());
const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};
const examples = Object.entries(document.paths).flatMap(([url, byMethod]) => {
  const example = byMethod.post?.requestBody?.content?.['application/json']?.example as Example | undefined;
  return example === undefined ? [] : [[url, example] as const];
});
const sessions: Record<string, string> = {};

/** A live session key of the demo user `role@demo.test` (signed in again when an example ended it). */
async function sessionOf(role: string): Promise<string> {
  const known = sessions[role];
  if (known && (await t.post('auth/me', { session_key: known })).statusCode === 200) return known;
  sessions[role] = await t.loginAs(`${role}@demo.test`);
  return sessions[role];
}

/** The answer to `example` sent to `url`: status and, for JSON answers, the parsed body. */
async function sendExample(url: string, example: Example) {
  const answer = await t.app.inject({ method: 'POST', url, payload: example });
  const json = String(answer.headers['content-type']).startsWith('application/json');
  return { status: answer.statusCode, body: json ? answer.json() : undefined };
}

describe('the OpenAPI request examples', () => {
  it('cover the calls', () => {
    expect(examples.length).toBeGreaterThan(150);
  });

  it.each(examples)(
    '%s: the server takes its example and answers the documented envelope',
    async (url, example) => {
      let answer = await sendExample(url, example);
      let role = 'no session';
      if ('session_key' in example)
        for (role of ROLES) {
          answer = await sendExample(url, { ...example, session_key: await sessionOf(role) });
          if (answer.status !== 403) break;
        }
      const said = `as ${role}: ${answer.status} ${answer.body?.message ?? ''}`;
      expect(answer.status === 400 || answer.status >= 500, said).toBe(false);
      expect(answer.status, `${said} (no demo user may make it)`).not.toBe(403);
      if (answer.status === 200) {
        if (answer.body) expect(answer.body.status, said).toBe('success');
      } else {
        expect(answer.body?.status, said).toBe('error');
        expect(answer.body?.message, said).toEqual(expect.any(String));
      }
    },
  );
});
