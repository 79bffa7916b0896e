/**
 * The customer quotes webhook's signing secret, shown once after the first URL is saved or after a
 * rotation (issue 14): the server never answers it again, so this alert is the only copy.
 */
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** Props: the secret, and what "I have copied it" does (forget the secret). */
export interface WebhookSecretAlertProps {
  secret: string;
  onDone: () => void;
}

/** The secret with a copy button and the receiver's verification hint. */
export function WebhookSecretAlert({ secret, onDone }: WebhookSecretAlertProps) {
  return (
    <Alert color="green" title="Webhook signing secret">
      <Stack gap="xs">
        <Text size="sm">
          Copy the secret now. It is shown only once. Your receiver checks X-Portal-Signature with it.
        </Text>
        <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group justify="flex-end" gap="xs">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="light" onClick={onDone}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
