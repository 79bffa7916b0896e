/**
 * The dynamic banners dialog of SPEC §2 Dialogs: banners shown to the agency's users between two
 * dates, to an audience (everyone, admins, agents or customers), with a colour; create, edit, switch off and delete (portal-settings/banners/*).
 */
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { BANNER_AUDIENCES, BANNER_COLORS, type Banner, type BannerAudience } from '../api/admin-types.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import {
  createSettingsItem,
  deleteSettingsItem,
  updateSettingsItem,
  useApplySettings,
} from '../api/portal-settings-api.ts';

/** Props: open state, the banners, the company (null = own), close. */
export interface DynamicBannersDialogProps {
  opened: boolean;
  banners: Banner[];
  companyId: number | null;
  onClose: () => void;
}

type BannerDraft = Omit<Banner, 'id'>;

const EMPTY: BannerDraft = {
  message: '',
  color: 'blue',
  starts_on: null,
  ends_on: null,
  is_active: true,
  audience: 'everyone',
};

/** What the audience select shows for each audience. */
const AUDIENCE_LABELS: Record<BannerAudience, string> = {
  everyone: 'Everyone',
  admins: 'Admins',
  agents: 'Agents',
  customers: 'Customers',
};

/** The banner form's checks: a message, and an end date not before the start date. */
export function validateBanner(draft: BannerDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.message.trim()) errors.message = 'Message cannot be empty!';
  if (draft.starts_on && draft.ends_on && draft.ends_on < draft.starts_on)
    errors.ends_on = 'The end date is before the start date.';
  return errors;
}

/** List of banners and one form to add or edit. */
export function DynamicBannersDialog({ opened, banners, companyId, onClose }: DynamicBannersDialogProps) {
  const apply = useApplySettings(companyId);
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<BannerDraft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setEditing(null);
      setDraft(EMPTY);
      setErrors({});
    }
  }, [opened]);

  const set = (patch: Partial<BannerDraft>) => setDraft((prev) => ({ ...prev, ...patch }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const item: BannerDraft = { ...draft, message: draft.message.trim() };
    const next = validateBanner(item);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const envelope = await apply(
      editing === null
        ? createSettingsItem(companyId, 'banners', { ...item })
        : updateSettingsItem(companyId, 'banners', editing, { ...item }),
    );
    setBusy(false);
    if (envelope.status === 'success') {
      setEditing(null);
      setDraft(EMPTY);
    } else setErrors(fieldErrors(envelope));
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Dynamic banners" size="lg" centered>
      <Stack gap="md">
        {banners.length === 0 ? (
          <Text c="dimmed" size="sm">
            No banners yet.
          </Text>
        ) : (
          banners.map((banner) => (
            <Paper key={banner.id} withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Group gap="xs">
                    <Badge color={banner.color} variant="light" radius="sm">
                      {banner.color}
                    </Badge>
                    {banner.is_active ? null : (
                      <Badge color="gray" variant="outline" radius="sm">
                        Off
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" mt={4}>
                    {banner.message}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {AUDIENCE_LABELS[banner.audience ?? 'everyone']} · {banner.starts_on ?? 'Any time'} →{' '}
                    {banner.ends_on ?? 'no end'}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit banner ${banner.id}`}
                    onClick={() => {
                      setEditing(banner.id);
                      const { id: _id, ...rest } = banner;
                      setDraft({ ...rest, audience: rest.audience ?? 'everyone' });
                      setErrors({});
                    }}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete banner ${banner.id}`}
                    onClick={() => apply(deleteSettingsItem(companyId, 'banners', banner.id))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text fw={600} size="sm">
              {editing === null ? 'New banner' : 'Edit banner'}
            </Text>
            <Textarea
              label="Message"
              required
              resize="vertical"
              rows={2}
              value={draft.message}
              onChange={(e) => set({ message: e.currentTarget.value })}
              error={errors.message}
            />
            <Group grow>
              <NativeSelect
                label="Colour"
                value={draft.color}
                onChange={(e) => set({ color: e.currentTarget.value as Banner['color'] })}
                data={[...BANNER_COLORS]}
              />
              <NativeSelect
                label="Shown to"
                value={draft.audience ?? 'everyone'}
                onChange={(e) => set({ audience: e.currentTarget.value as BannerAudience })}
                data={BANNER_AUDIENCES.map((value) => ({ value, label: AUDIENCE_LABELS[value] }))}
              />
              <TextInput
                label="Starts on"
                type="date"
                value={draft.starts_on ?? ''}
                onChange={(e) => set({ starts_on: e.currentTarget.value || null })}
                error={errors.starts_on}
              />
              <TextInput
                label="Ends on"
                type="date"
                value={draft.ends_on ?? ''}
                onChange={(e) => set({ ends_on: e.currentTarget.value || null })}
                error={errors.ends_on}
              />
            </Group>
            <Switch
              label="Active"
              checked={draft.is_active}
              onChange={(e) => set({ is_active: e.currentTarget.checked })}
            />
            <Group justify="flex-end">
              {editing !== null ? (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(null);
                    setDraft(EMPTY);
                  }}
                >
                  Cancel edit
                </Button>
              ) : (
                <Button variant="default" onClick={onClose}>
                  Done
                </Button>
              )}
              <Button type="submit" loading={busy}>
                {editing === null ? 'Add banner' : 'Save banner'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
