/**
 * Cells of the small calls around the portal: the working-hour flag and the throttle test helper
 * (open), the ZIP look-up
 * (any session), company logos (public files, docs/decisions/086-company-logo-in-the-database.md)
 * and the billing-portal redirect.
 */
import { ROLE_EMAILS } from '../helpers/accounts-fixture.ts';
import type { Cell } from './access-cell.ts';
import type { AccessWorld, Side } from './access-world.ts';
import { EVERY_ROLE, everyone, OPEN } from './callers.ts';

/** Every utility cell. */
export function utilityCells(w: AccessWorld): Cell[] {
  const records = (side: Side) => (side === 'own' ? w.own : w.other);
  return [
    ...(['GET', 'POST'] as const).map(
      (method): Cell => ({
        name: `${method} is-it-working-hour (open)`,
        endpoint: `${method} /api/is-it-working-hour`,
        side: 'none',
        expected: OPEN,
        request: () => ({ body: {} }),
      }),
    ),
    {
      // SPEC §7's throttle test helper: open, counted per caller IP (ADR 333), far below its limit here.
      name: 'GET test/throttle (open)',
      endpoint: 'GET /api/test/throttle',
      side: 'none',
      expected: OPEN,
      request: () => ({}),
    },
    {
      // SPEC §9's icon set: open (the sign-in pages draw icons too), ADR 372.
      name: 'GET icons/{prefix}.json (open)',
      endpoint: 'GET /api/icons/{file}',
      side: 'none',
      expected: OPEN,
      request: () => ({ url: '/api/icons/tabler.json?icons=home' }),
    },
    {
      name: 'address/zip-lookup',
      endpoint: 'POST /api/address/zip-lookup',
      side: 'none',
      expected: EVERY_ROLE,
      request: () => ({ body: { zip: '33139' } }),
    },
    ...(['own', 'other'] as const).map(
      (side): Cell => ({
        name: `GET company-logos/{company_id} of ${side === 'own' ? 'own' : 'another'} company (public)`,
        endpoint: 'GET /api/company-logos/{company_id}',
        side,
        // Logos are public files: the login page shows them before anyone signs in.
        expected: OPEN,
        request: () => ({ url: `/api/company-logos/${records(side).companyId}` }),
      }),
    ),
    {
      name: 'GET billing-portal',
      endpoint: 'GET /api/billing-portal',
      side: 'none',
      expected: everyone(302),
      request: () => ({}),
      leaks: (answer, caller) => {
        const expected = caller in ROLE_EMAILS ? '/dashboard/plans' : '/auth/login';
        return answer.headers.location === expected ? [] : [`redirects to ${answer.headers.location}`];
      },
    },
  ];
}
