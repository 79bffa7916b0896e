import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstMessage } from '../../engine/first-message.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import messageTexts from '../../schemas/messages.json' with { type: 'json' };
import {
  compiled,
  contexts,
  type ExampleName,
  exampleNames,
  exampleWith,
  messagesOn,
} from './schema-test-kit.ts';

/** What the placeholder rules refuse (schemas/rules/field-rules.json, issue 40). */
const ONE_DIGIT_REPEATED = /^\D*(?:1\D*)?(\d)(?:\D*\1){9}\D*$/;
const EXAMPLE_DOMAIN = /@(?:[^@]*\.)?example\.(?:com|net|org)$/i;

const floodNames: Exclude<ExampleName, 'commercial'>[] = ['primary', 'excess', 'mobile'];
const letters = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGH'), minLength, maxLength });

describe('SPEC §5 field rules', () => {
  it.each(exampleNames)('%s: Owned Type cannot be empty!', (name) => {
    for (const empty of [undefined, null, '']) {
      const doc = exampleWith(name, { owned_type: empty });
      expect(messagesOn(name, doc, 'owned_type')).toEqual([messageTexts.owned_type_cannot_be_empty]);
      expect(firstMessage(compiled, validateDocument(compiled, doc, contexts[name]))).toBe(
        messageTexts.owned_type_cannot_be_empty,
      );
    }
  });

  it('rejects an owned type outside the list', () => {
    expect(messagesOn('primary', exampleWith('primary', { owned_type: 'Trust' }), 'owned_type')).toEqual([
      'Owned Type must be one of the listed options',
    ]);
  });

  it.each(exampleNames)('%s: names are not required, but at least 2 characters', (name) => {
    const business = { owned_type: 'Business Owned' };
    expect(
      messagesOn(
        name,
        exampleWith(name, { ...business, first_name: undefined, last_name: undefined }),
        'first_name',
      ),
    ).toEqual([]);
    expect(
      messagesOn(name, exampleWith(name, { ...business, business_name: undefined }), 'business_name'),
    ).toEqual([]);
    fc.assert(
      fc.property(
        fc.constantFrom('business_name', 'first_name', 'last_name'),
        letters(1, 40),
        (field, value) => {
          const doc = exampleWith(name, { ...business, [field]: value });
          const label = compiled.properties[field].title;
          expect(messagesOn(name, doc, field)).toEqual(
            value.length < 2 ? [`${label} must be at least 2 characters long`] : [],
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each(exampleNames)('%s: Phone is required and at least 14 characters: Invalid Phone number!', (name) => {
    expect(messagesOn(name, exampleWith(name, { phone: undefined }), 'phone')).toEqual([
      messageTexts.invalid_phone_number,
    ]);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (phone) => {
        fc.pre(!ONE_DIGIT_REPEATED.test(phone));
        const got = messagesOn(name, exampleWith(name, { phone }), 'phone');
        expect(got).toEqual(phone.length < 14 ? [messageTexts.invalid_phone_number] : []);
      }),
      { numRuns: 80 },
    );
  });

  it.each(exampleNames)('%s: a phone of one repeated digit is a placeholder (issue 40)', (name) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.boolean(), (digit, countryCode) => {
        const d = String(digit);
        const phone = `${countryCode ? '+1 ' : ''}(${d.repeat(3)}) ${d.repeat(3)}-${d.repeat(4)}`;
        expect(messagesOn(name, exampleWith(name, { phone }), 'phone')).toEqual([
          messageTexts.placeholder_phone.replace('{label}', 'Phone'),
        ]);
      }),
    );
  });

  it.each(exampleNames)('%s: an example.com, .net or .org address is a placeholder (issue 40)', (name) => {
    fc.assert(
      fc.property(
        fc.emailAddress(),
        fc.constantFrom('example.com', 'EXAMPLE.net', 'mail.Example.org'),
        (address, domain) => {
          const email = `${address.split('@')[0]}@${domain}`;
          expect(messagesOn(name, exampleWith(name, { email }), 'email')).toEqual([
            messageTexts.placeholder_email.replace('{label}', 'Email'),
          ]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it.each(exampleNames)('%s: Email is required and valid: Invalid Email!', (name) => {
    expect(messagesOn(name, exampleWith(name, { email: '' }), 'email')).toEqual([messageTexts.invalid_email]);
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        fc.pre(!EXAMPLE_DOMAIN.test(email));
        expect(messagesOn(name, exampleWith(name, { email }), 'email')).toEqual([]);
      }),
      { numRuns: 40 },
    );
    fc.assert(
      fc.property(letters(1, 30), (notEmail) => {
        expect(messagesOn(name, exampleWith(name, { email: notEmail }), 'email')).toEqual([
          messageTexts.invalid_email,
        ]);
      }),
      { numRuns: 40 },
    );
  });

  it('checks the optional requester e-mail and phone only when given', () => {
    const doc = exampleWith('primary', { requester_email: undefined, requester_phone: undefined });
    expect(validateDocument(compiled, doc, contexts.primary)).toEqual([]);
    expect(
      messagesOn('primary', exampleWith('primary', { requester_email: 'nope' }), 'requester_email'),
    ).toEqual([messageTexts.invalid_email]);
    expect(
      messagesOn('primary', exampleWith('primary', { requester_phone: '305' }), 'requester_phone'),
    ).toEqual([messageTexts.invalid_phone_number]);
  });

  it.each(exampleNames)('%s: Year Built is 4 characters, numeric', (name) => {
    expect(messagesOn(name, exampleWith(name, { year_build: undefined }), 'year_build')).toHaveLength(1);
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{4}$/), (year) => {
        expect(messagesOn(name, exampleWith(name, { year_build: year }), 'year_build')).toEqual([]);
      }),
      { numRuns: 40 },
    );
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim() !== '' && !/^[0-9]{4}$/.test(s)),
        (year) => {
          const got = messagesOn(name, exampleWith(name, { year_build: year }), 'year_build');
          expect(got).toHaveLength(1);
          const expected =
            year.length < 4
              ? 'Year Built must be at least 4 characters long'
              : year.length > 4
                ? 'Year Built must be at most 4 characters long'
                : 'Year Built must be numeric';
          expect(got[0]).toBe(expected);
        },
      ),
      { numRuns: 80 },
    );
  });

  it.each(['primary', 'excess', 'home'] as ExampleName[])('%s: Sqft is required and numeric', (name) => {
    expect(messagesOn(name, exampleWith(name, { sqft: undefined }), 'sqft')).toHaveLength(1);
    expect(messagesOn(name, exampleWith(name, { sqft: 'big' }), 'sqft')).toEqual(['Sqft must be numeric']);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), (sqft) => {
        expect(messagesOn(name, exampleWith(name, { sqft }), 'sqft')).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });

  it.each(['primary', 'excess'] as ExampleName[])('%s: Condo Floor is numeric, between 1 and 150', (name) => {
    const condo = {
      occupancy_type: 'Condo Unit',
      floors_in_building: 12,
      building_replacement_cost: 1_000_000,
    };
    expect(messagesOn(name, exampleWith(name, { ...condo, condo_floor: 'ten' }), 'condo_floor')).toEqual([
      'Condo Floor must be numeric',
    ]);
    expect(messagesOn(name, exampleWith(name, condo), 'condo_floor')).toHaveLength(1);
    fc.assert(
      fc.property(fc.integer({ min: -500, max: 500 }), (floor) => {
        const got = messagesOn(name, exampleWith(name, { ...condo, condo_floor: floor }), 'condo_floor');
        expect(got).toEqual(floor < 1 || floor > 150 ? ['Condo Floor must be between 1 and 150'] : []);
      }),
      { numRuns: 100 },
    );
  });

  it.each(floodNames)('%s: the spec-required fields are required', (name) => {
    const required = [
      'construction_type',
      'num_of_stories',
      'address',
      'searched_address',
      'address1',
      'city',
      'state',
    ];
    required.push('zip', 'flood_zone', 'building_use', 'occupancy_type', 'foundation_type', 'lat', 'lng');
    required.push(
      'building_limit',
      'contents_limit',
      'building_replacement_cost',
      'contents_replacement_cost',
    );
    const productless: Record<Exclude<ExampleName, 'commercial'>, string[]> = {
      primary: ['deductible'],
      excess: [
        'excess_building_limit',
        'excess_contents_limit',
        'primary_insurance_company',
        'primary_policy_number',
      ],
      mobile: ['deductible'],
      home: [],
    };
    const notOnMobile = ['construction_type', 'num_of_stories', 'occupancy_type'];
    const fields = [...required, ...productless[name]].filter(
      (f) => name !== 'mobile' || !notOnMobile.includes(f),
    );
    if (name === 'excess') fields.push('primary_coverage_type');
    for (const field of fields) {
      expect(messagesOn(name, exampleWith(name, { [field]: undefined }), field), field).toEqual([
        `${compiled.properties[field].title} is required`,
      ]);
    }
  });
});

