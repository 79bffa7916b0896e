/** The error component of the root, the gated layout and the routes that load an application. SPEC §2 Error page. */
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorPage } from '../../components/error-page.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';

/** HTTP-like status of a thrown error: the envelope code of an API error, else its `status`, else 500. */
export function statusOfError(error: unknown): number {
  if (error instanceof ApiRequestError && error.envelope.code) return error.envelope.code;
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : 500;
}

/** The error page for the error a route threw: Page Not Found for 404, else its message. */
export function RouteError({ error }: ErrorComponentProps) {
  return <ErrorPage status={statusOfError(error)} message={error instanceof Error ? error.message : null} />;
}
