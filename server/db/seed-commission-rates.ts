/**
 * The demo agency's commission rates (issue 12): every carrier and sub-carrier of the catalogue in use, for
 * every product it writes, at the NFIP rate (its carrier or sub-carrier name says nfip) or the private
 * rate of server/config/default-commission-rates.json.
 */

import { resolveCarrier } from '../../carrier-catalog/carrier-settings.ts';
import defaults from '../config/default-commission-rates.json' with { type: 'json' };
import { currentCarriers } from '../quoting/current-carriers.ts';
import type { Executor } from './database.ts';
import { commissionRates } from './schema.ts';

/** Inserts the default rates of `companyId`, written by `userId`. */
export async function seedCommissionRates(db: Executor, companyId: number, userId: number): Promise<void> {
  const rows: (typeof commissionRates.$inferInsert)[] = [];
  for (const family of currentCarriers().carriers) {
    for (const sub of family.subCarriers.length > 0 ? family.subCarriers : [null]) {
      const rate = `${family.name}/${sub?.name ?? ''}`.includes('nfip') ? defaults.nfip : defaults.private;
      for (const product of resolveCarrier(family, sub).settings.quote_types) {
        rows.push({
          company_id: companyId,
          carrier: family.name,
          sub_carrier: sub?.name ?? '',
          product,
          new_business_percent: rate.new_business_percent,
          renewal_percent: rate.renewal_percent,
          updated_by: userId,
        });
      }
    }
  }
  if (rows.length > 0) await db.insert(commissionRates).values(rows);
}
