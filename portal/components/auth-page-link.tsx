/** A link between the sign-in pages of /auth/{page_type} (SPEC §2), styled as a small anchor. */
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Page types of /auth/{page_type}. */
export type AuthPageType = 'login' | 'forgot-password' | 'reset-password';

/** Anchor to /auth/`pageType`, rendered by the router's Link (client-side navigation). */
export function AuthPageLink({ pageType, children }: { pageType: AuthPageType; children: ReactNode }) {
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link to="/auth/$page_type" params={{ page_type: pageType }} {...props} />}
    >
      {children}
    </Anchor>
  );
}
