import { describe, expect, it } from 'vitest';
import { evaluateLogic } from '../../engine/evaluate-logic.ts';
import type { JsonSchema } from '../../engine/types.ts';
import alertColours from '../../schemas/constants/alert-colours.json' with { type: 'json' };
import workingHours from '../../schemas/constants/working-hours.json' with { type: 'json' };
import { placeholders, schemaSet } from '../../schemas/schema-set.ts';
import { compiled } from './schema-test-kit.ts';

function constant(name: string): JsonSchema {
  const schema = schemaSet.schemas.find(
    (s) => s.$id === `https://agent-portal.local/schemas/constants/${name}.json`,
  );
  if (!schema) throw new Error(`no constant ${name}`);
  return schema;
}
/** The option values of a constant list, whether written as enum or oneOf of const. */
function values(name: string): unknown[] {
  const schema = constant(name);
  if (Array.isArray(schema.enum)) return schema.enum;
  return (schema.oneOf as { const: unknown }[]).map((option) => option.const);
}
function labels(name: string): Record<string, string> {
  return Object.fromEntries(
    (constant(name).oneOf as { const: string; title: string }[]).map((o) => [o.const, o.title]),
  );
}
const steps = (from: number, to: number, step: number) =>
  Array.from({ length: (to - from) / step + 1 }, (_, i) => from + i * step);

describe('SPEC §9 constant lists', () => {
  it('lists deductibles, fungi, hurricane and ordinance-or-law options exactly', () => {
    expect(values('deductibles')).toEqual([1000, 2000, 5000, 10000, 25000]);
    expect(values('fungi-mold-coverages')).toEqual([0, 10000, 25000, 50000]);
    expect(values('hurricane-deductibles')).toEqual([1000, 2500, '2%', '5%']);
    expect(values('ordinance-or-law')).toEqual([0, 10, 25, 50]);
    expect(labels('ordinance-or-law')[0]).toBe('None');
  });

  it('lists the stepped money ranges exactly', () => {
    expect(values('machinery-below-grade-values')).toEqual(steps(5000, 200000, 5000));
    expect(values('basement-contents')).toEqual(steps(0, 100000, 5000));
    expect(values('loss-of-use')).toEqual(steps(0, 150000, 5000));
    expect(values('other-structures')).toEqual(steps(0, 200000, 5000));
    expect(values('residential-percents')).toEqual([25, 50, 75, 100]);
    expect(labels('deductibles')[25000]).toBe('$25,000');
  });

  it('bounds the open ranges', () => {
    const bounds = (name: string) => [constant(name).minimum, constant(name).maximum];
    expect(bounds('stories')).toEqual([1, 100]);
    expect(bounds('elevators')).toEqual([0, 10]);
    expect(bounds('stairs')).toEqual([0, 19]);
    expect(bounds('medical-payments')).toEqual([0, 5000]);
    expect(bounds('liability')).toEqual([0, 1000000]);
    expect(bounds('aop-deductible')).toEqual([500, 10000]);
    expect(compiled.validators.num_of_stories(101)).toBe(false);
    expect(compiled.validators.stairs_leading_to_front_door(19)).toBe(true);
    expect(compiled.validators.stairs_leading_to_front_door(20)).toBe(false);
  });

  it('lists the named option sets exactly', () => {
    expect(values('distance-units')).toEqual(['ft', 'meter', 'km', 'miles']);
    expect(labels('quote-types')).toEqual({
      Primary: 'Residential Primary',
      Excess: 'Residential Excess',
      Commercial: 'Commercial',
      Mobile: 'Mobile Home',
    });
    expect(values('application-types')).toEqual(['home', 'flood', 'life', 'auto']);
    expect(values('application-statuses')).toEqual(['new', 'launched', 'completed']);
    expect(values('data-providers')).toEqual(['Attom', 'NationalFlood', 'SmartyStreet']);
    expect(values('communication-types')).toEqual(['email', 'sms']);
    expect(values('form-types')).toEqual(['HO3', 'HO4', 'HO6', 'DP3']);
    expect(values('owned-types')).toEqual(['Individual Owned', 'Business Owned']);
    expect(values('elevation-datums')).toEqual(['NGVD 1929', 'NAVD 1988']);
    expect(values('occupancy-types')).toContain('Condo Unit');
    expect(values('foundation-types')).toContain('Slab');
    expect(values('commercial-building-types')).toEqual(
      expect.arrayContaining(['Mixed Used', 'Main Street']),
    );
  });

  it('lists every FEMA flood zone designation', () => {
    const numbered = (prefix: string) => steps(1, 30, 1).map((i) => `${prefix}${i}`);
    const zones = values('flood-zones');
    const expected = [
      'A',
      'AE',
      ...numbered('A'),
      'AH',
      'AO',
      'AR',
      'AR/AE',
      'AR/AH',
      'AR/AO',
      ...numbered('AR/A'),
    ];
    expected.push('AR/A', 'A99', 'V', 'VE', ...numbered('V'), 'B', 'C', 'X', 'X500', 'D');
    expect(zones).toEqual(expected);
    expect(new Set(zones).size).toBe(zones.length);
    expect(labels('flood-zones').X500).toBe('X (shaded)');
  });

  it('lists the 50 states, DC and the territories for a property, plus military codes for mail', () => {
    const states = values('us-states');
    expect(states).toHaveLength(57);
    expect(states).toEqual(
      expect.arrayContaining(['FL', 'TX', 'NY', 'DC', 'AS', 'GU', 'MP', 'PR', 'VI', 'UM']),
    );
    expect(states).not.toContain('AE');
    expect(values('mailing-states')).toEqual([...states, 'AA', 'AE', 'AP']);
    expect(constant('mailing-states').oneOf).toEqual(
      expect.arrayContaining(constant('us-states').oneOf as unknown[]),
    );
  });
});

