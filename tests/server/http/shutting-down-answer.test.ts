/**
 * A request that reaches a closing server (issue 47): 503 in the SPEC §7 envelope with
 * `Connection: close`, not Fastify's own body. The request is sent while close() waits in a
 * preClose hook of the test's, after the app's own, so the server still accepts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { failure } from '../../../server/http/envelope.ts';
import { SHUTTING_DOWN_MESSAGE } from '../../../server/http/shutting-down-answer.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('a request reaching a closing server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is answered 503 in the envelope, and the connection closed', async () => {
    const app = await buildApp({ db: t.db, startWorker: false, portalDir: null });
    let closingBegan: () => void = () => {};
    const began = new Promise<void>((resolve) => {
      closingBegan = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.addHook('preClose', async () => {
      closingBegan();
      await released;
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const before = await fetch(`${address}/api/is-it-working-hour`);
    expect(before.status).toBe(200);
    const closed = app.close();
    await began;
    const answers = await Promise.all(
      ['/api/agent-portal/get-agent-applications-list', '/api/no-such-call'].map((path) =>
        fetch(`${address}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ session_key: 'x' }),
        }),
      ),
    );
    release();
    await closed;
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('connection')).toBe('close');
      expect(await answer.json()).toEqual(failure(503, SHUTTING_DOWN_MESSAGE));
    }
  });
});
