/**
 * The customer quotes webhook URL dialog of SPEC §2 Dialogs (portal-settings/update-webhook):
 * https only, checked before sending and by the server ('The webhook URL must use https.'). The
 * first URL saved answers the signing secret once: the dialog then stays open to show it.
 */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { isHttpsUrl } from '../api/is-https-url.ts';
import {
  type SettingsWithSecretAnswer,
  updatePortalSettings,
  useApplySettings,
} from '../api/portal-settings-api.ts';
import { WebhookSecretAlert } from './webhook-secret-alert.tsx';

/** Props: open state, the current URL (null = none), the company, close. */
export interface WebhookUrlDialogProps {
  opened: boolean;
  value: string | null;
  companyId: number | null;
  onClose: () => void;
}

/** The message of a URL that is not https; the server's own wording. */
export const WEBHOOK_HTTPS_MESSAGE = 'The webhook URL must use https.';

/** URL field; empty clears the webhook. */
export function WebhookUrlDialog({ opened, value, companyId, onClose }: WebhookUrlDialogProps) {
  const apply = useApplySettings(companyId);
  const [url, setUrl] = useState(value ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setUrl(value ?? '');
      setError(null);
    } else setSecret(null);
  }, [opened, value]);

  async function save(next: string | null) {
    if (next !== null && !isHttpsUrl(next)) {
      setError(WEBHOOK_HTTPS_MESSAGE);
      return;
    }
    setError(null);
    setBusy(true);
    const envelope = await apply(
      updatePortalSettings(companyId, 'update-webhook', {
        customer_quotes_webhook_url: next,
      }) as SettingsWithSecretAnswer,
    );
    setBusy(false);
    const generated = envelope.data?.webhook_secret;
    if (envelope.status === 'success' && generated) setSecret(generated);
    else if (envelope.status === 'success') onClose();
    else setError(fieldErrors(envelope).customer_quotes_webhook_url ?? envelope.message);
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Customer quotes webhook URL"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {secret ? (
        <WebhookSecretAlert secret={secret} onDone={onClose} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save(url.trim() || null);
          }}
          noValidate
        >
          <Stack gap="md">
            <TextInput
              label="Webhook URL"
              description="Quotes for customers are posted here. Must start with https://."
              placeholder="https://example.com/hooks/quotes"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={error}
            />
            <Group justify="space-between">
              {value ? (
                <Button color="red" variant="subtle" onClick={() => save(null)} loading={busy}>
                  Remove webhook
                </Button>
              ) : (
                <span />
              )}
              <Group gap="xs">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Save webhook
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
