/**
 * The portal's side of the one access decision (access/access-decision.ts, issue 20): a
 * page of a gated area opens when the area is in the user's `user_accesses_final`, which the server
 * computed with the same decision, so the portal shows exactly the areas whose calls the server
 * answers. Which page belongs to which area is data: access/access-areas.json.
 * docs/decisions/320-one-access-decision.md.
 */

import rulesFile from '../../access/access-areas.json' with { type: 'json' };
import { type AccessArea, type AccessRules, areaOfPath } from '../../access/access-decision.ts';
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
  return area === null || mayUseArea(user, area);
}

/** The area of `permission` (access/access-areas.json), or null for a name no area has. */
export function areaNamed(permission: string): AccessArea | null {
  return RULES.areas.find((area) => area.permission === permission) ?? null;
}

/** Every area as a select option: the permission as value, its label shown (the company dialog). */
export const AREA_OPTIONS: { value: string; label: string }[] = RULES.areas.map((area) => ({
  value: area.permission,
  label: area.label,
}));

/**
 * The labels of the areas `permissions` name, in the rules' order, leaving out names no area has:
 * what a plan's card on the plans page promises (issue 43, docs/decisions/764).
 */
export function areaLabels(permissions: readonly string[]): string[] {
  return RULES.areas.filter((area) => permissions.includes(area.permission)).map((area) => area.label);
}

/**
 * True when `user` may use the area `permission` (a feature without pages of its own, such as API
 * credentials): it is in their `user_accesses_final` (missing: none is).
 */
export function mayUseArea(user: StoredUser | null | undefined, permission: string): boolean {
  const granted = user?.user_accesses_final;
  return Array.isArray(granted) && granted.includes(permission);
}
