/** The training-videos dashboard widget: the latest training videos, "new" until watched (issue 15). */
import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { LoadError } from '../../../../components/load-error.tsx';
import { useResources } from '../../../resources/api/resources-api.ts';
import { WIDGET_TITLES } from '../../widget-titles.ts';
import { WidgetCard } from './widget-card.tsx';

/** How many videos the widget lists. */
const LATEST_VIDEOS = 3;

/** The newest videos with their category and a New badge. */
export function TrainingVideosWidget() {
  const videos = useResources('training_video');
  return (
    <WidgetCard
      title={WIDGET_TITLES['training-videos']}
      link={{ to: '/dashboard/resources/training-videos', label: 'Watch' }}
    >
      {videos.isError ? (
        <LoadError title="Videos could not be loaded" error={videos.error} onRetry={() => videos.refetch()} />
      ) : !videos.data ? (
        <Skeleton height={60} />
      ) : videos.data.resources.length === 0 ? (
        <Text size="sm" c="dimmed">
          No training video yet.
        </Text>
      ) : (
        <Stack gap={6}>
          {videos.data.resources.slice(0, LATEST_VIDEOS).map((video) => (
            <Group key={video.id} gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} lineClamp={1}>
                {video.title}
              </Text>
              {video.category && (
                <Text size="xs" c="dimmed">
                  {video.category}
                </Text>
              )}
              {video.is_new && (
                <Badge size="xs" color="green" variant="light">
                  New
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
