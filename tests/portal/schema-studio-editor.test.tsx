/**
 * The schema studio's editor (issue 11) in the DOM: a label typed in the fields editor shows in the
 * live preview; an added option is offered there; a condition switched on writes JSON-logic that
 * hides the field in the preview; a cross rule's message is picked from the keys; the raw JSON view
 * names a syntax error's line and keeps the last valid copy; the test bench shows which documents
 * (saved test documents too) a rule fires on; the preview fills from a saved document and saves one; a withdrawn option is proposed as a remap and added as a migration; the unsaved
 * copy comes back after a remount; admins cannot change anything.
 */
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SchemaEditor } from '../../portal/features/schema-studio/components/schema-editor.tsx';
import { readWorkingCopy } from '../../portal/features/schema-studio/model/working-copy-store.ts';
import { reloadAuthFromStorage, setSession } from '../../portal/lib/auth-store.ts';
import { examples, schemaSet } from '../../schemas/schema-set.ts';
import { envelope, mockFetch, type RecordedCall, renderWithProviders } from './render-with-providers.tsx';

const SAVED = {
  id: 7,
  name: 'Short phone',
  context: { product: 'Primary', application_type: 'flood', status: 'new' },
  document: { ...examples.primary, phone: '123' },
  updated_at: '2026-11-25T09:00:00Z',
};
let calls: RecordedCall[];

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
  // jsdom has no layout: Mantine's combobox scrolls the selected option into view.
  Element.prototype.scrollIntoView = vi.fn();
  setSession(
    'sk-1',
    { id: 1, name: 'Sam', role: 'super-admin', mga_company: { id: 10, name: 'Acme' } },
    null,
  );
  calls = mockFetch((path) =>
    path === 'schema-studio/list-test-documents'
      ? envelope({ test_documents: [SAVED] })
      : envelope({ test_document: { ...SAVED, id: 8, name: 'Typed' } }),
  );
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const preview = () => screen.getByRole('region', { name: 'Preview' });
const panel = (name: string) => screen.findByRole('tabpanel', { name });

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
  return panel(name);
}

/** Chooses `field` of form `formId` in the fields editor; answers the field's panel. */
async function chooseField(formId: string, field: string) {
  const fields = await panel('Fields');
  fireEvent.click(within(fields).getByRole('combobox', { name: 'Form' }));
  fireEvent.click(await screen.findByRole('option', { name: formId }));
  const nav = within(fields).getByRole('navigation', { name: 'Fields of the form' });
  fireEvent.click(within(nav).getByText(field, { exact: true }));
  return within(fields).findByRole('region', { name: `Field ${field}` });
}

/**
 * Each test mounts the whole editor with a live preview of a full product form in jsdom: about
 * 10 s quiet and over 30 s (the dom project's default) on a loaded 2-core machine, where a remount
 * or a switch of form renders it again.
 */
const EDITOR_TEST_TIMEOUT_MS = 120_000;

