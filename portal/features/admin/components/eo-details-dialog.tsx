/** The E&O details dialog: carrier, policy number, limit (dollars) and expiry date (portal-settings/update-eo-details). */
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fieldErrors } from '../../../lib/field-errors.ts';
import type { EoData } from '../api/portal-settings-api.ts';
import { updatePortalSettings, useApplySettings } from '../api/portal-settings-api.ts';

/** Props: open state, the current E&O data (null = none yet), the company, close. */
export interface EoDetailsDialogProps {
  opened: boolean;
  value: EoData | null;
  companyId: number | null;
  onClose: () => void;
}

interface EoForm {
  carrier: string;
  policy_number: string;
  expiry: string;
  limit: number | '';
}

/** The form's checks: every field required, the limit a positive dollar amount, a real date. */
export function validateEoForm(form: EoForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.carrier.trim()) errors.carrier = 'Carrier cannot be empty!';
  if (!form.policy_number.trim()) errors.policy_number = 'Policy number cannot be empty!';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.expiry) || Number.isNaN(Date.parse(form.expiry)))
    errors.expiry = 'Expiry date cannot be empty!';
  if (form.limit === '' || !(form.limit > 0)) errors.limit = 'Limit must be greater than 0.';
  return errors;
}

function initial(value: EoData | null): EoForm {
  return {
    carrier: value?.carrier ?? '',
    policy_number: value?.policy_number ?? '',
    expiry: value?.expiry ?? '',
    limit: value?.limit ?? '',
  };
}

/** Modal form for the four E&O fields. */
export function EoDetailsDialog({ opened, value, companyId, onClose }: EoDetailsDialogProps) {
  const apply = useApplySettings(companyId);
  const [form, setForm] = useState<EoForm>(() => initial(value));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setForm(initial(value));
      setErrors({});
    }
  }, [opened, value]);

  const set = (patch: Partial<EoForm>) => setForm((prev) => ({ ...prev, ...patch }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const next = validateEoForm(form);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const eo_data = {
      carrier: form.carrier.trim(),
      policy_number: form.policy_number.trim(),
      expiry: form.expiry,
      limit: Number(form.limit),
    };
    setBusy(true);
    const envelope = await apply(updatePortalSettings(companyId, 'update-eo-details', { eo_data }));
    setBusy(false);
    if (envelope.status === 'success') onClose();
    else setErrors(fieldErrors(envelope));
  }

  return (
    <Modal opened={opened} onClose={onClose} title="E&O details" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Carrier"
            required
            value={form.carrier}
            onChange={(e) => set({ carrier: e.currentTarget.value })}
            error={errors.carrier}
          />
          <TextInput
            label="Policy number"
            required
            value={form.policy_number}
            onChange={(e) => set({ policy_number: e.currentTarget.value })}
            error={errors.policy_number}
          />
          <NumberInput
            label="Limit"
            required
            prefix="$"
            thousandSeparator=","
            min={1}
            allowNegative={false}
            value={form.limit}
            onChange={(limit) => set({ limit: typeof limit === 'number' ? limit : '' })}
            error={errors.limit}
          />
          <TextInput
            label="Expiry date"
            required
            type="date"
            value={form.expiry}
            onChange={(e) => set({ expiry: e.currentTarget.value })}
            error={errors.expiry}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save E&O details
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
