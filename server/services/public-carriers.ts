/**
 * carrier-catalogue/carriers (issue 43, docs/decisions/772): the public part of the catalogue in
 * use (carrier-catalog/public-carriers.ts), read at each call so the portal's carrier pickers show
 * a published version without a rebuild or a restart.
 */
import { type PublicCarrierCatalogue, publicCarriersOf } from '../../carrier-catalog/public-carriers.ts';
import { currentCarriers, currentCarriersVersion } from '../quoting/current-carriers.ts';
import { requireRole } from './account-access.ts';
import type { Actor } from './actor.ts';

/**
 * publicCarriersOf the catalogue in use (currentCarriers), read at each call. Every worker
 * (super-admin, admin, agent); 403 'Forbidden.' for customers.
 */
export function publicCarrierCatalogue(actor: Actor): PublicCarrierCatalogue {
  requireRole(actor, ['super-admin', 'admin', 'agent']);
  return publicCarriersOf(currentCarriers(), currentCarriersVersion());
}
