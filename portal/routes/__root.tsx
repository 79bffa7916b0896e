/**
 * The root of the file routes (ADR 762): the router context of every guard and loader, the error
 * page for what a route throws, Page Not Found for an unknown path. SPEC §2.
 */
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router-context.ts';
import { NotFoundPage } from './-components/not-found-page.tsx';
import { RouteError } from './-components/route-error.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
  // The not-found page renders the lazily loaded shell.
  wrapInSuspense: true,
});
