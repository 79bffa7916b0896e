/**
 * /dashboard/resources/training-videos (issue 15, SPEC §2): the training video library — global
 * videos and the company's — with search, a "New" badge until a video is opened, how far it was
 * watched, and the watch dialog; admins add, edit and delete (resources dialog).
 */
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlayerPlay, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { type Resource, useResources } from '../api/resources-api.ts';
import { ResourceActions } from './resource-actions.tsx';
import { ResourceDialog } from './resource-dialog.tsx';
import { WatchVideoDialog, watchedWords } from './watch-video-dialog.tsx';

/** The library page. */
export function TrainingVideosPage() {
  const role = useAuth().user?.role;
  const manager = role === 'admin' || role === 'super-admin';
  const [search, setSearch] = useState('');
  const videos = useResources('training_video', search);
  const [watching, setWatching] = useState<Resource | null>(null);
  const [editing, setEditing] = useState<Resource | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Training videos
          </Title>
          <Text c="dimmed" size="sm">
            Short lessons on flood insurance, underwriting and the portal. Progress is kept per user.
          </Text>
        </div>
        {manager && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add video
          </Button>
        )}
      </Group>
      <TextInput
        aria-label="Search the videos"
        placeholder="Search by title, description or category"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {videos.isPending ? (
        <Skeleton height={200} aria-label="Loading the videos" />
      ) : videos.isError ? (
        <LoadError title="Could not load the videos" error={videos.error} onRetry={() => videos.refetch()} />
      ) : videos.data.resources.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Text ta="center" fw={600}>
            {search ? `No video matches “${search}”.` : 'No training video yet.'}
          </Text>
          {manager && !search && (
            <Text ta="center" size="sm" c="dimmed">
              Add one: upload an MP4 or WebM file, or give its https address.
            </Text>
          )}
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {videos.data.resources.map((video) => (
            <Card key={video.id} withBorder radius="md" padding="md" aria-label={`Video ${video.title}`}>
              <Stack gap="xs" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={700}>{video.title}</Text>
                  {video.is_new && (
                    <Badge color="blue" variant="filled" style={{ flexShrink: 0 }}>
                      New
                    </Badge>
                  )}
                </Group>
                <Group gap={6}>
                  {video.category && <Badge variant="light">{video.category}</Badge>}
                  <Badge variant="outline" color="gray">
                    {video.scope === 'global' ? 'Every agency' : 'Your agency'}
                  </Badge>
                </Group>
                {video.description && (
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {video.description}
                  </Text>
                )}
                <Text size="xs" c="dimmed" mt="auto">
                  {watchedWords(video)}
                </Text>
                <Group justify="space-between">
                  <Button
                    size="xs"
                    leftSection={<IconPlayerPlay size={14} />}
                    onClick={() => setWatching(video)}
                  >
                    {video.completed ? 'Watch again' : video.seconds_watched > 0 ? 'Resume' : 'Watch'}
                  </Button>
                  {manager && <ResourceActions resource={video} onEdit={setEditing} />}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <WatchVideoDialog video={watching} onClose={() => setWatching(null)} />
      <ResourceDialog
        opened={adding || editing !== null}
        kind="training_video"
        editing={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
