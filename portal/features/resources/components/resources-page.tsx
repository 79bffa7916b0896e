/**
 * /dashboard/resources (issue 15, SPEC §2): the landing page of the resources — carrier resources
 * and training videos — with the latest videos and how many are new to the user.
 */
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconVideo } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useResources } from '../api/resources-api.ts';
import { watchedWords } from './watch-video-dialog.tsx';

/** How many latest videos the landing page lists. */
const LATEST = 3;

/** The landing page. */
export function ResourcesPage() {
  const videos = useResources('training_video');
  const list = videos.data?.resources ?? [];
  const fresh = list.filter((video) => video.is_new).length;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Resources
        </Title>
        <Text c="dimmed" size="sm">
          What you need to place a risk: carrier guides and documents, and training.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Carrier resources">
          <Group gap="sm" mb="xs">
            <IconBuildingBank size={24} aria-hidden />
            <Anchor component={Link} to="/dashboard/resources/carrier-resources" fw={700} size="lg">
              Carrier resources
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            Underwriting guides, appetite by product and state, and your agency's documents per carrier.
          </Text>
        </Card>
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Training videos">
          <Group gap="sm" mb="xs">
            <IconVideo size={24} aria-hidden />
            <Anchor component={Link} to="/dashboard/resources/training-videos" fw={700} size="lg">
              Training videos
            </Anchor>
            {fresh > 0 && (
              <Badge color="blue" variant="filled">
                {fresh} new
              </Badge>
            )}
          </Group>
          {videos.isPending ? (
            <Text size="sm" c="dimmed">
              Loading the videos…
            </Text>
          ) : list.length === 0 ? (
            <Text size="sm" c="dimmed">
              No training video yet.
            </Text>
          ) : (
            <Stack gap={4}>
              {list.slice(0, LATEST).map((video) => (
                <Group key={video.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">{video.title}</Text>
                  <Text size="xs" c="dimmed">
                    {video.is_new ? 'New' : watchedWords(video)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
