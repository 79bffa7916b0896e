import { describe, expect, it } from 'vitest';
import { applyDefaults } from '../../engine/apply-defaults.ts';
import applicationRecordSchema from '../../schemas/application/application-record.schema.json' with {
  type: 'json',
};
import { schemaSet } from '../../schemas/schema-set.ts';
import { compiled } from './schema-test-kit.ts';

/** SPEC §3 defaults of the document, and the commercial model defaults of the issue list. */
const DOCUMENT_DEFAULTS = {
  owned_type: 'Individual Owned',
  country: 'US',
  garage_present: 'No',
  garage_attached: 'No',
  garage_attached_finished: 'No',
  garage_finished: 'No',
  crawlspace_vented: 'No',
  distance_to_coast_unit: 'miles',
  elevation_certificate: 'No',
  deductible: 5000,
  replacement_cost_on_content: 'No',
  temporary_living_expense: 'No',
  loss_of_use: 0,
  other_structure: 0,
  basement_content: 0,
  mobile_home_length: 1,
  mobile_home_width: 1,
  is_mailing_address_same: true,
  medical_payments: 1000,
  liability: 300000,
  ordinance_or_law: 0,
  aop_deductible: 2500,
  hurricane_deductible: '2%',
  fungi_mold_coverage: 0,
  water_backup: 'No',
  townhouse: 'No',
  no_of_families: 1,
  exterior_cladding: 'Clapboards',
  burglar_alarm: 'Unknown',
  fire_alarm: 'No',
  roof_shape: 'Gable',
  units: 1,
  residential_percent: 100,
  elevators_number: 0,
  parking: 'None',
  prior_loss_claim_status: 'Closed',
};

describe('defaults', () => {
  it('fills exactly the spec defaults into an empty document', () => {
    expect(applyDefaults(compiled, {})).toEqual(DOCUMENT_DEFAULTS);
  });

  it('never overwrites an answer', () => {
    const doc = { deductible: 25000, owned_type: 'Business Owned', is_mailing_address_same: false };
    expect(applyDefaults(compiled, doc)).toMatchObject(doc);
  });

  it('gives every default a value the field itself accepts', () => {
    const defaulted = applyDefaults(compiled, {});
    for (const [field, value] of Object.entries(defaulted)) {
      expect(compiled.validators[field](value), field).toBe(true);
    }
  });

  it('keeps the application row defaults in their own schema (SPEC §3 core fields)', () => {
    const props = applicationRecordSchema.properties;
    expect(props.carrier_quote_type.default).toEqual(['Primary']);
    expect(props.is_cross_sale.default).toBe(false);
    expect(props.application_relaunch_count.default).toBe(0);
    expect(props.application_source.default).toBe('Agent Portal');
    expect(props.status.default).toBe('new');
    expect(Object.keys(props)).toEqual(
      expect.arrayContaining([
        'id',
        'application_id',
        'status',
        'application_type',
        'carrier_quote_type',
        'is_cross_sale',
        'min_quote_amount',
        'payload',
        'notes',
        'isItWorkingHour',
        'application_relaunch_count',
        'application_source',
        'ads_data',
        'client_name_id',
        'rocket_agent',
      ]),
    );
    // The row is not part of the document: no row field is a document field.
    expect(Object.keys(props).filter((key) => key in compiled.properties)).toEqual([]);
    expect(schemaSet.schemas.map((s) => s.$id)).toContain(applicationRecordSchema.$id);
  });
});
