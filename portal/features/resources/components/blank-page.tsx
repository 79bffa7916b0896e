/**
 * /blank (SPEC §2 routes; what it is for is not shown, docs/decisions/200-resources-and-blank.md):
 * an empty signed-in page with no shell, no data and no calls — the landing of windows the portal
 * opens and then closes or reuses (a sign-in popup's return, an iframe before its real address),
 * so they never load the whole dashboard.
 */
import { Center, Text, Title, VisuallyHidden } from '@mantine/core';

/** The blank page: a hidden heading for assistive technology, one quiet line. */
export function BlankPage() {
  return (
    <Center component="main" mih="100vh">
      <VisuallyHidden>
        <Title order={1}>Blank page</Title>
      </VisuallyHidden>
      <Text size="sm" c="dimmed">
        This page is intentionally blank.
      </Text>
    </Center>
  );
}
