/**
 * The watch-resource-video dialog of SPEC §2 (issue 15): an HTML5 player of the training video (its
 * uploaded file or its external address) that
 * starts where the user left off, and records how far they watched (every 10 s of play, on pause,
 * on close) and when they reached the end. Opening it marks the video as seen ("new" no more).
 */
import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type Resource, recordView, resourceHref } from '../api/resources-api.ts';

/** Seconds of play between two progress records. */
export const PROGRESS_EVERY_SECONDS = 10;

/** `m:ss` of a whole number of seconds. */
export function formatSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Where a user is in a video, in words. */
export function watchedWords(video: Pick<Resource, 'completed' | 'seconds_watched'>): string {
  if (video.completed) return 'Watched to the end';
  return video.seconds_watched > 0 ? `Stopped at ${formatSeconds(video.seconds_watched)}` : 'Not started';
}

/** Props: the video (null = closed) and close. */
export interface WatchVideoDialogProps {
  video: Resource | null;
  onClose: () => void;
}

/** The dialog. */
export function WatchVideoDialog({ video, onClose }: WatchVideoDialogProps) {
  return (
    <Modal
      opened={video !== null}
      onClose={onClose}
      title={video?.title ?? ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      size="xl"
    >
      {video && <Player video={video} />}
    </Modal>
  );
}

function Player({ video }: { video: Resource }) {
  const queryClient = useQueryClient();
  const element = useRef<HTMLVideoElement>(null);
  const recorded = useRef(video.seconds_watched);
  // An uploaded file plays from the portal's file route (byte ranges let the player seek).
  const source = resourceHref(video);
  useEffect(() => {
    void recordView(video.id, video.seconds_watched, video.completed);
    const player = element.current;
    return () => {
      const seconds = player?.currentTime ?? 0;
      void recordView(video.id, seconds, false).then(() =>
        queryClient.invalidateQueries({ queryKey: ['resources', 'training_video'] }),
      );
    };
  }, [video, queryClient]);
  const save = (completed = false) => {
    const seconds = element.current?.currentTime ?? 0;
    recorded.current = Math.max(recorded.current, seconds);
    void recordView(video.id, seconds, completed);
  };
  return (
    <Stack gap="sm">
      {/* biome-ignore lint/a11y/useMediaCaption: captions come with the video file when its publisher provides them */}
      <video
        ref={element}
        src={source}
        controls
        preload="metadata"
        style={{ width: '100%', borderRadius: 8, background: 'black' }}
        aria-label={`Video: ${video.title}`}
        onLoadedMetadata={(event) => {
          if (video.seconds_watched > 0 && !video.completed)
            event.currentTarget.currentTime = video.seconds_watched;
        }}
        onTimeUpdate={(event) => {
          if (event.currentTarget.currentTime - recorded.current >= PROGRESS_EVERY_SECONDS) save();
        }}
        onPause={() => save()}
        onEnded={() => save(true)}
      />
      {video.description && <Text size="sm">{video.description}</Text>}
      <Text size="xs" c="dimmed">
        {watchedWords(video)}. Not playing?{' '}
        <Anchor href={source} target="_blank" rel="noreferrer" underline="always">
          Open the video
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
