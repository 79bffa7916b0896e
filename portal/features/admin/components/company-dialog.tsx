/**
 * The company create/update dialog of SPEC §2 Dialogs (super-admin): name, trial end date, trial
 * disabled, active subscription, the areas added beyond the plan (permissions) and the areas taken
 * away although the plan gives them (issue 43, ADR 764). SPEC §6 trial and subscription.
 */
import { Button, Group, Modal, MultiSelect, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AREA_OPTIONS } from '../../../lib/area-access.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { showToast } from '../../../lib/toast.ts';
import type { CompanyFields, CompanyRecord } from '../api/companies-api.ts';
import { createCompany, updateCompany } from '../api/companies-api.ts';

/** Props: open state, the company to edit (null creates one), and close. */
export interface CompanyDialogProps {
  opened: boolean;
  company: CompanyRecord | null;
  onClose: () => void;
}

/** Stored or chosen removals as the request types them: the options are the areas' permissions. */
function deniedAreas(values: string[]): CompanyFields['denied_permissions'] {
  return values.filter((value) =>
    AREA_OPTIONS.some((option) => option.value === value),
  ) as CompanyFields['denied_permissions'];
}

function initialFields(company: CompanyRecord | null): CompanyFields {
  return {
    name: company?.name ?? '',
    trial_ends_at: company?.trial_ends_at ? company.trial_ends_at.slice(0, 10) : null,
    is_trial_disabled: company?.is_trial_disabled ?? false,
    has_active_subscription: company?.has_active_subscription ?? false,
    permissions: company?.permissions ?? [],
    denied_permissions: deniedAreas(company?.denied_permissions ?? []),
  };
}

/** The form's checks (the server's limits): a name of at most 200 characters, trial end `YYYY-MM-DD` when set. */
export function validateCompanyFields(fields: CompanyFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = fields.name.trim();
  if (!name) errors.name = 'Name cannot be empty!';
  else if (name.length > 200) errors.name = 'Name must be at most 200 characters.';
  if (fields.trial_ends_at && !/^\d{4}-\d{2}-\d{2}$/.test(fields.trial_ends_at))
    errors.trial_ends_at = 'Enter a valid date.';
  return errors;
}

/** Modal form; saves with companies/create or companies/update and refreshes the list. */
export function CompanyDialog({ opened, company, onClose }: CompanyDialogProps) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<CompanyFields>(() => initialFields(company));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setFields(initialFields(company));
      setErrors({});
    }
  }, [opened, company]);

  const set = (patch: Partial<CompanyFields>) => setFields((prev) => ({ ...prev, ...patch }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next = validateCompanyFields(fields);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body: CompanyFields = { ...fields, name: fields.name.trim() };
    setBusy(true);
    const envelope = company ? await updateCompany(company.id, body) : await createCompany(body);
    setBusy(false);
    if (envelope.status === 'success') {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'companies'] });
      showToast('success', 'Saved', envelope.message || 'Company saved.');
      onClose();
      return;
    }
    setErrors(fieldErrors(envelope));
  }

  return (
    <Modal opened={opened} onClose={onClose} title={company ? 'Update company' : 'Create company'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Company name"
            required
            value={fields.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
            data-autofocus
          />
          <TextInput
            label="Trial ends on"
            type="date"
            value={fields.trial_ends_at ?? ''}
            onChange={(e) => set({ trial_ends_at: e.currentTarget.value || null })}
            error={errors.trial_ends_at}
            description="Leave empty for no trial."
          />
          <Switch
            label="Trial disabled"
            checked={fields.is_trial_disabled}
            onChange={(e) => set({ is_trial_disabled: e.currentTarget.checked })}
          />
          <Switch
            label="Active subscription"
            checked={fields.has_active_subscription}
            onChange={(e) => set({ has_active_subscription: e.currentTarget.checked })}
          />
          <TagsInput
            label="Permissions"
            description="Press Enter after each permission."
            value={fields.permissions}
            onChange={(permissions) => set({ permissions })}
            error={errors.permissions}
          />
          <MultiSelect
            label="Removed areas"
            description="Areas this company does not get, even when its plan or permissions give them."
            data={AREA_OPTIONS}
            value={fields.denied_permissions}
            onChange={(denied) => set({ denied_permissions: deniedAreas(denied) })}
            error={errors.denied_permissions}
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {company ? 'Save company' : 'Create company'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