describe('schema studio editor', { timeout: EDITOR_TEST_TIMEOUT_MS }, () => {
  it('shows a new label and a new option in the preview, and keeps the copy across a remount', async () => {
    const { unmount } = renderWithProviders(<SchemaEditor baseVersion={1} base={schemaSet} editable />);
    const field = await chooseField('primary', 'deductible');
    fireEvent.change(within(field).getByRole('textbox', { name: 'Label' }), {
      target: { value: 'Flood deductible' },
    });
    await within(preview()).findByText('Flood deductible');
    fireEvent.click(within(field).getByRole('button', { name: 'Add option' }));
    const rows = within(within(field).getByRole('region', { name: 'Options' })).getAllByRole('row');
    const added = rows[rows.length - 1];
    fireEvent.change(within(added).getByRole('textbox', { name: /Value of option/ }), {
      target: { value: '50000' },
    });
    fireEvent.change(within(added).getByRole('textbox', { name: /Label of option/ }), {
      target: { value: '$50,000' },
    });
    fireEvent.click(preview().querySelector('[data-field="deductible"] input') as HTMLElement);
    expect(await screen.findByRole('option', { name: '$50,000' })).toBeTruthy();
    // The label and the option: two changes in words.
    expect(
      within(screen.getByRole('region', { name: 'Draft' })).getByText(/^[1-9]\d* changes?$/),
    ).toBeTruthy();
    await waitFor(() => expect(readWorkingCopy(1)).not.toBeNull(), { timeout: 2000 });
    unmount();
    renderWithProviders(<SchemaEditor baseVersion={1} base={schemaSet} editable />);
    expect(await screen.findByText('Your unsaved changes were restored')).toBeTruthy();
    expect(within(preview()).getByText('Flood deductible')).toBeTruthy();
  });

  it('writes a condition that hides the field in the preview', async () => {
    renderWithProviders(<SchemaEditor baseVersion={1} base={schemaSet} editable />);
    const field = await chooseField('primary', 'first_name');
    expect(within(preview()).getAllByText('First Name').length).toBeGreaterThan(0);
    const applies = within(field).getByRole('group', { name: 'Applies when' });
    fireEvent.click(within(applies).getByRole('switch', { name: 'Conditional' }));
    // The new comparison is "<first field> == ''": false for the blank preview, so First Name hides.
    await waitFor(() => expect(within(preview()).queryByText('First Name')).toBeNull());
    expect(within(applies).getByRole('combobox', { name: 'Operator' })).toBeTruthy();
  });

  it('picks a cross rule message from the keys and shows its text', async () => {
    renderWithProviders(<SchemaEditor baseVersion={1} base={schemaSet} editable />);
    const rules = await openTab('Cross rules');
    const rule = schemaSet.cross_rules[0];
    fireEvent.click(within(rules).getByText(rule.id));
    const message = await within(rules).findByRole('combobox', { name: /^Message/ });
    expect((message as HTMLInputElement).value).toContain(schemaSet.messages[rule.message]);
  });

  it('names the line of a JSON syntax error and keeps the last valid copy', async () => {
    renderWithProviders(<SchemaEditor baseVersion={1} base={schemaSet} editable />);
    const raw = await openTab('Raw JSON');
    const text = within(raw).getByRole('textbox', { name: 'JSON of the part' });
    fireEvent.change(text, { target: { value: '[\n  {\n    "id": \n  }\n]' } });
    expect(await within(raw).findByText(/Line 4, column 3/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Draft' })).getByText('0 changes')).toBeTruthy();
  });

  it('shows on the test bench which documents, saved ones too, a rule fires on', async () => {
    renderWithProviders(<SchemaEditor baseVersion={1} base={schemaSet} editable />);
    const bench = await openTab('Test bench');
    const table = await within(bench).findByRole('table', { name: 'Rule test bench' });
    await within(table).findByRole('columnheader', { name: 'Short phone' });
    const row = within(table).getByText('rule "phone-min-length"').closest('tr') as HTMLElement;
    expect(within(row).getAllByText('quiet').length).toBe(5);
    expect(
      within(row).getByRole('button', {
        name: `fires on Short phone: ${schemaSet.messages.invalid_phone_number}; show why`,
      }),
    ).toBeTruthy();
  });

  it('fills the preview from a saved test document and saves what is typed as one', async () => {
    renderWithProviders(<SchemaEditor baseVersion={1} base={schemaSet} editable />);
    await screen.findByRole('region', { name: 'Preview' });
    fireEvent.click(within(preview()).getByRole('combobox', { name: 'Fill the preview' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Saved: Short phone' }));
    await waitFor(() =>
      expect((preview().querySelector('[data-field="phone"] input') as HTMLInputElement).value).toContain(
        '123',
      ),
    );
    fireEvent.change(
      within(preview()).getByRole('textbox', { name: 'Save what is typed as a test document' }),
      {
        target: { value: 'Typed' },
      },
    );
    fireEvent.click(within(preview()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === 'schema-studio/save-test-document')).toBe(true),
    );
    expect(calls.find((call) => call.path === 'schema-studio/save-test-document')?.body).toMatchObject({
      name: 'Typed',
      context: SAVED.context,
      document: { phone: '123' },
    });
  });

  it('proposes a remap when an option is withdrawn and adds it as a migration', async () => {
    renderWithProviders(<SchemaEditor baseVersion={1} base={schemaSet} editable />);
    const field = await chooseField('primary', 'deductible');
    fireEvent.click(within(field).getByRole('button', { name: 'Remove option $2,000' }));
    const migrations = await openTab('Migrations');
    const proposed = within(migrations).getByRole('region', { name: 'Proposed from your changes' });
    expect(within(proposed).getByText('In "deductible", replace 2000 → 1000')).toBeTruthy();
    fireEvent.click(within(migrations).getByRole('button', { name: 'Add 1 step as a migration' }));
    const written = within(migrations).getByRole('region', { name: 'Migrations of this draft' });
    expect(within(written).getByText('from-v1-1')).toBeTruthy();
    expect(within(written).getByText('In "deductible", replace 2000 → 1000')).toBeTruthy();
    expect(within(proposed).getByText(/Nothing to propose/)).toBeTruthy();
  });

  it('lets admins look but not change', async () => {
    renderWithProviders(<SchemaEditor baseVersion={1} base={schemaSet} editable={false} />);
    const field = await chooseField('primary', 'phone');
    expect((within(field).getByRole('textbox', { name: 'Label' }) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
    expect(screen.getByText(/Viewing from version 1/)).toBeTruthy();
  });
});
