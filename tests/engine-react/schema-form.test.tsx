import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import type { Doc } from '../../engine/types.ts';
import { fixtureCtx, fixtureSchemaSet } from './fixtures/fixture-schema-set.ts';
import { renderSchemaForm } from './render-schema-form.tsx';

const compiled = compileSchemaSet(fixtureSchemaSet);

const filled: Doc = {
  alpha: 'Alpha value',
  kind: 'one',
  answer: 'No',
  detail: 'kept while hidden',
  amount: 100,
  count: 2,
  total: 200,
  contact_phone: '(305) 555-0100',
  level: 5000,
  outside: 'a key no form shows',
};

/** The input a label names (a select's label also names its option list, so pick the input). */
function input(label: RegExp): HTMLInputElement {
  const found = screen.getAllByLabelText(label).filter((el) => el.matches('input, textarea'));
  if (found.length !== 1) throw new Error(`${found.length} inputs labelled ${label}`);
  return found[0] as HTMLInputElement;
}

/** The <label> element naming a control, to look at its required marker. */
function labelOf(text: RegExp): HTMLElement {
  const label = screen.getAllByText(text).find((el) => el.closest('label, [id$="-label"]'));
  if (!label) throw new Error(`no label ${text}`);
  return label.closest('label, [id$="-label"]') as HTMLElement;
}

function hasAsterisk(text: RegExp): boolean {
  return labelOf(text).textContent?.includes('*') ?? false;
}

