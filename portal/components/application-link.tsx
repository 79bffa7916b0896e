/**
 * A link to one application's details page (/agent-portal/application-details/<id>, SPEC §2),
 * rendered by the router's Link so it navigates in place; every list that names an application
 * (listing table and cards, dashboard widgets, bulk upload results, texting threads) uses it.
 */
import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Props: the application's numeric id, the link text, and Anchor's style props (size, fw, c). */
export interface ApplicationLinkProps extends AnchorProps {
  applicationId: number;
  children: ReactNode;
}

/** The link; `children` is its text (usually the reference, RMGA0000042). */
export function ApplicationLink({ applicationId, children, ...anchorProps }: ApplicationLinkProps) {
  return (
    <Anchor
      {...anchorProps}
      renderRoot={(props) => (
        <Link
          {...props}
          to="/agent-portal/application-details/$application_id"
          params={{ application_id: String(applicationId) }}
        />
      )}
    >
      {children}
    </Anchor>
  );
}
