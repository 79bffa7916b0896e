import { describe, expect, it } from 'vitest';
import { compiled } from './schema-test-kit.ts';

/** Every document field SPEC §3 names (core row fields excepted: they are on the application row). */
const SPEC_FIELDS =
  `owned_type business_name first_name last_name phone email searched_address address address1
address2 country state city zip county community_number nfip_community_name lat lng flood_zone year_build sqft
map_panel map_suffix effective_date construction_type num_of_stories garage_present garage_attached
garage_attached_finished garage_finished occupancy_type building_use condo_unit_number condo_floor
condo_first_floor floors_in_building foundation_type stairs_leading_to_front_door stilts_pilings basement_type
basement_finished crawlspace_vented closest_body_of_water distance_to_coast distance_to_coast_unit
true_ground_level elevation bfe_elevation property_elevation elevation_difference elevation_difference_from_ground
elevation_difference_from_bfe elevation_certificate elevation_datum top_of_bottom_floor top_of_next_higher_floor
lowest_adjacent_grade highest_adjacent_grade lowest_floor_elevation building_limit contents_limit
building_replacement_cost contents_replacement_cost deductible replacement_cost_on_content temporary_living_expense
loss_of_use other_structure basement_content excess_building_limit excess_contents_limit primary_insurance_company
primary_policy_number primary_coverage_type mobile_home_length mobile_home_width mobile_home_serial_number
is_mailing_address_same mailing_address1 mailing_address2 mailing_state mailing_city mailing_zip mailing_county
requester_name requester_email requester_phone date_of_birth form_type medical_payments liability
personal_property_replacement_cost ordinance_or_law aop_deductible hurricane_deductible fungi_mold_coverage
water_backup townhouse no_of_families exterior_cladding burglar_alarm fire_alarm roof_type roof_year plumbing_type
plumbing_year electrical_type electrical_year hvac_type hvac_year hot_water_heater_year roof_covering
roof_deck_attachment roof_wall_connection swr opening_protection roof_shape units residential_percent
elevators_number parking prior_loss_claim_status machinery_below_grade machinery_below_grade_value`.split(
    /\s+/,
  );

/** Labels the spec names, word for word. */
const SPEC_LABELS: Record<string, string> = {
  owned_type: 'Owned Type',
  business_name: 'Business Name',
  first_name: 'First Name',
  last_name: 'Last Name',
  phone: 'Phone',
  email: 'Email',
  year_build: 'Year Built',
  sqft: 'Sqft',
  construction_type: 'Construction Type',
  num_of_stories: 'Number Of Stories',
  flood_zone: 'Flood Zone',
  building_use: 'Building Use',
  occupancy_type: 'Building Type',
  foundation_type: 'Foundation Type',
  building_limit: 'Building Coverage',
  contents_limit: 'Personal Property',
  building_replacement_cost: 'Building Replacement Cost',
  deductible: 'Deductible',
  excess_building_limit: 'Excess Building Coverage',
  excess_contents_limit: 'Excess Contents Coverage',
  condo_floor: 'Condo Floor',
};

describe('SPEC §3 field catalogue', () => {
  it('models every field the spec names', () => {
    expect(SPEC_FIELDS.filter((field) => !(field in compiled.properties))).toEqual([]);
  });

  it('labels fields exactly as the spec names them', () => {
    for (const [field, label] of Object.entries(SPEC_LABELS))
      expect(compiled.properties[field].title, field).toBe(label);
  });

  it('models the non-commercial underwriting answers as Yes/No questions', () => {
    const answers = compiled.fields.filter((field) => field.startsWith('underwriting_'));
    expect(answers.length).toBeGreaterThanOrEqual(18);
    for (const field of answers) {
      const schema = compiled.properties[field];
      if (field === 'underwriting_elevator_count') continue;
      expect(schema.enum, field).toEqual(['Yes', 'No']);
      expect(schema['x-widget'], field).toBe('yes-no');
    }
  });

  it('marks money fields as dollars with the money widget', () => {
    for (const field of [
      'building_limit',
      'contents_limit',
      'building_replacement_cost',
      'excess_building_limit',
    ]) {
      expect(compiled.properties[field]).toMatchObject({ type: 'number', minimum: 0, 'x-widget': 'money' });
    }
  });
});
