/**
 * /dashboard/schema-studio (issue 11, versions page): admins see the versions and what each changed;
 * only super-admins get Publish and Roll back; a refused publish lists every problem; agents see the
 * no-access state.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_ACCESS_MESSAGE } from '../../portal/features/admin/components/admin-access-gate.tsx';
import { SchemaStudioPage } from '../../portal/features/schema-studio/components/schema-studio-page.tsx';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { schemaSet } from '../../schemas/schema-set.ts';
import { envelope, mockFetch, renderWithProviders } from './render-with-providers.tsx';

const VERSIONS = {
  current: 2,
  versions: [
    {
      version: 3,
      status: 'draft',
      note: 'new rule',
      author_user_id: 1,
      created_at: '2026-11-25T09:00:00Z',
      published_at: null,
    },
    {
      version: 2,
      status: 'published',
      note: 'phone text',
      author_user_id: 1,
      created_at: '2026-11-24T09:00:00Z',
      published_at: '2026-11-24T09:05:00Z',
    },
    {
      version: 1,
      status: 'published',
      note: 'Imported from schemas/ at start',
      author_user_id: null,
      created_at: '2026-11-23T09:00:00Z',
      published_at: '2026-11-23T09:00:00Z',
    },
  ],
};

/** The impact of draft 3 (issue 37): one value no longer allowed for two stored applications. */
const IMPACT = {
  job_id: null,
  status: 'done',
  progress: { applications_checked: 2, applications_total: 2 },
  error: null,
  impact: {
    version: 3,
    applications_checked: 2,
    test_documents_checked: 5,
    values_no_longer_allowed: [
      {
        field: 'foundation_type',
        value: 'Crawlspace',
        count: 2,
        sample_application_ids: [7, 9],
        test_documents: [],
      },
    ],
    message_changes: [],
    field_changes: [],
    outcome_changes: [],
    changes_stored_applications: true,
    checked_at: '2026-11-28T10:00:00Z',
  },
};

function answer(path: string, body: Record<string, unknown>) {
  if (path === 'schema-studio/list-versions') return envelope(VERSIONS);
  if (path === 'schema-studio/get-version') {
    const version = Number(body.version);
    return envelope({
      version,
      schema_set: { ...schemaSet, messages: { ...schemaSet.messages } },
      compared_to: version > 1 ? version - 1 : null,
      changes:
        version === 2
          ? [
              {
                path: ['messages', 'invalid_phone_number'],
                change: 'changed',
                sentence: 'Message "invalid_phone_number": "Invalid Phone number!" -> "Check the phone"',
              },
            ]
          : [],
    });
  }
  if (path === 'schema-studio/save-draft') return envelope({ version: 4, problems: [] });
  if (path === 'schema-studio/version-history') return envelope({ approval_required: false, events: [] });
  if (path === 'schema-studio/impact') return envelope(IMPACT);
  if (path === 'schema-studio/publish') {
    return envelope(
      {
        problems: [
          {
            path: ['cross_rules', 4],
            where: 'cross_rules › x',
            kind: 'rule-always-fails',
            message: 'rule "x" fires on every document tried; e.g. with {"sqft":2200}',
          },
        ],
      },
      { status: 'error', code: 422, message: 'The schema set has problems; fix them before publishing.' },
    );
  }
  return envelope({});
}

/** Opens the Editor tab, then one of the editor's tabs; answers that tab's panel. */
async function openEditorTab(name: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('tab', { name: 'Editor' }));
  const tab = await screen.findByRole('tab', { name }, { timeout: 5000 });
  fireEvent.click(tab);
  return screen.findByRole('tabpanel', { name });
}

function signInAs(role: string) {
  setSession('sk-1', { id: 1, name: 'Sam', role, mga_company: { id: 10, name: 'Acme' } }, null);
}

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('schema studio versions page', () => {
  it('shows admins the versions and what the current one changed, with no actions', async () => {
    signInAs('admin');
    mockFetch(answer);
    renderWithProviders(<SchemaStudioPage />);
    const versions = await screen.findByRole('region', { name: 'Versions' });
    expect(within(versions).getByRole('button', { name: 'Version 3' })).toBeTruthy();
    expect(within(versions).getByText('current')).toBeTruthy();
    const changes = await screen.findByRole('region', { name: 'Changes in version 2' });
    expect(await within(changes).findByText(/Check the phone/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    fireEvent.click(within(versions).getByRole('button', { name: 'Version 1' }));
    expect(await screen.findByText(/The first version/)).toBeTruthy();
  });

  it('lets super-admins publish a draft and lists every problem when it is refused', async () => {
    signInAs('super-admin');
    mockFetch(answer);
    renderWithProviders(<SchemaStudioPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish draft 3?' });
    // The impact beside the button, in words; Publish waits for the person's confirmation.
    expect(
      await within(dialog).findByText(
        '2 applications hold “Crawlspace” in foundation_type, which this draft no longer allows (e.g. #7, #9).',
      ),
    ).toBeTruthy();
    const publish = within(dialog).getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I have read the impact/ }));
    expect(publish.disabled).toBe(false);
    fireEvent.click(publish);
    expect(await within(dialog).findByText(/rule "x" fires on every document tried/)).toBeTruthy();
    expect(within(dialog).getByText('Not published: the draft has problems')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Roll back to it' })).toBeTruthy();
  });

  it('lets super-admins change a message text and save it as a draft; admins only read', async () => {
    signInAs('super-admin');
    const calls = mockFetch(answer);
    renderWithProviders(<SchemaStudioPage />);
    const messages = await openEditorTab('Messages');
    const input = await within(messages).findByRole('textbox', { name: 'Text of invalid_phone_number' });
    const save = within(screen.getByRole('region', { name: 'Draft' })).getByRole('button', {
      name: 'Save as draft',
    });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '' } });
    expect(within(messages).getByText('A message cannot be empty')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Check the phone number' } });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(calls.some((call) => call.path === 'schema-studio/save-draft')).toBe(true));
    const sent = calls.find((call) => call.path === 'schema-studio/save-draft')?.body as {
      schema_set: { messages: Record<string, string> };
    };
    expect(sent.schema_set.messages).toEqual({
      ...schemaSet.messages,
      invalid_phone_number: 'Check the phone number',
    });
  });

  it('shows admins the messages read-only', async () => {
    signInAs('admin');
    mockFetch(answer);
    renderWithProviders(<SchemaStudioPage />);
    const messages = await openEditorTab('Messages');
    const input = await within(messages).findByRole('textbox', { name: 'Text of invalid_email' });
    expect((input as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
  });

  it('shows agents the no-access state', async () => {
    signInAs('agent');
    mockFetch(answer);
    renderWithProviders(<SchemaStudioPage />);
    expect(await screen.findByText(NO_ACCESS_MESSAGE)).toBeTruthy();
  });
});
