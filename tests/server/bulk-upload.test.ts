/**
 * Bulk upload (issue 13): the mapping proposal and its memory per company, the preview's messages,
 * an import through the job (created applications with the ZIP look-up's city, state and county;
 * refused rows with every message, licence refusals per row; the error file), per-row messages
 * identical to the form's, launching valid rows, a job interrupted between batches resuming
 * without a row lost or doubled, the same file twice creating nothing twice, and malformed files
 * refused with a clear message and nothing written; an admin uploading for a chosen agent of the
 * company, never another company's (issue 40). PGlite and PostgreSQL.
 */
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesByField, validateDocument } from '../../engine/index.ts';
import { agents, applications, bulkUploadRows, bulkUploads, jobs, users } from '../../server/db/schema.ts';
import { FILE_TOO_LARGE_MESSAGE } from '../../server/routes/bulk-upload-routes.ts';
import { BULK_BATCH_ROWS, bulkImportJob, LEASE_LOST_MESSAGE } from '../../server/services/bulk-import-job.ts';
import { MAX_ROW_CHARACTERS, MAX_UPLOAD_BYTES } from '../../server/services/bulk-upload-file.ts';
import { UNKNOWN_ZIP_MESSAGE } from '../../server/services/bulk-upload-row.ts';
import { compiledSchemaSet } from '../../server/services/schema-engine.ts';
import { NOT_LICENSED_MESSAGE } from '../../server/services/state-refusal.ts';
import { bulkCsv, bulkHeader, bulkRow } from '../helpers/bulk-upload-rows.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from './helpers/test-app.ts';

const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