describe('note alert colours (SPEC §3 Note)', () => {
  const colourOf = (payload: Record<string, unknown>) =>
    alertColours.rules.find((rule) => evaluateLogic(rule.when, { payload }))?.colour;

  it('maps each note source to its colour, first match wins', () => {
    expect(colourOf({ sent_by: 'auto_launch', status: 'failed' })).toBe('red');
    expect(colourOf({ sent_by: 'multiple_auto_launch', status: 'failed' })).toBe('red');
    expect(colourOf({ sent_by: 'status_changed_complete_job_email', status: 'sent' })).toBe('orange');
    expect(colourOf({ sent_by: 'auto_sent_quote_timeout' })).toBe('orange');
    expect(colourOf({ sent_by: 'auto_sent_quote_complete' })).toBe('orange');
    expect(colourOf({ sent_by: 'timeout_job_email', status: 'failed' })).toBe('orange');
    expect(colourOf({ sent_by: 'timeout_job_sms', status: 'failed' })).toBe('orange');
    expect(colourOf({ sent_by: 'timeout_job_email', status: 'sent' })).toBe('yellow');
    expect(colourOf({ sent_by: 'timeout_job_sms', status: 'sent' })).toBe('yellow');
    expect(colourOf({ sent_by: 'auto_quote_timeout' })).toBe('yellow');
    expect(colourOf({ sent_by: 'auto_launch', status: 'sent' })).toBe('purple');
    expect(colourOf({ sent_by: 'agent', status: 'new' })).toBe('purple');
    expect(alertColours.colours).toEqual(['red', 'orange', 'yellow', 'purple']);
  });
});

describe('working hours and placeholders', () => {
  it('names an IANA time zone, weekdays and an hour window', () => {
    expect(() => new Intl.DateTimeFormat('en-US', { timeZone: workingHours.time_zone })).not.toThrow();
    expect(workingHours.days).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(workingHours.start_hour).toBeLessThan(workingHours.end_hour);
    expect(workingHours.end_hour).toBeLessThanOrEqual(24);
  });

  it('carries obviously fake contact data that still fits the fields', () => {
    expect(placeholders).toEqual({
      phone: '(000) 000-0000',
      email: 'placeholder@example.com',
      date_of_birth: '1900-01-01',
    });
    expect(compiled.validators.phone(placeholders.phone)).toBe(true);
    expect(compiled.validators.date_of_birth(placeholders.date_of_birth)).toBe(true);
  });
});
