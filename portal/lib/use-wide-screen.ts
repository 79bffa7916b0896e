/**
 * Whether the window is at least Mantine's sm breakpoint (48em) wide: a desk rather than a phone
 * (issue 40, ADR 766). Read from the window at the first render, so a page never shows the other
 * layout first, then on every change. Pages that lay out by width use it (the shell's navigation,
 * the quotes view, the form's Launch bar, the recent applications).
 */
import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** True from the sm breakpoint up. */
export function useWideScreen(): boolean {
  return useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
}
