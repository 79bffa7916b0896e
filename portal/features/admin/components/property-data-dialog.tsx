/**
 * The property data dialog of portal settings (issue 15; portal-settings/update-property-data):
 * per job (address, characteristics, flood zone, ground elevation, CBRA, community status) the
 * sandbox ("Sample data") or a real provider, with its key; and how many days an answer is reused. Keys are write-only: the server answers
 * only whether one is set, and an empty field keeps it.
 */
import {
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  type PropertyDataJob,
  type PropertyDataSettings,
  type SettingsBody,
  updatePortalSettings,
  useApplySettings,
} from '../api/portal-settings-api.ts';

/** The jobs in the order shown, with their names. */
export const PROPERTY_DATA_JOBS: { job: PropertyDataJob; title: string }[] = [
  { job: 'address', title: 'Address verification and autocomplete' },
  { job: 'characteristics', title: 'Property characteristics' },
  { job: 'flood_zone', title: 'Flood zone determination' },
  { job: 'ground_elevation', title: 'Ground elevation' },
  { job: 'cbra', title: 'Coastal Barrier Resources (CBRA) zone' },
  { job: 'community_status', title: 'NFIP community participation' },
];

type JobForm = { provider: string; key_id: string; key: string };
/** The form: per job the provider, key id and a newly typed key (empty keeps the stored one). */
export type PropertyDataForm = { cache_days: number | ''; jobs: Record<PropertyDataJob, JobForm> };

function initial(value: PropertyDataSettings): PropertyDataForm {
  return {
    cache_days: value.cache_days,
    jobs: Object.fromEntries(
      PROPERTY_DATA_JOBS.map(({ job }) => [
        job,
        { provider: value.jobs[job].provider, key_id: value.jobs[job].key_id ?? '', key: '' },
      ]),
    ) as PropertyDataForm['jobs'],
  };
}

/**
 * The `property_data` body: per job the provider, its key id when it takes one, and the key only
 * when one was typed (omitted keeps the stored one), never an empty string.
 */
export function propertyDataBody(
  form: PropertyDataForm,
  value: PropertyDataSettings,
): SettingsBody<'update-property-data'>['property_data'] {
  const jobs = Object.fromEntries(
    PROPERTY_DATA_JOBS.map(({ job }) => {
      const chosen = form.jobs[job];
      const choice = value.available[job].find((c) => c.provider === chosen.provider);
      const entry: Record<string, unknown> = { provider: chosen.provider };
      if (choice?.key_id) entry.key_id = chosen.key_id.trim() || null;
      if (choice?.needs_key && chosen.key) entry.key = chosen.key;
      return [job, entry];
    }),
  );
  // Each job's provider is one of value.available[job], the server's own choices for that job.
  return {
    cache_days: form.cache_days === '' ? 0 : form.cache_days,
    jobs: jobs as SettingsBody<'update-property-data'>['property_data']['jobs'],
  };
}

/** Props: open state, the current settings, the company, close. */
export interface PropertyDataDialogProps {
  opened: boolean;
  value: PropertyDataSettings;
  companyId: number | null;
  onClose: () => void;
}

/** Modal form; says "Key set" instead of showing a stored key. */
export function PropertyDataDialog({ opened, value, companyId, onClose }: PropertyDataDialogProps) {
  const apply = useApplySettings(companyId);
  const [form, setForm] = useState<PropertyDataForm>(() => initial(value));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setForm(initial(value));
      setErrors({});
    }
  }, [opened, value]);

  const setJob = (job: PropertyDataJob, patch: Partial<JobForm>) =>
    setForm((prev) => ({ ...prev, jobs: { ...prev.jobs, [job]: { ...prev.jobs[job], ...patch } } }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const envelope = await apply(
      updatePortalSettings(companyId, 'update-property-data', {
        property_data: propertyDataBody(form, value),
      }),
    );
    setBusy(false);
    if (envelope.status === 'success') onClose();
    // The server names each job's field: property_data.jobs.<job>.key.
    else setErrors(envelope.error_obj ?? {});
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Property data"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close property data' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Sample data answers every job until a provider is chosen; its values are marked as sample data.
          </Text>
          {PROPERTY_DATA_JOBS.map(({ job, title }) => {
            const chosen = form.jobs[job];
            const choice = value.available[job].find((c) => c.provider === chosen.provider);
            const stored = value.jobs[job];
            const keySet = stored.has_key && stored.provider === chosen.provider;
            return (
              <Stack key={job} gap="xs">
                <Select
                  label={title}
                  data={value.available[job].map((c) => ({ value: c.provider, label: c.label }))}
                  value={chosen.provider}
                  onChange={(provider) => provider && setJob(job, { provider, key: '' })}
                  allowDeselect={false}
                />
                {choice?.key_id && (
                  <TextInput
                    label={`${choice.label} key id`}
                    value={chosen.key_id}
                    onChange={(e) => setJob(job, { key_id: e.currentTarget.value })}
                    error={errors[`property_data.jobs.${job}.key_id`]}
                  />
                )}
                {choice?.needs_key && (
                  <PasswordInput
                    label={`${choice.label} key`}
                    description={keySet ? 'Key set. Leave empty to keep it.' : 'Not set.'}
                    autoComplete="new-password"
                    value={chosen.key}
                    onChange={(e) => setJob(job, { key: e.currentTarget.value })}
                    error={errors[`property_data.jobs.${job}.key`]}
                  />
                )}
              </Stack>
            );
          })}
          <NumberInput
            label="Reuse answers for (days)"
            min={0}
            max={365}
            allowDecimal={false}
            value={form.cache_days}
            onChange={(days) =>
              setForm((prev) => ({ ...prev, cache_days: typeof days === 'number' ? days : '' }))
            }
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save property data
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
