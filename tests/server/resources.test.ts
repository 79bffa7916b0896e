/**
 * Resources (issue 15) on PGlite and PostgreSQL: an admin adds a carrier document (file) and a
 * training video (https address) for their company, a super-admin a global one; agents see the
 * global ones and their company's, never another company's; search; "new" until opened; watched
 * seconds only grow; the file is served to those who see it; bad input is refused and changes
 * nothing; only the owner's admin (or a super-admin) changes or deletes; an edit of nothing is a
 * no-op, not an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../server/db/schema.ts';
import { URL_OR_FILE_MESSAGE } from '../../server/services/resources-service.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n').toString('base64');

describe.each(DATABASE_KINDS)('resources on %s', (kind) => {
  let t: TestApp;
  let agentKey: string;
  let adminKey: string;
  let superKey: string;
  let otherAdminKey: string;
  let otherAgentKey: string;
  const ids: Record<string, number> = {};

  const call = (key: string, path: string, body: Record<string, unknown> = {}) =>
    t.post(`resources/${path}`, { session_key: key, ...body });
  const titles = async (key: string, wanted: string, search = '') =>
    (await call(key, 'list', { kind: wanted, search })).body.data.resources.map(
      (r: { title: string }) => r.title,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    [agentKey, adminKey, superKey, otherAdminKey, otherAgentKey] = await Promise.all(
      [
        'agent@demo.test',
        'admin@demo.test',
        'superadmin@demo.test',
        'otheradmin@demo.test',
        'otheragent@demo.test',
      ].map((email) => t.loginAs(email)),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores company and global entries and shows each to whom it belongs', async () => {
    const guide = await call(adminKey, 'create', {
      kind: 'carrier_document',
      carrier: 'titan',
      title: 'Titan binding authority',
      description: 'Limits and referral rules',
      document: { name: 'titan.pdf', content_base64: PDF, content_type: 'application/pdf' },
    });
    expect(guide.statusCode, guide.body.message).toBe(200);
    ids.guide = guide.body.data.resource.id;
    const video = await call(adminKey, 'create', {
      kind: 'training_video',
      title: 'Elevation certificates in 5 minutes',
      category: 'Underwriting',
      url: 'https://videos.example.com/ec.mp4',
    });
    ids.video = video.body.data.resource.id;
    const global = await call(superKey, 'create', {
      kind: 'training_video',
      title: 'NFIP basics',
      category: 'Flood',
      url: 'https://videos.example.com/nfip.mp4',
    });
    expect(global.body.data.resource.scope).toBe('global');
    ids.global = global.body.data.resource.id;

    expect(await titles(agentKey, 'training_video')).toEqual([
      'NFIP basics',
      'Elevation certificates in 5 minutes',
    ]);
    expect(await titles(otherAgentKey, 'training_video')).toEqual(['NFIP basics']);
    expect(await titles(agentKey, 'carrier_document')).toEqual(['Titan binding authority']);
    expect(await titles(agentKey, 'training_video', 'elevation')).toEqual([
      'Elevation certificates in 5 minutes',
    ]);
    expect(await titles(agentKey, 'training_video', '100%')).toEqual([]);
  });

  it('refuses bad entries and changes nothing', async () => {
    const before = await t.db.select().from(resources);
    const refused = [
      await call(adminKey, 'create', { kind: 'training_video', title: 'No address' }),
      await call(adminKey, 'create', {
        kind: 'training_video',
        title: 'Plain http',
        url: 'http://example.com/a.mp4',
      }),
      await call(adminKey, 'create', { kind: 'training_video', title: 'Script', url: 'javascript:alert(1)' }),
      await call(adminKey, 'create', {
        kind: 'carrier_document',
        title: 'No carrier',
        url: 'https://example.com/g.pdf',
      }),
      await call(adminKey, 'create', {
        kind: 'carrier_document',
        carrier: 'titan',
        title: 'Not a PDF',
        document: {
          name: 'x.pdf',
          content_base64: Buffer.from('<html>').toString('base64'),
          content_type: 'application/pdf',
        },
      }),
      await call(agentKey, 'create', {
        kind: 'training_video',
        title: 'Agent',
        url: 'https://example.com/a.mp4',
      }),
      await call(superKey, 'create', {
        kind: 'training_video',
        title: 'Nobody',
        url: 'https://example.com/a.mp4',
        company_id: 2147483000,
      }),
      await call(otherAdminKey, 'update', { id: ids.video, title: 'Taken over' }),
      await call(adminKey, 'delete', { id: ids.global }),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400, 403, 404, 404, 404]);
    expect(refused[0].body.message).toBe(URL_OR_FILE_MESSAGE);
    expect(await t.db.select().from(resources)).toEqual(before);
  });

  it('is new until opened, and remembers how far a video was watched', async () => {
    const video = async () =>
      (await call(agentKey, 'list', { kind: 'training_video' })).body.data.resources.find(
        (r: { id: number }) => r.id === ids.video,
      );
    expect(await video()).toMatchObject({ is_new: true, seconds_watched: 0, completed: false });
    await call(agentKey, 'record-view', { id: ids.video, seconds_watched: 95.6 });
    await call(agentKey, 'record-view', { id: ids.video, seconds_watched: 40 });
    expect(await video()).toMatchObject({ is_new: false, seconds_watched: 95, completed: false });
    await call(agentKey, 'record-view', { id: ids.video, seconds_watched: 300, completed: true });
    await call(agentKey, 'record-view', { id: ids.video, seconds_watched: 10, completed: false });
    expect(await video()).toMatchObject({ seconds_watched: 300, completed: true });
    // Another user's view is their own.
    const mine = (await call(adminKey, 'list', { kind: 'training_video' })).body.data.resources.find(
      (r: { id: number }) => r.id === ids.video,
    );
    expect(mine).toMatchObject({ is_new: true, seconds_watched: 0 });
    expect((await call(otherAgentKey, 'record-view', { id: ids.video })).statusCode).toBe(404);
  });

  it('serves the file to those who see it', async () => {
    const url = `/api/resources/file/${ids.guide}`;
    const ok = await t.app.inject({ method: 'GET', url, query: { session_key: agentKey } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.rawPayload.toString('base64')).toBe(PDF);
    expect(
      (await t.app.inject({ method: 'GET', url, query: { session_key: otherAgentKey } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('lets the owner admin edit and delete, and the super-admin the global ones', async () => {
    expect((await call(adminKey, 'update', { id: ids.video, title: 'ECs in five minutes' })).statusCode).toBe(
      200,
    );
    expect(await titles(agentKey, 'training_video', 'five')).toEqual(['ECs in five minutes']);
    // An edit that names nothing to change changes nothing, and says so without an error.
    const unchanged = await call(adminKey, 'update', { id: ids.video });
    expect(unchanged.statusCode, unchanged.body.message).toBe(200);
    expect(await titles(agentKey, 'training_video', 'five')).toEqual(['ECs in five minutes']);
    expect(
      (await call(adminKey, 'update', { id: ids.guide, url: 'https://example.com/x.pdf' })).statusCode,
    ).toBe(400);
    expect((await call(superKey, 'delete', { id: ids.global })).statusCode).toBe(200);
    expect(await titles(otherAgentKey, 'training_video')).toEqual([]);
    expect((await call(adminKey, 'delete', { id: ids.video })).statusCode).toBe(200);
    expect(await titles(agentKey, 'training_video')).toEqual([]);
  });
});
