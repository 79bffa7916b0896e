/**
 * The dynamic banners dialog of SPEC §2 Dialogs: banners shown to the agency's users between two
 * dates, to an audience (everyone, admins, agents or customers), with a colour; create, edit, switch off and delete (portal-settings/banners/*).
 */
import { Badge, Group, Modal, NativeSelect, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import {
  BANNER_AUDIENCES,
  BANNER_COLORS,
  type Banner,
  type BannerAudience,
} from '../api/portal-settings-api.ts';
import { SettingsItemCard, SettingsItemForm, useSettingsItemForm } from './settings-item-editor.tsx';

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
  const editor = useSettingsItemForm<BannerDraft>({
    opened,
    companyId,
    section: 'banners',
    empty: EMPTY,
    validate: validateBanner,
    toItem: (draft) => ({ ...draft, message: draft.message.trim() }),
  });
  const { values: draft, errors, set } = editor.form;

  return (
    <Modal opened={opened} onClose={onClose} title="Dynamic banners" size="lg" centered>
      <Stack gap="md">
        {banners.length === 0 ? (
          <Text c="dimmed" size="sm">
            No banners yet.
          </Text>
        ) : (
          banners.map((banner) => (
            <SettingsItemCard
              key={banner.id}
              editLabel={`Edit banner ${banner.id}`}
              deleteLabel={`Delete banner ${banner.id}`}
              onEdit={() => {
                const { id: _id, ...rest } = banner;
                editor.edit(banner.id, { ...rest, audience: rest.audience ?? 'everyone' });
              }}
              onDelete={() => editor.remove(banner.id)}
            >
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
            </SettingsItemCard>
          ))
        )}
        <SettingsItemForm editor={editor} noun="banner" onDone={onClose}>
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
        </SettingsItemForm>
      </Stack>
    </Modal>
  );
}
