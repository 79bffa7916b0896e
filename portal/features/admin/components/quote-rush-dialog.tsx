/** The quote rush dialog of SPEC §2 Dialogs: on/off and the message shown (portal-settings/update-quote-rush). */
import { Button, Group, Modal, Stack, Switch, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { updatePortalSettings, useApplySettings } from '../api/portal-settings-api.ts';

/** Props: open state, the current quote rush, the company, close. */
export interface QuoteRushDialogProps {
  opened: boolean;
  value: { enabled: boolean; message: string };
  companyId: number | null;
  onClose: () => void;
}

/** Switch and message; a message is required while quote rush is on. */
export function QuoteRushDialog({ opened, value, companyId, onClose }: QuoteRushDialogProps) {
  const apply = useApplySettings(companyId);
  const [enabled, setEnabled] = useState(value.enabled);
  const [message, setMessage] = useState(value.message);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setEnabled(value.enabled);
      setMessage(value.message);
      setError(null);
    }
  }, [opened, value]);

  async function save() {
    if (enabled && !message.trim()) {
      setError('Message cannot be empty!');
      return;
    }
    setError(null);
    setBusy(true);
    const envelope = await apply(
      updatePortalSettings(companyId, 'update-quote-rush', {
        quote_rush: { enabled, message: message.trim() },
      }),
    );
    setBusy(false);
    if (envelope.status === 'success') onClose();
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Quote rush" centered>
      <Stack gap="md">
        <Switch
          label="Quote rush on"
          description="While on, automatic follow-ups of new launches wait half as long."
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <Textarea
          label="Message"
          description="Shown to agents on the dashboard and by Launch while quote rush is on."
          resize="vertical"
          rows={2}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy}>
            Save quote rush
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
