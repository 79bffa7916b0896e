/**
 * Cases as data (engine/cases/run-cases.ts, issue 37): each expectation kind holds or names what
 * differs, a case over an unknown example or without a context fails rather than throws, and
 * runCases places each failing case at its file and index.
 */
import { describe, expect, it } from 'vitest';
import { caseBases, caseMismatches, casesPass, runCases } from '../../../engine/cases/run-cases.ts';
import { compileSchemaSet } from '../../../engine/compile-schema-set.ts';
import type { SchemaCase, SchemaSet } from '../../../engine/types.ts';
import { exampleContexts, examples, schemaSet } from '../../../schemas/schema-set.ts';

const compiled = compileSchemaSet(schemaSet);
const bases = caseBases(examples, exampleContexts);
const kase = (expect: SchemaCase['expect'], doc: SchemaCase['doc'] = {}): SchemaCase => ({
  id: 'probe',
  over: 'primary',
  doc,
  expect,
});

describe('caseMismatches', () => {
  it('passes a case whose every expectation holds', () => {
    const probe = kase(
      {
        messages: [{ field: 'first_name', message: 'First Name must be at least 2 characters long' }],
        field_messages: { first_name: ['First Name must be at least 2 characters long'], phone: [] },
        applicable: { business_name: false },
        required: { first_name: false, phone: true },
        computed: { elevation_difference: 1 },
        outcomes: [],
      },
      { first_name: 'A' },
    );
    expect(caseMismatches(compiled, probe, bases)).toEqual([]);
  });

  it('names each expectation that fails with what was expected and what came', () => {
    const probe = kase(
      {
        messages: [],
        field_messages: { first_name: [] },
        applicable: { business_name: true },
        required: { first_name: true },
        computed: { elevation_difference: 2 },
        outcomes: [{ question_id: 'primary-excess-over-water', outcome: 'block' }],
      },
      { first_name: 'A' },
    );
    expect(caseMismatches(compiled, probe, bases)).toEqual([
      'messages: expected [], got [{"field":"first_name","message":"First Name must be at least 2 characters long"}]',
      'messages of "first_name": expected [], got ["First Name must be at least 2 characters long"]',
      '"business_name" shown: expected true, got false',
      '"first_name" required: expected true, got false',
      'computed "elevation_difference": expected 2, got 1',
      'outcomes: expected [{"question_id":"primary-excess-over-water","outcome":"block"}], got []',
    ]);
  });

  it('removes the keys a case unsets and overrides the example context', () => {
    const unset: SchemaCase = {
      ...kase({ field_messages: { phone: ['Invalid Phone number!'] } }),
      unset: ['phone'],
    };
    expect(caseMismatches(compiled, unset, bases)).toEqual([]);
    const launched: SchemaCase = {
      ...kase({ messages: [] }, { phone: '1' }),
      context: { status: 'launched' },
    };
    expect(caseMismatches(compiled, launched, bases)).toEqual([]);
  });

  it('fails, without throwing, over an unknown example, without any context, or with no form', () => {
    expect(caseMismatches(compiled, { ...kase({}), over: 'houseboat' }, bases)).toEqual([
      'no example document is named "houseboat"',
    ]);
    expect(caseMismatches(compiled, { id: 'x', doc: {}, expect: {} }, bases)).toEqual([
      'the case names neither an example nor a context',
    ]);
    const noForm: SchemaCase = { ...kase({ messages: [] }), context: { application_type: 'life' } };
    expect(caseMismatches(compiled, noForm, bases)[0]).toMatch(/No form/);
  });
});

describe('runCases', () => {
  it('reports each failing case at its file and index, naming it', () => {
    const set: SchemaSet = {
      ...schemaSet,
      cases: [
        {
          id: 'probe',
          cases: [kase({ messages: [] }), { ...kase({ messages: [] }, { phone: '1' }), id: 'bad' }],
        },
      ],
    };
    const problems = runCases(compileSchemaSet(set), bases);
    expect(problems).toEqual([
      {
        path: ['cases', 0, 'cases', 1],
        kind: 'case-failed',
        message: expect.stringMatching(/^case "bad" fails: messages: expected \[\], got \[\{"field":"phone"/),
      },
    ]);
    expect(casesPass(compileSchemaSet(set), bases)).toBe(false);
  });

  it('finds nothing wrong with the shipped cases', () => {
    expect(runCases(compiled, bases)).toEqual([]);
    expect(casesPass(compiled, bases)).toBe(true);
  });
});
