/**
 * Uploaded training videos (issue 15, ADR 260, 261) on PGlite and PostgreSQL: an admin streams an
 * MP4 or WebM file in (type by its first bytes, size limit, nothing stored when refused or cut off),
 * a training video entry takes the upload, agents play it with byte ranges (first bytes, a middle
 * range across chunks, a suffix, 416 past the end), and deleting the entry deletes the file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../server/services/actor.ts';
import { authenticate } from '../../server/services/auth-service.ts';
import { VIDEO_FILE_GONE_MESSAGE } from '../../server/services/resources-service.ts';
import {
  ABANDONED_VIDEO_MS,
  storeVideoUpload,
  VIDEO_EMPTY_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
  VIDEO_TYPE_MESSAGE,
} from '../../server/services/video-upload.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const WEBM = readFileSync(join(import.meta.dirname, '../fixtures/tiny-video.webm'));
/** The start of an ISO base media file: a `ftyp` box (brand isom), then padding. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(200, 7),
]);

describe.each(DATABASE_KINDS)('uploaded training videos on %s', (kind) => {
  let t: TestApp;
  let adminKey: string;
  let agentKey: string;
  let otherAgentKey: string;
  let otherAdminKey: string;
  let customerKey: string;
  let admin: Actor;

  const upload = (
    key: string | undefined,
    payload: Buffer,
    contentType = 'video/webm',
    fileName = 'flood-basics.webm',
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/resources/upload-video',
      query: { ...(key ? { session_key: key } : {}), file_name: fileName },
      headers: { 'content-type': contentType, ...headers },
      payload,
    });
  const create = (key: string, body: Record<string, unknown>) =>
    t.post('resources/create', { session_key: key, kind: 'training_video', title: 'Flood basics', ...body });
  const file = (id: number, key: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/resources/file/${id}`, query: { session_key: key }, headers });
  /** An entry holding `bytes` stored in chunks of `chunkBytes` (the service, to choose the chunk size). */
  const entryOf = async (bytes: Buffer, chunkBytes: number) => {
    const stored = await storeVideoUpload(
      t.db,
      admin,
      { fileName: 'chunked.webm', contentType: 'video/webm', body: Readable.from([bytes]) },
      { chunkBytes },
    );
    const created = await create(adminKey, { video_file_id: stored.video_file.id });
    expect(created.statusCode, created.body.message).toBe(200);
    return created.body.data.resource.id as number;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    [adminKey, agentKey, otherAgentKey, otherAdminKey, customerKey] = await Promise.all(
      [
        'admin@demo.test',
        'agent@demo.test',
        'otheragent@demo.test',
        'otheradmin@demo.test',
        'customer@demo.test',
      ].map((email) => t.loginAs(email)),
    );
    admin = (await authenticate(t.db, adminKey)).actor;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('takes an admin upload, makes it a training video and plays it whole to agents of the company', async () => {
    const answer = await upload(adminKey, WEBM);
    expect(answer.statusCode, answer.body).toBe(200);
    const uploaded = answer.json().data.video_file;
    expect(uploaded).toMatchObject({
      file_name: 'flood-basics.webm',
      content_type: 'video/webm',
      size_bytes: WEBM.length,
    });
    const created = await create(adminKey, { video_file_id: uploaded.id, category: 'Flood basics' });
    expect(created.statusCode, created.body.message).toBe(200);
    const resource = created.body.data.resource;
    expect(resource).toMatchObject({
      url: null,
      file_name: 'flood-basics.webm',
      file_url: `/api/resources/file/${resource.id}`,
    });

    const listed = await t.post('resources/list', { session_key: agentKey, kind: 'training_video' });
    expect(listed.body.data.resources.map((r: { file_url: string }) => r.file_url)).toContain(
      resource.file_url,
    );

    const whole = await file(resource.id, agentKey);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/webm',
      'accept-ranges': 'bytes',
      'content-length': String(WEBM.length),
    });
    expect(whole.rawPayload.equals(WEBM)).toBe(true);
    expect((await file(resource.id, otherAgentKey)).statusCode).toBe(404);

    // The same upload cannot be taken twice, nor by another admin.
    expect((await create(adminKey, { video_file_id: uploaded.id })).body.message).toBe(
      VIDEO_FILE_GONE_MESSAGE,
    );
    const again = (await upload(adminKey, WEBM)).json().data.video_file.id;
    const stolen = await create(otherAdminKey, { video_file_id: again });
    expect([stolen.statusCode, stolen.body.message]).toEqual([400, VIDEO_FILE_GONE_MESSAGE]);
    // A carrier document does not take a video file; a video takes one source only.
    expect(
      (await create(adminKey, { kind: 'carrier_document', carrier: 'titan', video_file_id: again }))
        .statusCode,
    ).toBe(400);
    expect(
      (await create(adminKey, { video_file_id: again, url: 'https://example.com/v.mp4' })).statusCode,
    ).toBe(400);
  });

  it('answers byte ranges: first bytes, a middle range across chunks, a suffix, the tail, 416 past the end', async () => {
    const id = await entryOf(WEBM, 1000);
    const size = WEBM.length;
    const range = async (header: string) => {
      const answer = await file(id, agentKey, { range: header });
      return { status: answer.statusCode, headers: answer.headers, body: answer.rawPayload };
    };

    const first = await range('bytes=0-99');
    expect(first.status).toBe(206);
    expect(first.headers).toMatchObject({ 'content-range': `bytes 0-99/${size}`, 'content-length': '100' });
    expect(first.body.equals(WEBM.subarray(0, 100))).toBe(true);

    const middle = await range('bytes=1500-4499');
    expect([middle.status, middle.headers['content-range']]).toEqual([206, `bytes 1500-4499/${size}`]);
    expect(middle.body.equals(WEBM.subarray(1500, 4500))).toBe(true);

    const suffix = await range('bytes=-500');
    expect([suffix.status, suffix.headers['content-range']]).toEqual([
      206,
      `bytes ${size - 500}-${size - 1}/${size}`,
    ]);
    expect(suffix.body.equals(WEBM.subarray(size - 500))).toBe(true);

    const tail = await range(`bytes=${size - 10}-`);
    expect(tail.body.equals(WEBM.subarray(size - 10))).toBe(true);
    const clipped = await range(`bytes=${size - 3}-${size + 1000}`);
    expect([clipped.status, clipped.headers['content-range']]).toEqual([
      206,
      `bytes ${size - 3}-${size - 1}/${size}`,
    ]);

    for (const header of [`bytes=${size}-`, `bytes=${size + 5}-${size + 9}`, 'bytes=-0']) {
      const refused = await range(header);
      expect([refused.status, refused.headers['content-range']], header).toEqual([416, `bytes */${size}`]);
      expect(JSON.parse(refused.body.toString()).code).toBe(416);
    }
    // Several ranges, a malformed one or a stale If-Range: the whole file.
    for (const header of ['bytes=0-1,5-6', 'bytes=9-2', 'pages=1-2', 'bytes=abc']) {
      const whole = await range(header);
      expect([whole.status, whole.body.length], header).toEqual([200, size]);
    }
    const stale = await file(id, agentKey, { range: 'bytes=0-9', 'if-range': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    const fresh = await file(id, agentKey, { range: 'bytes=0-9', 'if-range': String(stale.headers.etag) });
    expect(fresh.statusCode).toBe(206);
  });

  it('answers any range of any chunking with exactly those bytes', async () => {
    const bytes = WEBM.subarray(0, 3000);
    const ids = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(64, 333, 1024, 4096),
        fc.nat(bytes.length - 1),
        fc.nat(bytes.length),
        async (chunkBytes, start, span) => {
          if (!ids.has(chunkBytes)) ids.set(chunkBytes, await entryOf(bytes, chunkBytes));
          const end = Math.min(bytes.length - 1, start + span);
          const answer = await file(ids.get(chunkBytes) as number, agentKey, {
            range: `bytes=${start}-${end}`,
          });
          expect(answer.statusCode).toBe(206);
          expect(answer.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses what is not an MP4 or WebM video, too large, empty or not an admin’s, storing nothing', async () => {
    const before = await t.count('video_files');
    const refusal = async (answer: Awaited<ReturnType<typeof upload>>) => [
      answer.statusCode,
      answer.json().message,
    ];
    expect(await refusal(await upload(adminKey, WEBM, 'video/mp4'))).toEqual([415, VIDEO_TYPE_MESSAGE]);
    expect(await refusal(await upload(adminKey, MP4, 'video/webm'))).toEqual([415, VIDEO_TYPE_MESSAGE]);
    const html = Buffer.from(`<html><script>alert(1)</script>${' '.repeat(100)}</html>`);
    expect(await refusal(await upload(adminKey, html, 'video/webm'))).toEqual([415, VIDEO_TYPE_MESSAGE]);
    const pdf = Buffer.from(`%PDF-1.4\n${'x'.repeat(100)}`);
    expect(await refusal(await upload(adminKey, pdf, 'video/mp4'))).toEqual([415, VIDEO_TYPE_MESSAGE]);
    expect((await upload(adminKey, WEBM, 'text/plain')).statusCode).toBe(415);
    expect((await upload(adminKey, WEBM, 'application/octet-stream')).statusCode).toBe(415);
    expect(await refusal(await upload(adminKey, Buffer.alloc(0)))).toEqual([400, VIDEO_EMPTY_MESSAGE]);
    expect(await refusal(await upload(adminKey, WEBM.subarray(0, 8)))).toEqual([415, VIDEO_TYPE_MESSAGE]);
    // A Content-Length past the limit is refused before a byte is read.
    const huge = await upload(adminKey, WEBM, 'video/webm', 'big.webm', {
      'content-length': String(300 * 1024 * 1024),
    });
    expect(await refusal(huge)).toEqual([413, VIDEO_TOO_LARGE_MESSAGE]);
    expect((await upload(adminKey, WEBM, 'video/webm', '   ')).statusCode).toBe(400);
    expect((await upload(agentKey, WEBM)).statusCode).toBe(403);
    expect((await upload(customerKey, WEBM)).statusCode).toBe(403);
    expect((await upload(undefined, WEBM)).statusCode).toBe(401);
    expect(await t.count('video_files')).toBe(before);
    expect(await t.count('video_file_chunks')).toBeGreaterThan(0);
  });

  it('drops an upload that passes the limit while streaming, or is cut off half-way', async () => {
    const before = [await t.count('video_files'), await t.count('video_file_chunks')];
    const pieces = (count: number) =>
      Array.from({ length: count }, (_, i) => WEBM.subarray(i * 1000, (i + 1) * 1000));
    await expect(
      storeVideoUpload(
        t.db,
        admin,
        { fileName: 'long.webm', contentType: 'video/webm', body: Readable.from(pieces(12)) },
        { maxBytes: 10_000, chunkBytes: 1000 },
      ),
    ).rejects.toMatchObject({ statusCode: 413 });
    async function* cutOff() {
      yield* pieces(5);
      throw new Error('connection reset');
    }
    await expect(
      storeVideoUpload(
        t.db,
        admin,
        { fileName: 'cut.webm', contentType: 'video/webm', body: cutOff() },
        { chunkBytes: 1000 },
      ),
    ).rejects.toThrow('connection reset');
    expect([await t.count('video_files'), await t.count('video_file_chunks')]).toEqual(before);
  });

  it('deletes the file with its entry, and uploads no entry took within a day', async () => {
    const taken = await entryOf(WEBM, 4096);
    const loose = (await upload(adminKey, WEBM)).json().data.video_file.id;
    const files = await t.count('video_files');
    expect((await t.post('resources/delete', { session_key: adminKey, id: taken })).statusCode).toBe(200);
    expect(await t.count('video_files')).toBe(files - 1);
    // The next upload a day later sweeps the loose one (and every other loose one of this suite).
    const later = new Date(Date.now() + ABANDONED_VIDEO_MS + 60_000);
    const fresh = await storeVideoUpload(
      t.db,
      admin,
      { fileName: 'next.webm', contentType: 'video/webm', body: Readable.from([WEBM]) },
      { now: later },
    );
    expect((await create(adminKey, { video_file_id: loose })).body.message).toBe(VIDEO_FILE_GONE_MESSAGE);
    expect((await create(adminKey, { video_file_id: fresh.video_file.id })).statusCode).toBe(200);
  });
});
