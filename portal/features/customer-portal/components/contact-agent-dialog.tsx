/**
 * The customer's request to their agent (issue 16): "Contact my agent" for an application, or
 * "I want this quote" for one of its quotes, with optional words of their own. Sending notes the
 * application and tells the agent; a success toast confirms it, a refusal toasts the server's message.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { MAX_CONTACT_MESSAGE_LENGTH, useContactAgent } from '../api/contact-agent.ts';
import { myApplicationsQueryOptions } from '../api/get-my-applications.ts';

/** What the dialog asks about: the application, the chosen quote (null: a plain contact), the agent's name. */
export interface ContactRequest {
  applicationId: number;
  quote: { id: number; display_name: string; premium: string } | null;
  agentName: string;
}

/** Props: the request being written (null: closed) and how to close. */
export interface ContactAgentDialogProps {
  request: ContactRequest | null;
  onClose: () => void;
}

/** Modal with the request's summary, an optional message and Send. */
export function ContactAgentDialog({ request, onClose }: ContactAgentDialogProps) {
  const [message, setMessage] = useState('');
  const mutation = useContactAgent();
  const queryClient = useQueryClient();
  const close = () => {
    setMessage('');
    mutation.reset();
    onClose();
  };
  const send = () => {
    if (!request) return;
    mutation.mutate(
      { applicationId: request.applicationId, quoteId: request.quote?.id ?? null, message },
      {
        onSuccess: () => {
          showToast('success', 'Request sent', `${request.agentName} will get back to you.`);
          void queryClient.invalidateQueries({ queryKey: myApplicationsQueryOptions().queryKey });
          close();
        },
      },
    );
  };
  const title = request?.quote ? 'I want this quote' : 'Contact my agent';

  return (
    <Modal opened={request !== null} onClose={close} title={title} centered>
      {request && (
        <Stack gap="md">
          <Text size="sm">
            {request.quote
              ? `${request.agentName} will be told you want the ${request.quote.display_name} quote (${request.quote.premium} a year) and will get in touch.`
              : `${request.agentName} will be asked to get in touch with you about this application.`}
          </Text>
          <Textarea
            label="Message (optional)"
            description="For example, when and how you would like to be contacted."
            autosize
            minRows={3}
            maxLength={MAX_CONTACT_MESSAGE_LENGTH}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={send} loading={mutation.isPending}>
              Send to my agent
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
