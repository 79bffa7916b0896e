/**
 * The texto layout of SPEC §2 (/dashboard/texto): a console filling the window under the shell's
 * header — a title row, then two panes side by side, the conversation list on the left and the
 * open thread on the right, each scrolling on its own.
 */
import { Box, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props: the title row and the two panes. */
export interface TextoLayoutProps {
  header: ReactNode;
  list: ReactNode;
  thread: ReactNode;
}

/** Full-height two-pane console. */
export function TextoLayout({ header, list, thread }: TextoLayoutProps) {
  return (
    <Stack
      gap="sm"
      mih={480}
      h="calc(100dvh - var(--app-shell-header-offset, 60px) - 2 * var(--app-shell-padding, 16px))"
    >
      {header}
      <Paper
        withBorder
        radius="md"
        style={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(260px, 360px) minmax(0, 1fr)',
          overflow: 'hidden',
        }}
      >
        <Box
          component="section"
          aria-label="Conversations"
          style={{
            borderRight: '1px solid var(--mantine-color-default-border)',
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
          }}
        >
          {list}
        </Box>
        <Box
          component="section"
          aria-label="Conversation"
          style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
        >
          {thread}
        </Box>
      </Paper>
    </Stack>
  );
}