describe('SchemaForm', () => {
  it('renders one titled section per form section with labelled fields in order', () => {
    renderSchemaForm({ compiled, ctx: fixtureCtx, value: filled });
    const general = screen.getByRole('group', { name: 'General' });
    const figures = screen.getByRole('group', { name: 'Figures' });
    expect(within(general).getByLabelText(/^Alpha/)).toBeTruthy();
    expect(within(general).getAllByLabelText(/^Kind/)[0]).toBeTruthy();
    expect(within(figures).getByLabelText(/^Amount/)).toBeTruthy();
    expect(within(figures).getByLabelText(/^Contact Phone/)).toBeTruthy();
    // <label for> association: the input is found from its label and carries the label's target id.
    const alpha = input(/^Alpha/);
    expect(document.querySelector(`label[for="${alpha.id}"]`)?.textContent).toMatch(/^Alpha/);
    const labels = [...general.querySelectorAll('label')].map((l) => l.textContent?.replace(/\s*\*$/, ''));
    expect(labels.slice(0, 3)).toEqual(['Alpha', 'Kind', 'Code']);
    // Each field sits in a grid cell named by its key: detail is hidden (answer is No).
    const cells = [...general.querySelectorAll('[data-field]')].map((c) => c.getAttribute('data-field'));
    expect(cells).toEqual(['alpha', 'kind', 'code', 'answer', 'note', 'start_date']);
  });

  it('hides a non-applicable field and keeps its value through other edits', () => {
    const view = renderSchemaForm({ compiled, ctx: fixtureCtx, value: filled });
    expect(screen.queryByLabelText(/^Detail/)).toBeNull();
    fireEvent.change(input(/^Alpha/), { target: { value: 'Changed' } });
    fireEvent.change(input(/^Count/), { target: { value: '3' } });
    const doc = view.latest();
    expect(doc.alpha).toBe('Changed');
    expect(doc.detail).toBe('kept while hidden');
    expect(doc.outside).toBe('a key no form shows');
    expect(screen.queryByLabelText(/^Detail/)).toBeNull();
  });

  it('shows the field once its condition holds and required markers follow applicability', () => {
    const view = renderSchemaForm({ compiled, ctx: fixtureCtx, value: { ...filled, detail: undefined } });
    expect(hasAsterisk(/^Alpha/)).toBe(true);
    expect(hasAsterisk(/^Note/)).toBe(false);
    const answer = screen.getByRole('radiogroup', { name: /^Answer/ });
    fireEvent.click(within(answer).getByLabelText('Yes'));
    expect(view.latest().answer).toBe('Yes');
    expect(input(/^Detail/)).toBeTruthy();
    expect(hasAsterisk(/^Detail/)).toBe(true);
    fireEvent.click(within(answer).getByLabelText('No'));
    expect(view.latest().answer).toBe('No');
    expect(screen.queryByLabelText(/^Detail/)).toBeNull();
  });

  it('shows the required marker of a required_when field exactly while its condition holds', () => {
    const withRequiredWhen = compileSchemaSet({
      ...fixtureSchemaSet,
      required_when: { note: { '==': [{ var: 'doc.answer' }, 'Yes'] } },
    });
    const view = renderSchemaForm({ compiled: withRequiredWhen, ctx: fixtureCtx, value: filled });
    expect(hasAsterisk(/^Note/)).toBe(false);
    const answer = screen.getByRole('radiogroup', { name: /^Answer/ });
    fireEvent.click(within(answer).getByLabelText('Yes'));
    expect(view.latest().answer).toBe('Yes');
    expect(hasAsterisk(/^Note/)).toBe(true);
    fireEvent.click(within(answer).getByLabelText('No'));
    expect(hasAsterisk(/^Note/)).toBe(false);
  });

  it('offers "Why this message" with the trace only when explanations are on', () => {
    renderSchemaForm({ compiled, ctx: fixtureCtx, value: { ...filled, alpha: 'a' }, showAllErrors: true });
    expect(screen.getByText('Alpha needs at least 2 characters!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Why this message' })).toBeNull();
  });

  it('shows the rule, the values it read and its params behind "Why this message"', () => {
    renderSchemaForm({
      compiled,
      ctx: fixtureCtx,
      value: { ...filled, alpha: 'a' },
      showAllErrors: true,
      explainMessages: true,
    });
    const buttons = screen.getAllByRole('button', { name: 'Why this message' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('A rule on this field did not hold.')).toBeTruthy();
    expect(within(dialog).getByText('alpha-min-length')).toBeTruthy();
    expect(within(dialog).getByText('doc.alpha')).toBeTruthy();
    expect(within(dialog).getByText('"a"')).toBeTruthy();
  });

  it('shows a field message only after the field is touched', () => {
    renderSchemaForm({ compiled, ctx: fixtureCtx, value: { ...filled, alpha: '', count: null } });
    expect(screen.queryByText('Alpha cannot be empty!')).toBeNull();
    expect(screen.queryByText('Count cannot be empty!')).toBeNull();
    fireEvent.blur(input(/^Alpha/));
    expect(screen.getByText('Alpha cannot be empty!')).toBeTruthy();
    expect(screen.queryByText('Count cannot be empty!')).toBeNull();
    fireEvent.change(input(/^Alpha/), { target: { value: 'a' } });
    expect(screen.getByText('Alpha needs at least 2 characters!')).toBeTruthy();
    fireEvent.change(input(/^Alpha/), { target: { value: 'ab' } });
    expect(screen.queryByText(/^Alpha needs/)).toBeNull();
  });

  it('shows every field message at once with showAllErrors', () => {
    const view = renderSchemaForm({ compiled, ctx: fixtureCtx, value: { answer: 'Yes' } });
    expect(screen.queryByText(/cannot be empty!/)).toBeNull();
    view.setShowAllErrors(true);
    for (const label of ['Alpha', 'Kind', 'Detail', 'Amount', 'Count', 'Contact Phone', 'Level']) {
      expect(screen.getByText(`${label} cannot be empty!`)).toBeTruthy();
    }
    // Optional fields have nothing to say when empty.
    expect(screen.queryByText('Note cannot be empty!')).toBeNull();
    const alpha = input(/^Alpha/);
    expect(alpha.getAttribute('aria-invalid')).toBe('true');
  });

  it('marks a radio group and its radios aria-invalid with a message, and clears both with it', () => {
    const view = renderSchemaForm({ compiled, ctx: fixtureCtx, value: {} });
    view.setShowAllErrors(true);
    expect(screen.getByText('Answer cannot be empty!')).toBeTruthy();
    const answer = screen.getByRole('radiogroup', { name: /^Answer/ });
    expect(answer.getAttribute('aria-invalid')).toBe('true');
    const radios = within(answer).getAllByRole('radio');
    expect(radios.length).toBeGreaterThan(1);
    for (const radio of radios) expect(radio.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(answer).getByLabelText('No'));
    expect(screen.queryByText('Answer cannot be empty!')).toBeNull();
    const cleared = screen.getByRole('radiogroup', { name: /^Answer/ });
    expect(cleared.hasAttribute('aria-invalid')).toBe(false);
    for (const radio of within(cleared).getAllByRole('radio'))
      expect(radio.hasAttribute('aria-invalid')).toBe(false);
  });

  it('titles each section with a heading, level 3 by default and 2 when asked', () => {
    const third = renderSchemaForm({ compiled, ctx: fixtureCtx, value: {} });
    const level3 = screen.getAllByRole('heading', { level: 3 });
    expect(level3.length).toBeGreaterThan(0);
    // Each heading sits in its section's legend, so the fieldset keeps its name.
    for (const heading of level3) expect(heading.closest('legend')).not.toBeNull();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
    third.unmount();
    renderSchemaForm({ compiled, ctx: fixtureCtx, value: {}, sectionHeadingLevel: 2 });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(level3.length);
  });

  it('money widget shows dollars with separators and emits numbers', () => {
    const view = renderSchemaForm({ compiled, ctx: fixtureCtx, value: { ...filled, amount: null } });
    fireEvent.change(input(/^Amount/), { target: { value: '1234567' } });
    expect(view.latest().amount).toBe(1234567);
    expect(typeof view.latest().amount).toBe('number');
    expect(input(/^Amount/).value).toBe('$1,234,567');
    fireEvent.change(input(/^Amount/), { target: { value: '2500.5' } });
    expect(view.latest().amount).toBe(2500.5);
    fireEvent.change(input(/^Amount/), { target: { value: '' } });
    expect(view.latest().amount).toBeNull();
  });

  it('phone widget masks the number as typed', () => {
    const view = renderSchemaForm({ compiled, ctx: fixtureCtx, value: { ...filled, contact_phone: '' } });
    fireEvent.change(input(/^Contact Phone/), { target: { value: '305555' } });
    expect(input(/^Contact Phone/).value).toBe('(305) 555');
    fireEvent.change(input(/^Contact Phone/), { target: { value: '+1 305 555 0100' } });
    expect(input(/^Contact Phone/).value).toBe('(305) 555-0100');
    expect(view.latest().contact_phone).toBe('(305) 555-0100');
    expect(String(view.latest().contact_phone)).toHaveLength(14);
  });

  it('yes-no widget emits "Yes" and "No"', () => {
    const view = renderSchemaForm({ compiled, ctx: fixtureCtx, value: { ...filled, answer: undefined } });
    const answer = screen.getByRole('radiogroup', { name: /^Answer/ });
    fireEvent.click(within(answer).getByLabelText('Yes'));
    expect(view.latest().answer).toBe('Yes');
    fireEvent.click(within(answer).getByLabelText('No'));
    expect(view.latest().answer).toBe('No');
    expect((within(answer).getByLabelText('No') as HTMLInputElement).checked).toBe(true);
  });

  it('select widget lists the option titles and emits the option value with its type', () => {
    const view = renderSchemaForm({ compiled, ctx: fixtureCtx, value: filled });
    fireEvent.click(input(/^Kind/));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['One', 'Two', 'Three']);
    fireEvent.click(screen.getByRole('option', { name: 'Two' }));
    expect(view.latest().kind).toBe('two');
    expect(input(/^Kind/).value).toBe('Two');

    fireEvent.click(input(/^Level/));
    fireEvent.click(screen.getByRole('option', { name: '2000' }));
    expect(view.latest().level).toBe(2000);
  });

  it('select widget is searchable when the list is long', () => {
    const view = renderSchemaForm({ compiled, ctx: fixtureCtx, value: filled });
    expect(input(/^Code/).readOnly).toBe(false);
    expect(input(/^Kind/).readOnly).toBe(true);
    fireEvent.click(input(/^Code/));
    expect(screen.getAllByRole('option')).toHaveLength(26);
    // Mantine treats a change to an unfocused combobox as autofill, so type with focus as a user does.
    input(/^Code/).focus();
    fireEvent.change(input(/^Code/), { target: { value: 'QQ' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['QQ']);
    fireEvent.click(screen.getByRole('option', { name: 'QQ' }));
    expect(view.latest().code).toBe('QQ');
  });

  it('re-evaluates computed fields on every change and renders them read-only', () => {
    const view = renderSchemaForm({ compiled, ctx: fixtureCtx, value: filled });
    expect(input(/^Total/).readOnly).toBe(true);
    fireEvent.change(input(/^Count/), { target: { value: '5' } });
    expect(view.latest().count).toBe(5);
    expect(view.latest().total).toBe(500);
    expect(input(/^Total/).value).toBe('$500');
    fireEvent.change(input(/^Amount/), { target: { value: '' } });
    expect(view.latest().total).toBeNull();
  });

  it('renders every field read-only when disabled', () => {
    renderSchemaForm({ compiled, ctx: fixtureCtx, value: filled, disabled: true });
    for (const label of [/^Alpha/, /^Amount/, /^Count/, /^Contact Phone/, /^Kind/]) {
      expect(input(label).readOnly).toBe(true);
    }
    const answer = screen.getByRole('radiogroup', { name: /^Answer/ });
    for (const radio of within(answer).getAllByRole('radio')) {
      expect((radio as HTMLInputElement).disabled).toBe(true);
    }
  });

  it('shows a document the caller replaces, with its fields, messages and applicability', () => {
    const view = renderSchemaForm({ compiled, ctx: fixtureCtx, value: filled, showAllErrors: true });
    fireEvent.change(input(/^Alpha/), { target: { value: 'Typed' } });
    expect(screen.queryByLabelText(/^Detail/)).toBeNull();
    view.replace({ ...filled, alpha: 'a', answer: 'Yes', detail: 'from the server' });
    expect(input(/^Alpha/).value).toBe('a');
    expect(screen.getByText('Alpha needs at least 2 characters!')).toBeTruthy();
    expect(input(/^Detail/).value).toBe('from the server');
    // A replaced document is the caller's own: nothing is emitted for it, and typing goes on from it.
    expect(view.emitted).toHaveLength(1);
    fireEvent.change(input(/^Alpha/), { target: { value: 'ab' } });
    expect(view.latest()).toMatchObject({ alpha: 'ab', detail: 'from the server', answer: 'Yes' });
    expect(screen.queryByText(/^Alpha needs/)).toBeNull();
  });

  it('shows an error state when no form matches the context', () => {
    renderSchemaForm({ compiled, ctx: { ...fixtureCtx, product: 'unknown' }, value: {} });
    expect(screen.getByRole('alert').textContent).toMatch(/No form for context/);
  });
});
