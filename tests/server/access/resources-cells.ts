/**
 * Cells of the resources calls (issue 15, docs/decisions/200-resources-and-blank.md): the application
 * callers' guard; every worker reads the global entries and their company's and records their own
 * views; the company's admin (or a super-admin) writes; another company's entries are not found.
 * Refused writes leave the resources as they were.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resources, videoFiles } from '../../../server/db/schema.ts';
import { insertResource } from '../../../server/repositories/resources-repository.ts';
import type { Cell } from './access-cell.ts';
import type { AccessWorld } from './access-world.ts';
import { MANAGERS_OTHER, MANAGERS_OWN, SUPER_ONLY, WORKERS_OTHER, WORKERS_OWN } from './callers.ts';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const WEBM = readFileSync(join(import.meta.dirname, '../../fixtures/tiny-video.webm'));

/** Every resources cell. */
export function resourcesCells(w: AccessWorld): Cell[] {
  const stored = () =>
    w.t.db.select({ id: resources.id, title: resources.title }).from(resources).orderBy(resources.id);
  const entry = async (side: 'own' | 'other', file = false) =>
    (
      await insertResource(w.t.db, {
        company_id: (side === 'own' ? w.own : w.other).companyId,
        kind: file ? 'carrier_document' : 'training_video',
        carrier: file ? 'titan' : null,
        title: `Matrix ${side}`,
        ...(file
          ? { content: PDF, file_name: 'm.pdf', content_type: 'application/pdf' }
          : { url: 'https://example.com/m.mp4' }),
      })
    ).id;
  return [
    ...(['own', 'other'] as const).map(
      (side): Cell => ({
        // Every worker lists their company's and the global entries; another company's never show.
        name: `resources/list, ${side === 'own' ? 'own' : "another company's"} entries`,
        endpoint: 'POST /api/resources/list',
        side,
        expected: WORKERS_OWN,
        request: async () => {
          await entry(side);
          return { body: { kind: 'training_video' } };
        },
        leaks: (answer, caller) => {
          if (caller === 'super-admin') return [];
          const foreign = answer.body.data.resources.filter(
            (r: { company_id: number | null }) => r.company_id === w.other.companyId,
          );
          return foreign.length > 0 ? [`lists ${foreign.length} entries of another company`] : [];
        },
      }),
    ),
    {
      name: 'resources/create',
      endpoint: 'POST /api/resources/create',
      side: 'own',
      expected: MANAGERS_OWN,
      request: () => ({
        body: { kind: 'training_video', title: 'Matrix video', url: 'https://example.com/v.mp4' },
      }),
      unchanged: stored,
    },
    {
      name: 'resources/create for another company',
      endpoint: 'POST /api/resources/create',
      side: 'other',
      expected: SUPER_ONLY,
      request: () => ({
        body: {
          kind: 'training_video',
          title: 'Matrix other',
          url: 'https://example.com/v.mp4',
          company_id: w.other.companyId,
        },
      }),
      unchanged: stored,
    },
    {
      // Managers upload a video file; a refused upload stores nothing. An upload belongs to its
      // uploader, not yet to a company (taking another's upload: tests/server/resources-video.test.ts).
      name: 'resources/upload-video',
      endpoint: 'POST /api/resources/upload-video',
      side: 'none',
      expected: MANAGERS_OWN,
      request: () => ({
        upload: { contentType: 'video/webm', payload: WEBM, query: { file_name: 'matrix.webm' } },
      }),
      unchanged: () => w.t.db.select({ id: videoFiles.id }).from(videoFiles).orderBy(videoFiles.id),
    },
    ...(['own', 'other'] as const).flatMap((side): Cell[] => [
      {
        name: `resources/update of ${side}`,
        endpoint: 'POST /api/resources/update',
        side,
        expected: side === 'own' ? MANAGERS_OWN : MANAGERS_OTHER,
        request: async () => ({ body: { id: await entry(side), title: 'Matrix renamed' } }),
        unchanged: stored,
      },
      {
        name: `resources/delete of ${side}`,
        endpoint: 'POST /api/resources/delete',
        side,
        expected: side === 'own' ? MANAGERS_OWN : MANAGERS_OTHER,
        request: async () => ({ body: { id: await entry(side) } }),
        unchanged: async () => (await stored()).filter((row) => row.title !== `Matrix ${side}`),
      },
      {
        name: `resources/record-view of ${side}`,
        endpoint: 'POST /api/resources/record-view',
        side,
        expected: side === 'own' ? WORKERS_OWN : WORKERS_OTHER,
        request: async () => ({ body: { id: await entry(side), seconds_watched: 12 } }),
      },
      {
        name: `resources file of ${side}`,
        endpoint: 'GET /api/resources/file/{id}',
        side,
        expected: side === 'own' ? WORKERS_OWN : WORKERS_OTHER,
        request: async () => ({ url: `/api/resources/file/${await entry(side, true)}` }),
      },
    ]),
  ];
}
