/**
 * /dashboard/bulk-upload (issue 13): the uploads list's loading, empty and error states; an
 * upload's progress polled until done, with created applications linked and refused rows' messages;
 * the dialog's mapping step (the proposal shown, a changed field asks the server again), its file
 * problem shown in place, and the import's upload chosen; an admin uploads for a chosen agent of
 * the company, or is told where to add one (issue 40).
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BulkUploadPage } from '../../portal/features/bulk-upload/components/bulk-upload-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const UPLOAD = {
  id: 7,
  file_name: 'properties.csv',
  file_kind: 'csv',
  product: 'Primary',
  launch_valid: false,
  agent_id: 3,
  status: 'running',
  error: null,
  rows_total: 200,
  rows_read: 100,
  rows_created: 90,
  rows_refused: 10,
  created_at: new Date().toISOString(),
  finished_at: null,
};
const DONE = { ...UPLOAD, status: 'done', rows_read: 200, rows_created: 180, rows_refused: 20 };

const PREVIEW = {
  file_kind: 'csv',
  headers: ['Zip', 'sqft'],
  rows_total: 2,
  fields: [
    { field: 'zip', label: 'Zip' },
    { field: 'sqft', label: 'Sqft' },
    { field: 'first_name', label: 'First Name' },
  ],
  mapping: ['zip', 'sqft'],
  rows: [
    { row_number: 1, cells: ['33139', '2200'], messages: {} },
    { row_number: 2, cells: ['33139', 'big'], messages: { sqft: 'Sqft must be numeric' } },
  ],
};

beforeEach(() => {
  // Mantine's combobox scrolls the selected option into view; jsdom has no layout to scroll.
  Element.prototype.scrollIntoView ??= () => {};
  localStorage.clear();
  reloadAuthFromStorage();
  setSession(
    'sk/1',
    { id: 2, name: 'Alex', role: 'agent', agent: { id: 3 }, mga_company: { id: 1, name: 'Demo Agency' } },
    {
      id: 1,
      name: 'Demo Agency',
      has_active_subscription: true,
      trial_ends_at: null,
    },
  );
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('BulkUploadPage', () => {
  it('shows the empty list, then the list error', async () => {
    mockFetch(() => envelope({ uploads: [] }));
    const view = renderWithProviders(<BulkUploadPage uploadId={null} onSelect={() => {}} />);
    expect(await screen.findByText('No uploads yet')).toBeTruthy();
    view.unmount();
    mockFetch(() => envelope(null, { status: 'error', code: 500, message: 'Database down' }));
    renderWithProviders(<BulkUploadPage uploadId={null} onSelect={() => {}} />);
    expect(await screen.findByText('The uploads cannot be shown')).toBeTruthy();
    expect(screen.getByText('Database down')).toBeTruthy();
  });

  it('follows an upload until it is done, then links the created applications and lists refused rows', async () => {
    let reads = 0;
    mockFetch((path) => {
      if (path === 'services/file-upload/list-uploads')
        return envelope({ uploads: [reads > 1 ? DONE : UPLOAD] });
      reads += 1;
      return envelope({
        upload: reads > 1 ? DONE : UPLOAD,
        headers: ['Zip', 'sqft'],
        created: [{ row_number: 1, application_id: 42, reference: 'RMGA0000042' }],
        refused: [{ row_number: 10, cells: ['33139', 'big'], messages: { sqft: 'Sqft must be numeric' } }],
      });
    });
    renderWithProviders(<BulkUploadPage uploadId={7} onSelect={() => {}} />);
    expect(await screen.findByText('100 of 200 rows read (50%)')).toBeTruthy();
    expect(await screen.findByText('200 of 200 rows read (100%)', {}, { timeout: 4000 })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Created' })).getByText('180')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'RMGA0000042' });
    expect(link.getAttribute('href')).toBe('/agent-portal/application-details/42');
    expect(
      within(screen.getByRole('table', { name: 'Refused rows' })).getByText('Sqft must be numeric'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download error file' })).toBeTruthy();
  });

  it('maps columns in the dialog, asks again on a change, and selects the new upload', async () => {
    const calls = mockFetch((path, body) => {
      if (path === 'services/file-upload/list-uploads') return envelope({ uploads: [] });
      if (path === 'services/file-upload/preview-application-file') {
        return envelope(body.mapping ? { ...PREVIEW, mapping: body.mapping } : PREVIEW);
      }
      if (path === 'services/file-upload/create-application')
        return envelope({ upload: { ...UPLOAD, status: 'queued' }, duplicate: false });
      return envelope(null);
    });
    const onSelect = vi.fn();
    renderWithProviders(<BulkUploadPage uploadId={null} onSelect={onSelect} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload a file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk upload' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['Zip,sqft\n33139,2200\n'], 'list.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next: map columns' }));
    expect(await within(dialog).findByText('Preview: 1 of the first 2 rows are ready')).toBeTruthy();
    const zip = within(dialog).getByRole('combobox', { name: 'Field of column Zip' }) as HTMLInputElement;
    expect(zip.value).toBe('Zip (zip)');
    expect(within(dialog).getByText('Sqft must be numeric')).toBeTruthy();
    const preview = calls.find((c) => c.path === 'services/file-upload/preview-application-file');
    expect(preview?.body).toMatchObject({ file_name: 'list.csv', product: 'Primary' });
    expect(Buffer.from(String(preview?.body.content_base64), 'base64').toString()).toBe(
      'Zip,sqft\n33139,2200\n',
    );

    // Another field for the first column: the preview is asked again with the new mapping.
    fireEvent.click(zip);
    fireEvent.click(await screen.findByRole('option', { name: 'First Name (first_name)' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === 'services/file-upload/preview-application-file').at(-1)?.body.mapping,
      ).toEqual(['first_name', 'sqft']),
    );
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Launch valid rows to carriers at once' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(7));
    const create = calls.find((c) => c.path === 'services/file-upload/create-application');
    expect(create?.body).toMatchObject({
      agent_id: 3,
      mapping: ['first_name', 'sqft'],
      launch_valid: true,
      product: 'Primary',
    });
  });

  it('lets an admin upload for a chosen agent of the company, named in the dialog and the list (issue 40)', async () => {
    setSession('sk/2', { id: 4, name: 'Ada', role: 'admin', agent: null }, null);
    const calls = mockFetch((path, body) => {
      if (path === 'services/file-upload/list-uploads') return envelope({ uploads: [DONE] });
      if (path === 'users/list')
        return envelope({
          users: [
            { id: 2, name: 'Alex Agent', role: 'agent', agent: { id: 3 } },
            { id: 5, name: 'Blair Broker', role: 'agent', agent: { id: 9 } },
          ],
        });
      if (path === 'services/file-upload/preview-application-file')
        return envelope(body.mapping ? { ...PREVIEW, mapping: body.mapping } : PREVIEW);
      if (path === 'services/file-upload/create-application')
        return envelope({ upload: { ...UPLOAD, agent_id: 9, status: 'queued' }, duplicate: false });
      return envelope(null);
    });
    const onSelect = vi.fn();
    renderWithProviders(<BulkUploadPage uploadId={null} onSelect={onSelect} />);
    const upload = (await screen.findByRole('button', { name: 'Upload a file' })) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    // The company's uploads name their agent.
    const list = await screen.findByRole('table', { name: 'Uploads' });
    expect(await within(list).findByText('Alex Agent')).toBeTruthy();
    expect(calls.find((c) => c.path === 'users/list')?.body).toMatchObject({ role: 'agent' });

    fireEvent.click(screen.getByRole('combobox', { name: 'Upload for' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Blair Broker' }));
    await waitFor(() => expect(upload.disabled).toBe(false));
    fireEvent.click(upload);
    const dialog = await screen.findByRole('dialog', { name: 'Bulk upload' });
    expect(within(dialog).getByText('Blair Broker')).toBeTruthy();
    fireEvent.change(dialog.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [new File(['Zip,sqft\n33139,2200\n'], 'list.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next: map columns' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(7));
    expect(calls.find((c) => c.path === 'services/file-upload/create-application')?.body).toMatchObject({
      agent_id: 9,
    });
  });

  it('tells an admin whose agency has no agent where to add one, and still lists the uploads', async () => {
    setSession('sk/2', { id: 4, name: 'Ada', role: 'admin', agent: null }, null);
    mockFetch((path) => (path === 'users/list' ? envelope({ users: [] }) : envelope({ uploads: [DONE] })));
    renderWithProviders(<BulkUploadPage uploadId={null} onSelect={() => {}} />);
    expect(await screen.findByText('No agent to upload for')).toBeTruthy();
    expect(screen.getByText(/add one in MGA management/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload a file' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByRole('button', { name: 'properties.csv' })).toBeTruthy();
  });

  it('shows a malformed file\u2019s problem in the dialog', async () => {
    mockFetch((path) =>
      path === 'services/file-upload/list-uploads'
        ? envelope({ uploads: [] })
        : envelope(null, {
            status: 'error',
            code: 422,
            message: 'The file has a formula at row 2, column 1.',
          }),
    );
    renderWithProviders(<BulkUploadPage uploadId={null} onSelect={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload a file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk upload' });
    fireEvent.change(dialog.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [new File(['a\n=cmd\n'], 'bad.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next: map columns' }));
    expect(await within(dialog).findByText('The file has a formula at row 2, column 1.')).toBeTruthy();
    expect(notifications.show).not.toHaveBeenCalled();
  });
});
