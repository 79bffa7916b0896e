import { describe, expect, it } from 'vitest';
import { manualCarriers } from '../../carrier-catalog/manual-carriers.ts';
import { sovCarriers } from '../../carrier-catalog/sov-carriers.ts';

describe('sovCarriers', () => {
  it('lists the SPEC §1 quote manager ids in carriers.json order, all Commercial', () => {
    const list = sovCarriers();
    expect(list.map((carrier) => carrier.quote_manager_id)).toEqual([
      'assurant_commercial',
      'insurmark_commercial',
      'aon_commercial',
      'wright_brokerage',
      'flow_commercial',
      'tmh',
      'joe_flood',
      'ftp',
    ]);
    expect(list.find((carrier) => carrier.quote_manager_id === 'wright_brokerage')).toMatchObject({
      carrier: 'wright',
      sub_carrier: 'brokerage',
      display_name: 'Wright Brokerage',
    });
    for (const carrier of list) {
      expect(carrier.quote_types).toEqual(['Commercial']);
      expect(carrier.states).toContain('FL');
    }
  });
});

describe('manualCarriers', () => {
  it('lists the manual carriers', () => {
    expect(manualCarriers().map((carrier) => carrier.carrier)).toEqual([
      'johnson_and_johnson',
      'msi',
      'amwins',
    ]);
    expect(manualCarriers()[0].display_name).toBe('Johnson and Johnson');
  });
});