describe('SPEC §5 home field rules', () => {
  it("uses '{field} cannot be empty!' with underscores shown as spaces", () => {
    for (const field of [
      'roof_year',
      'plumbing_type',
      'form_type',
      'liability',
      'roof_wall_connection',
      'date_of_birth',
    ]) {
      expect(messagesOn('home', exampleWith('home', { [field]: undefined }), field)).toEqual([
        messageTexts.field_name_cannot_be_empty.replace('{field_name}', field.replaceAll('_', ' ')),
      ]);
    }
  });

  it('requires roof, plumbing, electrical and hvac years of 4 numeric characters', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'roof_year',
          'plumbing_year',
          'electrical_year',
          'hvac_year',
          'hot_water_heater_year',
        ),
        fc.string({ minLength: 1, maxLength: 7 }).filter((s) => s.trim() !== ''),
        (field, year) => {
          const got = messagesOn('home', exampleWith('home', { [field]: year }), field);
          expect(got.length).toBe(/^[0-9]{4}$/.test(year) ? 0 : 1);
        },
      ),
      { numRuns: 150 },
    );
    expect(
      messagesOn('home', exampleWith('home', { hot_water_heater_year: undefined }), 'hot_water_heater_year'),
    ).toEqual([]);
    expect(messagesOn('home', exampleWith('home', { hvac_year: '20x1' }), 'hvac_year')).toEqual([
      'HVAC Year must be numeric',
    ]);
  });
});
