/**
 * The right pane of the texting console: the chosen conversation's client (name, number, linked
 * application), its messages oldest first with each outbound message's delivery status (and why a
 * failed one failed), and the composer; a prompt when none is chosen, loading and error states.
 */
import { Box, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { ApplicationLink } from '../../../components/application-link.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatWhen } from '../../../lib/format-when.ts';
import { type TextMessage, useConversationThread } from '../api/texting-api.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageStatusBadge } from './message-status-badge.tsx';

function MessageBubble({ message }: { message: TextMessage }) {
  const outbound = message.direction === 'outbound';
  return (
    <Group justify={outbound ? 'flex-end' : 'flex-start'}>
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="75%"
        bg={outbound ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        aria-label={outbound ? 'Sent message' : 'Received message'}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {message.body}
        </Text>
        <Group gap={6} justify="flex-end" mt={4}>
          <Text size="xs" c="dimmed">
            {formatWhen(message.created_at, 'MMM D, h:mm A')}
          </Text>
          {outbound ? <MessageStatusBadge status={message.status} /> : null}
        </Group>
        {message.error ? (
          <Text size="xs" c="red" mt={2}>
            {message.error}
          </Text>
        ) : null}
      </Paper>
    </Group>
  );
}

/** The thread of `conversationId`, or a prompt to choose one. */
export function ConversationThread({ conversationId }: { conversationId: number | null }) {
  const thread = useConversationThread(conversationId);
  const bottom = useRef<HTMLDivElement>(null);
  const count = thread.data?.messages.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message arrives or the thread changes.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [count, conversationId]);

  if (conversationId === null) {
    return (
      <Stack align="center" justify="center" style={{ flex: 1 }} c="dimmed" gap="xs">
        <IconMessages size={40} aria-hidden />
        <Text size="sm">Choose a conversation to read and answer it.</Text>
      </Stack>
    );
  }
  if (thread.isPending) {
    return (
      <Stack p="md" gap="sm" aria-label="Loading the conversation">
        <Skeleton height={28} width="40%" />
        <Skeleton height={48} width="60%" />
        <Skeleton height={48} width="50%" ml="auto" />
      </Stack>
    );
  }
  if (thread.isError) {
    return (
      <Box p="md">
        <LoadError
          title="The conversation could not be loaded"
          error={thread.error}
          onRetry={() => void thread.refetch()}
        />
      </Box>
    );
  }
  const { conversation, messages, templates } = thread.data;
  return (
    <>
      <Group
        justify="space-between"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <div>
          <Title order={2} size="h4">
            {conversation.client_name ?? conversation.client_phone_display}
          </Title>
          <Text size="xs" c="dimmed">
            {conversation.client_phone_display}
          </Text>
        </div>
        {conversation.application_id !== null ? (
          <ApplicationLink size="sm" applicationId={conversation.application_id}>
            {`Application ${conversation.application_reference}`}
          </ApplicationLink>
        ) : (
          <Text size="xs" c="dimmed">
            No application linked
          </Text>
        )}
      </Group>
      <ScrollArea style={{ flex: 1 }} px="md" py="sm">
        <Stack gap="xs" role="log" aria-label="Messages" aria-live="polite">
          {messages.length === 0 ? (
            <Text size="sm" c="dimmed">
              No messages yet.
            </Text>
          ) : (
            messages.map((message) => <MessageBubble key={message.id} message={message} />)
          )}
          <div ref={bottom} />
        </Stack>
      </ScrollArea>
      <MessageComposer key={conversation.id} conversationId={conversation.id} templates={templates} />
    </>
  );
}
