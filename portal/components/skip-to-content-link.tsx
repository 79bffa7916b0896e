/**
 * "Skip to main content": the first Tab stop of the shell, hidden until it has focus, so a keyboard
 * user reaches the page without walking the header and the whole navigation on every page (issue 17
 * Accessibility; WCAG 2.4.1 Bypass Blocks).
 */
import { Button } from '@mantine/core';
import { type RefObject, useState } from 'react';

/** Props: the main region the link moves focus to (it needs `tabIndex={-1}`). */
export interface SkipToContentLinkProps {
  target: RefObject<HTMLElement | null>;
}

/** A link-looking button over the header's corner while focused, off screen otherwise. */
export function SkipToContentLink({ target }: SkipToContentLinkProps) {
  const [focused, setFocused] = useState(false);
  return (
    <Button
      component="a"
      href="#main-content"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        // The router would read the hash as a navigation: move focus, leave the URL alone.
        event.preventDefault();
        target.current?.focus();
      }}
      style={{
        position: 'fixed',
        top: 8,
        left: focused ? 8 : -10_000,
        zIndex: 1000,
      }}
    >
      Skip to main content
    </Button>
  );
}
