/**
 * The left pane of the texting console: search, then the company's conversations (client name or
 * number, the last message, when) with an unread badge; loading, error and empty states.
 */
import {
  Badge,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { LoadError } from '../../../components/load-error.tsx';
import { formatWhen } from '../../../lib/format-when.ts';
import { type Conversation, useConversations } from '../api/texting-api.ts';

/** Props: the search text, the chosen conversation and how each changes. */
export interface ConversationListProps {
  search: string;
  onSearch: (search: string) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

function ConversationRow({
  conversation,
  selected,
  onSelect,
}: {
  conversation: Conversation;
  selected: boolean;
  onSelect: () => void;
}) {
  const title = conversation.client_name ?? conversation.client_phone_display;
  const unread = conversation.unread_count;
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      px="md"
      py="sm"
      style={{
        display: 'block',
        width: '100%',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={unread > 0 ? 700 : 500} size="sm" truncate>
          {title}
        </Text>
        {unread > 0 ? (
          <Badge color="red" size="sm" circle={unread < 10}>
            {unread}
            <VisuallyHidden> unread</VisuallyHidden>
          </Badge>
        ) : null}
      </Group>
      {conversation.client_name ? (
        <Text size="xs" c="dimmed">
          {conversation.client_phone_display}
          {conversation.application_reference ? ` · ${conversation.application_reference}` : ''}
        </Text>
      ) : null}
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" truncate>
          {conversation.last_direction === 'outbound' ? 'You: ' : ''}
          {conversation.last_body ?? ''}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatWhen(conversation.last_message_at, 'MMM D, h:mm A')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** Search box and the list of conversations. */
export function ConversationList({ search, onSearch, selectedId, onSelect }: ConversationListProps) {
  const conversations = useConversations(search);
  const rows = conversations.data?.conversations ?? [];
  return (
    <>
      <Stack p="sm" gap="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <TextInput
          aria-label="Search conversations"
          placeholder="Search by name, number or text"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
        />
      </Stack>
      <ScrollArea style={{ flex: 1 }}>
        {conversations.isPending ? (
          <Stack p="md" gap="sm" aria-label="Loading the conversations">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={52} />
            ))}
          </Stack>
        ) : conversations.isError ? (
          <Stack p="sm">
            <LoadError
              title="The conversations could not be loaded"
              error={conversations.error}
              onRetry={() => void conversations.refetch()}
            />
          </Stack>
        ) : rows.length === 0 ? (
          <Text p="md" size="sm" c="dimmed">
            {search.trim()
              ? `No conversation matches “${search.trim()}”.`
              : 'No conversations yet. Texts from clients appear here as they arrive.'}
          </Text>
        ) : (
          rows.map((conversation) => (
            <ConversationRow
              key={conversation.id}
              conversation={conversation}
              selected={conversation.id === selectedId}
              onSelect={() => onSelect(conversation.id)}
            />
          ))
        )}
      </ScrollArea>
    </>
  );
}
