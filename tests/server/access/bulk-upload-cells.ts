/**
 * Cells of the bulk upload calls (issue 13): the application callers' guard (customers 403, 402
 * without subscription), uploads scoped as applications are (an agent their own, an admin their
 * company's, a super-admin any), creating for an agent as create-new-application does.
 */
import { bulkUploads } from '../../../server/db/schema.ts';
import { bulkCsv, bulkHeader } from '../../helpers/bulk-upload-rows.ts';
import type { CallResult } from '../helpers/test-app.ts';
import type { Cell } from './access-cell.ts';
import type { AccessWorld, Side } from './access-world.ts';
import { signedIn, WORKERS_OTHER, WORKERS_OWN } from './callers.ts';
import { rowsWhere } from './record-snapshots.ts';

const fileOf = (label: string) => ({
  file_name: `${label}.csv`,
  content_base64: Buffer.from(bulkCsv(2).replaceAll('Ocean Dr', `${label} Way`)).toString('base64'),
  product: 'Primary',
});

/** Every bulk upload cell. */
export function bulkUploadCells(w: AccessWorld): Cell[] {
  const uploads = new Map<Side, Promise<number>>();
  /** An upload of the side's agent (made once, through the API), with a refused row for the error file. */
  const uploadOf = (side: Side): Promise<number> => {
    let made = uploads.get(side);
    if (!made) {
      made = (async () => {
        const file = { ...fileOf(`access-${side}-${w.t.kind}`) };
        const key = w[side].agentKey;
        const preview = await w.t.post('services/file-upload/preview-application-file', {
          session_key: key,
          ...file,
        });
        const answer = await w.t.post('services/file-upload/create-application', {
          session_key: key,
          ...file,
          mapping: preview.body.data.mapping,
        });
        if (answer.statusCode !== 200) throw new Error(`upload for ${side}: ${answer.body.message}`);
        await w.t.app.jobWorker.drain();
        return answer.body.data.upload.id as number;
      })();
      uploads.set(side, made);
    }
    return made;
  };
  const idsOf = (answer: CallResult): number[] => answer.body.data.uploads.map((u: { id: number }) => u.id);
  let sequence = 0;

  return [
    {
      name: 'services/file-upload/preview-application-file',
      endpoint: 'POST /api/services/file-upload/preview-application-file',
      side: 'none',
      expected: WORKERS_OWN,
      request: () => ({ body: fileOf('preview') }),
    },
    ...(['own', 'other'] as const).map(
      (side): Cell => ({
        name: `services/file-upload/create-application for ${side === 'own' ? 'own' : "another company's"} agent`,
        endpoint: 'POST /api/services/file-upload/create-application',
        side,
        // As create-new-application: for oneself, or an admin for an agent of their company. SPEC §6.
        expected: side === 'own' ? WORKERS_OWN : signedIn([200, 403, 403, 403]),
        request: () => ({
          body: {
            ...fileOf(`create-${side}-${w.t.kind}-${++sequence}`),
            mapping: bulkHeader().map((_, i) => (i === 0 ? 'owned_type' : null)),
            agent_id: w[side].agentId,
          },
        }),
        unchanged: () => rowsWhere(w.t, bulkUploads, bulkUploads.agent_id, w[side].agentId),
      }),
    ),
    ...(['own', 'other'] as const).flatMap((side): Cell[] => [
      {
        name: `services/file-upload/get-upload of ${side === 'own' ? 'own' : "another company's"}`,
        endpoint: 'POST /api/services/file-upload/get-upload',
        side,
        expected: side === 'own' ? WORKERS_OWN : WORKERS_OTHER,
        request: async () => ({ body: { upload_id: await uploadOf(side) } }),
      },
      {
        name: `services/file-upload/download-error-file of ${side === 'own' ? 'own' : "another company's"}`,
        endpoint: 'POST /api/services/file-upload/download-error-file',
        side,
        expected: side === 'own' ? WORKERS_OWN : WORKERS_OTHER,
        request: async () => ({ body: { upload_id: await uploadOf(side) } }),
      },
    ]),
    ...(['own', 'other'] as const).map(
      (side): Cell => ({
        name: `services/file-upload/list-uploads${side === 'other' ? " never shows another company's" : ''}`,
        endpoint: 'POST /api/services/file-upload/list-uploads',
        side,
        expected: WORKERS_OWN,
        request: async () => {
          await Promise.all([uploadOf('own'), uploadOf('other')]);
          return { body: {} };
        },
        leaks: async (answer, caller) => {
          const other = await uploadOf('other');
          return caller !== 'super-admin' && idsOf(answer).includes(other)
            ? [`lists upload ${other} of another company`]
            : [];
        },
      }),
    ),
  ];
}
