/** The widgets dialog of SPEC §2 Dialogs: a switch per available widget (portal-settings/update-widgets). */
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { widgetTitle } from '../../dashboard/widget-titles.ts';
import { type PortalSettings, updatePortalSettings, useApplySettings } from '../api/portal-settings-api.ts';

/** A dashboard widget id (server/config/portal-settings-options.json). */
type WidgetId = PortalSettings['available_widgets'][number];

/** Props: open state, the enabled and available widget names, the company, close. */
export interface WidgetsDialogProps {
  opened: boolean;
  enabled: WidgetId[];
  available: WidgetId[];
  companyId: number | null;
  onClose: () => void;
}

/** Switches; saves the enabled names in the order of `available`. */
export function WidgetsDialog({ opened, enabled, available, companyId, onClose }: WidgetsDialogProps) {
  const apply = useApplySettings(companyId);
  const [chosen, setChosen] = useState<Set<string>>(new Set(enabled));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) setChosen(new Set(enabled));
  }, [opened, enabled]);

  async function save() {
    setBusy(true);
    const envelope = await apply(
      updatePortalSettings(companyId, 'update-widgets', {
        widgets: { enabled: available.filter((name) => chosen.has(name)) },
      }),
    );
    setBusy(false);
    if (envelope.status === 'success') onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Widgets" centered>
      <Stack gap="md">
        {available.length === 0 ? (
          <Text c="dimmed" size="sm">
            No widgets are available.
          </Text>
        ) : (
          available.map((name) => (
            <Switch
              key={name}
              label={widgetTitle(name)}
              checked={chosen.has(name)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setChosen((prev) => {
                  const next = new Set(prev);
                  if (on) next.add(name);
                  else next.delete(name);
                  return next;
                });
              }}
            />
          ))
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy}>
            Save widgets
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
