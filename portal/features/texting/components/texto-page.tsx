/**
 * /dashboard/texto (SPEC §2: texto layout, login and subscription required; issue 14): the texting
 * console. Conversations with clients on the left (search, unread badges), the chosen thread on the
 * right with delivery statuses and the composer; new inbound messages and status changes arrive
 * through the events stream without a reload.
 */
import { Badge, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useConversations } from '../api/texting-api.ts';
import { useTextingEvents } from '../api/use-texting-events.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationThread } from './conversation-thread.tsx';
import { TextoLayout } from './texto-layout.tsx';

/** The texting console page. */
export function TextoPage() {
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const events = useTextingEvents();
  const unread = useConversations('').data?.unread_total ?? 0;
  return (
    <TextoLayout
      header={
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">
              Texting
            </Title>
            <Text c="dimmed" size="sm">
              Text messages with clients. {unread > 0 ? `${unread} unread.` : 'Everything is read.'}
            </Text>
          </div>
          <Badge color={events === 'live' ? 'green' : 'yellow'} variant="light">
            {events === 'live' ? 'Live' : events === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
          </Badge>
        </Group>
      }
      list={
        <ConversationList
          search={search}
          onSearch={setSearch}
          selectedId={selectedId}
          onSelect={setSelectedId}
        />
      }
      thread={<ConversationThread conversationId={selectedId} />}
    />
  );
}
