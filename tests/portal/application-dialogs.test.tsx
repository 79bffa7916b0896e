/** Reset and Delete dialogs: confirmation first, the right call and body, then the follow-up. SPEC §7. */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeleteApplicationDialog } from '../../portal/features/applications/components/delete-application-dialog.tsx';
import { ResetApplicationDialog } from '../../portal/features/applications/components/reset-application-dialog.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

/** Title and colour of each toast shown. */
let toasts: { title: unknown; color: unknown }[];

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  setSession('sk-1', { id: 7, name: 'Alex' }, null);
  toasts = [];
  vi.spyOn(notifications, 'show').mockImplementation((data) => {
    toasts.push({ title: data.title, color: data.color });
    return 'id';
  });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DeleteApplicationDialog', () => {
  it.each([false, true])(
    'sends delete_all_related_applications=%s and reports the deleted ids',
    async (related) => {
      const calls = mockFetch(() => envelope({ deleted_ids: related ? [42, 43] : [42] }));
      const deleted: number[][] = [];
      renderWithProviders(
        <DeleteApplicationDialog
          opened
          applicationId={42}
          reference="RMGA0000042"
          onClose={() => {}}
          onDeleted={(ids) => deleted.push(ids)}
        />,
      );
      const checkbox = await screen.findByLabelText('Delete all related applications');
      if (related) fireEvent.click(checkbox);
      expect(calls).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(deleted).toEqual([related ? [42, 43] : [42]]));
      expect(calls).toEqual([
        {
          path: 'agent-portal/delete-application-by-id',
          body: { application_id: 42, delete_all_related_applications: related, session_key: 'sk-1' },
        },
      ]);
    },
  );

  it('stays open and reports nothing when the delete fails', async () => {
    mockFetch(() => envelope(null, { status: 'error', code: 404, message: 'Application not found.' }));
    const onDeleted = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <DeleteApplicationDialog
        opened
        applicationId={42}
        reference="RMGA0000042"
        onClose={onClose}
        onDeleted={onDeleted}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notifications.show).toHaveBeenCalled());
    expect(onDeleted).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ResetApplicationDialog', () => {
  it('calls reset-application only after confirmation, then reloads', async () => {
    const calls = mockFetch(() => envelope({ application: { id: 42, status: 'new' } }));
    const onReset = vi.fn();
    renderWithProviders(
      <ResetApplicationDialog
        opened
        applicationId={42}
        reference="RMGA0000042"
        onClose={() => {}}
        onReset={onReset}
      />,
    );
    expect(await screen.findByText(/Reset RMGA0000042 to a new application/)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(onReset).toHaveBeenCalledTimes(1));
    // Issue 17 Shell polish: a green toast says the reset happened.
    expect(toasts).toEqual([{ title: 'Application reset', color: 'green' }]);
    expect(calls).toEqual([
      { path: 'agent-portal/reset-application', body: { application_id: 42, session_key: 'sk-1' } },
    ]);
  });
});
