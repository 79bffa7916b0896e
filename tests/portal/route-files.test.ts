/**
 * The portal's routes (one file each under portal/routes/, ADR 762) are those of SPEC §2 Routes and
 * the few later issues added: a route file without a line here, or a line without a route file,
 * fails. A new route is added to SPEC §2 (or to ROUTES_BEYOND_SPEC with its issue) and here.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../../portal/router.tsx';

/** SPEC §2 Routes, verbatim. */
const SPEC_ROUTES = [
  '/404',
  '/agent-portal',
  '/agent-portal/application-details',
  '/agent-portal/application-details/{application_id}',
  '/agent-portal/commercial-flood',
  '/agent-portal/excess-flood',
  '/auth/{page_type}',
  '/auth/saml-sso-login',
  '/blank',
  '/dashboard',
  '/dashboard/api-partner',
  '/dashboard/bulk-upload',
  '/dashboard/commission',
  '/dashboard/mga-management',
  '/dashboard/plans',
  '/dashboard/portal-settings',
  '/dashboard/portal-settings/eo-details',
  '/dashboard/portal-settings/global',
  '/dashboard/portal-settings/messaging-console',
  '/dashboard/price-predictor',
  '/dashboard/profile',
  '/dashboard/reporting',
  '/dashboard/reporting/analytics',
  '/dashboard/resources',
  '/dashboard/resources/carrier-resources',
  '/dashboard/resources/training-videos',
  '/dashboard/texto',
  '/ (index)',
  '/login',
  '/sov-quote/{carrier_id}/{application_id}',
];

/** Routes SPEC §2 does not list, each with the issue and decision that added it. */
const ROUTES_BEYOND_SPEC: Record<string, string> = {
  '/dashboard/audit-trail': 'issue 38, ADR 753',
  '/dashboard/carrier-catalogue': 'issue 43, ADR 772',
  '/dashboard/schema-studio': 'issue 11',
  '/quote-view': 'issue 16, ADR 440',
};

/** A route's full path as SPEC §2 writes it: `{param}` for `$param`, no trailing slash, `/ (index)`. */
function asSpecWritesIt(fullPath: string): string {
  const path = fullPath.replace(/\$(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
  return path === '/' ? '/ (index)' : path;
}

/** The full paths of the router's routes that have a path (not the root, not the pathless layouts). */
function routePaths(): string[] {
  const router = createAppRouter(async () => new QueryClient(), createMemoryHistory());
  return Object.values(router.routesById)
    .filter((route) => !route.isRoot && route.options.path !== undefined)
    .map((route) => asSpecWritesIt(route.fullPath));
}

describe('the file routes', () => {
  it('are the routes of SPEC §2 and the ones later issues added, each once', () => {
    const paths = routePaths();
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.toSorted()).toEqual([...SPEC_ROUTES, ...Object.keys(ROUTES_BEYOND_SPEC)].toSorted());
  });

  it('write each path as SPEC §2 does', () => {
    expect(asSpecWritesIt('/')).toBe('/ (index)');
    expect(asSpecWritesIt('/dashboard/')).toBe('/dashboard');
    expect(asSpecWritesIt('/sov-quote/$carrier_id/$application_id')).toBe(
      '/sov-quote/{carrier_id}/{application_id}',
    );
  });
});
