/**
 * The portal's side of the one access decision (access/access-decision.ts, issue 20): a
 * page of a gated area opens when the area is in the user's `user_accesses_final`, which the server
 * computed with the same decision, so the portal shows exactly the areas whose calls the server
 * answers. Which page belongs to which area is data: access/access-areas.json.
 * docs/decisions/320-one-access-decision.md.
 */

import rulesFile from '../../access/access-areas.json' with { type: 'json' };
import { type AccessRules, areaOfPath } from '../../access/access-decision.ts';
import type { StoredUser } from './auth-store.ts';

const RULES: AccessRules = rulesFile;

/** The permission of the area whose pages cover `path`, or null for a page no area gates. */
export function pageArea(path: string): string | null {
  return areaOfPath(RULES, path, 'pages')?.permission ?? null;
}

/**
 * True when `user` may open `path`: an ungated page always, a gated one only when its area is in
 * `user_accesses_final` (missing: none is).
 */
export function mayOpenPage(user: StoredUser | null | undefined, path: string): boolean {
  const area = pageArea(path);
  if (area === null) return true;
  const granted = user?.user_accesses_final;
  return Array.isArray(granted) && granted.includes(area);
}