describe.each(DATABASE_KINDS)('bulk upload on %s', (kind) => {
  let t: TestApp;
  let agentKey = '';
  let colleagueKey = '';

  beforeAll(async () => {
    t = await startTestApp(kind);
    agentKey = await t.loginAs('agent@demo.test');
    colleagueKey = await t.loginAs('admin@demo.test');
  }, 120_000);
  afterAll(async () => t?.close());

  const preview = (name: string, content: string | Buffer, extra: Record<string, unknown> = {}) =>
    t.post('services/file-upload/preview-application-file', {
      session_key: agentKey,
      file_name: name,
      content_base64: base64(content),
      product: 'Primary',
      ...extra,
    });

  /** Uploads `csv` with the proposed mapping; returns the create answer. */
  /** An upload of 1,100 rows (22 refused) on `street`, and its queued import job, not run. */
  async function queuedImport(name: string, street: string) {
    const made = await upload(name, bulkCsv(1100, 50).replaceAll('Ocean Dr', street));
    const id = made.body.data.upload.id;
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupe_key, `bulk-import:${id}`));
    return { id, job };
  }

  async function upload(name: string, csv: string, extra: Record<string, unknown> = {}) {
    const proposal = await preview(name, csv);
    expect(proposal.statusCode, proposal.body.message).toBe(200);
    return t.post('services/file-upload/create-application', {
      session_key: agentKey,
      file_name: name,
      content_base64: base64(csv),
      product: 'Primary',
      mapping: proposal.body.data.mapping,
      ...extra,
    });
  }

  const getUpload = (id: number, key = agentKey) =>
    t.post('services/file-upload/get-upload', { session_key: key, upload_id: id });

  it('proposes a field for each header by key and by label, and the preview has each row\u2019s messages', async () => {
    const answer = await preview('first.csv', bulkCsv(12, 10));
    expect(answer.statusCode, answer.body.message).toBe(200);
    const { headers, mapping, rows, rows_total, fields } = answer.body.data;
    expect(rows_total).toBe(12);
    expect(mapping[headers.indexOf('First Name')]).toBe('first_name');
    expect(mapping[headers.indexOf('Zip')]).toBe('zip');
    expect(mapping[headers.indexOf('sqft')]).toBe('sqft');
    expect(mapping.every((field: string | null) => field !== null)).toBe(true);
    expect(fields.find((f: { field: string }) => f.field === 'year_build').label).toBe('Year Built');
    expect(rows).toHaveLength(10);
    expect(rows[0].messages).toEqual({});
    expect(rows[9].messages).toEqual({ sqft: 'Sqft must be numeric' });
  });

  it('imports valid rows as applications (ZIP look-up fills city, state, county) and refuses the rest with every message', async () => {
    const created = await upload('forty.csv', bulkCsv(40, 10));
    expect(created.statusCode, created.body.message).toBe(200);
    expect(created.body.data.duplicate).toBe(false);
    const id = created.body.data.upload.id;
    expect(created.body.data.upload).toMatchObject({ status: 'queued', rows_total: 40, rows_read: 0 });
    await t.app.jobWorker.drain();
    const done = await getUpload(id);
    expect(done.body.data.upload).toMatchObject({
      status: 'done',
      rows_read: 40,
      rows_created: 36,
      rows_refused: 4,
    });
    const refused = done.body.data.refused;
    expect(refused.map((r: { row_number: number }) => r.row_number)).toEqual([10, 20, 30, 40]);
    expect(refused[0].messages).toEqual({ sqft: 'Sqft must be numeric' });
    expect(refused[1].messages.zip).toBe(UNKNOWN_ZIP_MESSAGE);
    // Stored in order: the ZIP's own message first, then the form's order.
    expect(Object.keys(refused[1].messages)).toEqual(['zip', 'city', 'state', 'lat', 'lng']);
    expect(refused[2].messages).toEqual({ state: NOT_LICENSED_MESSAGE });
    expect(refused[3].messages).toEqual({ deductible: 'Deductible must be one of the listed options' });
    expect(refused[0].cells).toEqual(bulkRow(9, 10));

    const first = done.body.data.created[0];
    expect(first.reference).toMatch(/^RMGA\d{7}$/);
    const view = await t.post('agent-portal/get-application-by-id', {
      session_key: agentKey,
      application_id: first.application_id,
    });
    const doc = view.body.data.application.payload.useable_details;
    expect(doc).toMatchObject({ address1: '100 Ocean Dr', zip: '33139', city: 'Miami Beach', state: 'FL' });
    expect(doc.county).toMatch(/Miami-Dade/);
    expect(doc.searched_address).toBe('100 Ocean Dr, Miami Beach, FL 33139');
    expect(view.body.data.application.status).toBe('new');

    // The error file: the original header and rows, plus the messages by field label.
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/services/file-upload/download-error-file',
      payload: { session_key: agentKey, upload_id: id },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('forty-errors.csv');
    const records = parse(file.body) as string[][];
    expect(records[0]).toEqual([...bulkHeader(), 'messages']);
    expect(records).toHaveLength(5);
    expect(records[1]).toEqual([...bulkRow(9, 10), 'Sqft: Sqft must be numeric']);
    expect(records[3].at(-1)).toBe(`State: ${NOT_LICENSED_MESSAGE}`);

    // Listed, and not another company's to read (404 for an admin of another company is in the access cells).
    const list = await t.post('services/file-upload/list-uploads', { session_key: agentKey });
    expect(list.body.data.uploads.map((u: { id: number }) => u.id)).toContain(id);
    expect((await getUpload(id, colleagueKey)).statusCode).toBe(200);
  });

  it('lets an admin upload for a chosen agent of the company, and refuses another company\u2019s agent (issue 40)', async () => {
    const agentIdOf = async (email: string) => {
      const [row] = await t.db
        .select({ id: agents.id })
        .from(agents)
        .innerJoin(users, eq(users.id, agents.user_id))
        .where(eq(users.email, email));
      return row.id;
    };
    const own = await agentIdOf('agent@demo.test');
    const other = await agentIdOf('otheragent@demo.test');
    const csv = bulkCsv(3).replaceAll('Ocean Dr', 'On Behalf Ave');
    const proposal = await preview('on-behalf.csv', csv);
    const body = (agent_id: number) => ({
      session_key: colleagueKey,
      file_name: 'on-behalf.csv',
      content_base64: base64(csv),
      product: 'Primary',
      mapping: proposal.body.data.mapping,
      agent_id,
    });
    const refused = await t.post('services/file-upload/create-application', body(other));
    expect(refused.statusCode).toBe(403);
    expect(await t.db.select().from(bulkUploads).where(eq(bulkUploads.file_name, 'on-behalf.csv'))).toEqual(
      [],
    );

    const made = await t.post('services/file-upload/create-application', body(own));
    expect(made.statusCode, made.body.message).toBe(200);
    expect(made.body.data.upload.agent_id).toBe(own);
    await t.app.jobWorker.drain();
    const done = await getUpload(made.body.data.upload.id, colleagueKey);
    expect(done.body.data.upload).toMatchObject({ status: 'done', rows_created: 3 });
    // The rows' applications are the chosen agent's, in the admin's company.
    const ids = done.body.data.created.map((c: { application_id: number }) => c.application_id);
    const owners = await t.db
      .select({ agent_id: applications.agent_id })
      .from(applications)
      .where(inArray(applications.id, ids));
    expect(owners).toEqual(ids.map(() => ({ agent_id: own })));
  });

  it('remembers the company\u2019s mapping of a header for its next file', async () => {
    const csv = 'Street,Postal,Insured\n1 Palm Ave,33139,Rosa\n';
    const first = await preview('renamed.csv', csv);
    expect(first.body.data.mapping).toEqual([null, null, null]);
    const mapping = ['address1', 'zip', 'first_name'];
    const made = await t.post('services/file-upload/create-application', {
      session_key: agentKey,
      file_name: 'renamed.csv',
      content_base64: base64(csv),
      product: 'Primary',
      mapping,
    });
    expect(made.statusCode, made.body.message).toBe(200);
    const next = await preview('renamed-again.csv', 'insured,STREET,postal\nAna,2 Palm Ave,33139\n');
    expect(next.body.data.mapping).toEqual(['first_name', 'address1', 'zip']);
    await t.app.jobWorker.drain();
  });

  it('gives a row the messages the form gives the same application', async () => {
    const compiled = compiledSchemaSet();
    const header = bulkHeader();
    const row = bulkRow(3);
    // Leave out what the form asks for: the building limit and the number of stories.
    row[header.indexOf('building_limit')] = '';
    row[header.indexOf('num_of_stories')] = '';
    const csv = `${header.join(',')}\n${row.map((c) => (c.includes(',') ? `"${c}"` : c)).join(',')}\n`;
    const made = await upload('form-messages.csv', csv);
    await t.app.jobWorker.drain();
    const result = await getUpload(made.body.data.upload.id);
    const messages = result.body.data.refused[0].messages;
    expect(Object.keys(messages)).toEqual(expect.arrayContaining(['building_limit', 'num_of_stories']));

    // The same property made through the form's calls: create, then save every value the row has.
    const created = await t.post('agent-portal/create-new-application', {
      session_key: agentKey,
      carrier_quote_type: 'Primary',
      address: {
        searched_address: '103 Ocean Dr, Miami Beach, FL 33139',
        address1: '103 Ocean Dr',
        city: 'Miami Beach',
        state: 'FL',
        zip: '33139',
      },
    });
    const applicationId = created.body.data.application.id;
    const stored = created.body.data.application.payload.useable_details;
    const preview0 = await preview('form-messages.csv', csv);
    const values: Record<string, unknown> = {};
    preview0.body.data.mapping.forEach((field: string | null, i: number) => {
      if (field && row[i] !== '' && !['zip', 'address1'].includes(field)) values[field] = row[i];
    });
    const typed = Object.fromEntries(
      Object.entries(values).map(([field, text]) => {
        const type = compiled.properties[field]?.type;
        return [field, type === 'number' || type === 'integer' ? Number(text) : text];
      }),
    );
    typed.deductible = Number(typed.deductible);
    typed.is_mailing_address_same = true;
    const saved = await t.post('agent-portal/update-application', {
      session_key: agentKey,
      application_id: applicationId,
      address_details: { ...typed, county: stored.county, lat: 25.7877, lng: -80.1347 },
    });
    expect(saved.statusCode, saved.body.message).toBe(200);
    const doc = saved.body.data.application.payload.useable_details;
    const formMessages = messagesByField(
      validateDocument(compiled, doc, { product: 'Primary', application_type: 'flood', status: 'new' }),
    );
    expect(messages).toEqual(formMessages);
  });

  it('launches valid rows at once when asked', async () => {
    const made = await upload('launch.csv', bulkCsv(3).replaceAll('Ocean Dr', 'Bay Rd'), {
      launch_valid: true,
    });
    await t.app.jobWorker.drain();
    const result = await getUpload(made.body.data.upload.id);
    expect(result.body.data.upload.rows_created).toBe(3);
    const ids = result.body.data.created.map((r: { application_id: number }) => r.application_id);
    const rows = await t.db.select().from(applications).where(inArray(applications.id, ids));
    expect(rows.map((r) => r.status).every((s) => s === 'launched' || s === 'completed')).toBe(true);
  });

  it('resumes an interrupted import after its last batch: no row lost or doubled', async () => {
    const { id, job } = await queuedImport('resume.csv', 'Lake St');
    // A worker that loses its lease after the first batch stops there (as a killed process does).
    const controller = new AbortController();
    const reported: unknown[] = [];
    const interrupted = bulkImportJob(job, {
      db: t.db,
      signal: controller.signal,
      logger: undefined,
      async reportProgress(progress) {
        reported.push(progress);
        controller.abort();
      },
    });
    await expect(interrupted).rejects.toThrow(LEASE_LOST_MESSAGE);
    expect(reported).toEqual([{ rows_read: BULK_BATCH_ROWS }]);
    const half = (await getUpload(id)).body.data.upload;
    expect(half).toMatchObject({ status: 'running', rows_read: BULK_BATCH_ROWS });
    // The queued job runs again and finishes the file.
    await t.db
      .update(jobs)
      .set({ status: 'queued', run_after: new Date(0) })
      .where(eq(jobs.id, job.id));
    await t.app.jobWorker.drain();
    const done = (await getUpload(id)).body.data.upload;
    expect(done).toMatchObject({ status: 'done', rows_read: 1100, rows_created: 1078, rows_refused: 22 });
    const settled = await t.db.select().from(bulkUploadRows).where(eq(bulkUploadRows.upload_id, id));
    expect(settled).toHaveLength(1100);
    expect(new Set(settled.map((r) => r.row_number)).size).toBe(1100);
    const made1100 = settled.filter((r) => r.application_id !== null).map((r) => r.application_id as number);
    const stored = await t.db
      .select({ id: applications.id })
      .from(applications)
      .where(inArray(applications.id, made1100));
    expect(stored).toHaveLength(1078);
  }, 120_000);

  it('stops with the error of a batch that fails while the next one is checked, the batches before it kept', async () => {
    const { id, job } = await queuedImport('fails.csv', 'Pine Rd');
    // The first batch's write ends with this failure while the import reads the second batch.
    const failure = new Error('the database went away');
    const attempt = bulkImportJob(job, {
      db: t.db,
      signal: new AbortController().signal,
      logger: undefined,
      async reportProgress() {
        throw failure;
      },
    });
    await expect(attempt).rejects.toBe(failure);
    expect((await getUpload(id)).body.data.upload).toMatchObject({
      status: 'running',
      rows_read: BULK_BATCH_ROWS,
    });
    const settled = await t.db.select().from(bulkUploadRows).where(eq(bulkUploadRows.upload_id, id));
    expect(settled).toHaveLength(BULK_BATCH_ROWS);
  }, 120_000);

  it('imports an XLSX workbook as it does a CSV', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Properties');
    sheet.addRow(bulkHeader());
    for (let i = 0; i < 10; i += 1)
      sheet.addRow(bulkRow(i, 5).map((cell) => cell.replace('Ocean Dr', 'Sheet Ave')));
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const proposal = await preview('book.xlsx', bytes);
    expect(proposal.statusCode, proposal.body.message).toBe(200);
    expect(proposal.body.data).toMatchObject({ file_kind: 'xlsx', rows_total: 10 });
    const made = await t.post('services/file-upload/create-application', {
      session_key: agentKey,
      file_name: 'book.xlsx',
      content_base64: base64(bytes),
      product: 'Primary',
      mapping: proposal.body.data.mapping,
    });
    expect(made.statusCode, made.body.message).toBe(200);
    await t.app.jobWorker.drain();
    const done = await getUpload(made.body.data.upload.id);
    expect(done.body.data.upload).toMatchObject({ status: 'done', rows_created: 8, rows_refused: 2 });
  });

  it('creates nothing twice when the same file is uploaded again', async () => {
    const csv = bulkCsv(5).replaceAll('Ocean Dr', 'Twice Ln');
    const first = await upload('twice.csv', csv);
    await t.app.jobWorker.drain();
    const before = await t.count('applications');
    const again = await upload('twice-renamed.csv', csv);
    expect(again.statusCode).toBe(200);
    expect(again.body.data.duplicate).toBe(true);
    expect(again.body.message).toMatch(/uploaded before/);
    expect(again.body.data.upload.id).toBe(first.body.data.upload.id);
    await t.app.jobWorker.drain();
    expect(await t.count('applications')).toBe(before);
  });

  describe('malformed files are refused with a clear message and nothing written', () => {
    const header = bulkHeader().join(',');
    const good = bulkRow(0)
      .map((c) => (c.includes(',') ? `"${c}"` : c))
      .join(',');
    const cases: [string, string | Buffer, RegExp][] = [
      [
        'bad encoding',
        Buffer.concat([Buffer.from(`${header}\n`), Buffer.from([0xff, 0xfe, 0x41, 0xe9, 0x0a])]),
        /not UTF-8/,
      ],
      ['ragged rows', `${header}\n${good}\n1 Short St,33139\n`, /different number of cells/],
      ['a formula', `${header}\n${good.replace('Maria', "=cmd|'/c calc'!A1")}\n`, /formula at row 2/],
      [
        'a formula after a plus',
        `${header}\n${good.replace('Maria', "-2+3+cmd|' /C calc'!A0")}\n`,
        /formula/,
      ],
      [
        'an over-long line',
        `${header}\n${good.replace('Maria', 'x'.repeat(MAX_ROW_CHARACTERS + 10))}\n`,
        /longer than/,
      ],
      ['an unnamed column', `first_name,\nMaria,x\n`, /needs a name/],
      ['no rows', `${header}\n`, /no rows/],
      ['an XLSX name on a CSV', `${header}\n${good}\n`, /not a XLSX file/],
    ];
    it.each(cases)('%s', async (name, content, message) => {
      const before = [await t.count('bulk_uploads'), await t.count('applications'), await t.count('jobs')];
      const fileName = name === 'an XLSX name on a CSV' ? 'bad.xlsx' : 'bad.csv';
      const mapping: (string | null)[] = (content.toString().split('\n')[0] ?? '').split(',').map(() => null);
      mapping[0] = 'first_name';
      for (const path of ['preview-application-file', 'create-application']) {
        const answer = await t.post(`services/file-upload/${path}`, {
          session_key: agentKey,
          file_name: fileName,
          content_base64: base64(content),
          product: 'Primary',
          mapping,
        });
        expect(answer.statusCode, answer.body.message).toBe(422);
        expect(answer.body.message).toMatch(message);
      }
      expect([await t.count('bulk_uploads'), await t.count('applications'), await t.count('jobs')]).toEqual(
        before,
      );
    });

    it('content that is not base64', async () => {
      for (const content of ['abc', 'ab!d', 'YQ=a']) {
        const answer = await t.post('services/file-upload/preview-application-file', {
          session_key: agentKey,
          file_name: 'bad.csv',
          content_base64: content,
          product: 'Primary',
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.body.error_obj).toEqual({
          'body.content_base64': 'body.content_base64 must be base64',
        });
      }
    });

    it('a 50 MB line: over the upload limit', async () => {
      const before = await t.count('bulk_uploads');
      const line = 'x'.repeat(50 * 1024 * 1024);
      expect(line.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/services/file-upload/create-application',
        payload: {
          session_key: agentKey,
          file_name: 'huge.csv',
          content_base64: base64(`a\n${line}\n`),
          product: 'Primary',
          mapping: ['first_name'],
        },
      });
      expect(answer.statusCode).toBe(413);
      expect(answer.json().message).toBe(FILE_TOO_LARGE_MESSAGE);
      expect(await t.count('bulk_uploads')).toBe(before);
    });
  });
});
