/**
 * QA cases from the studio's preview (issue 37): the case pins what the preview shows now, and it
 * lands in the draft's `qa` case file, replacing a case of the same title.
 */
import { describe, expect, it } from 'vitest';
import { caseBases, caseMismatches, compileSchemaSet } from '../../engine/index.ts';
import {
  caseId,
  expectHiddenCase,
  expectMessagesCase,
  QA_CASE_FILE,
  withQaCase,
} from '../../portal/features/schema-studio/model/case-from-preview.ts';
import { exampleContexts, examples, schemaSet } from '../../schemas/schema-set.ts';

const compiled = compileSchemaSet(schemaSet);
const bases = caseBases(examples, exampleContexts);
const doc = { ...examples.primary, phone: '123' };
const ctx = exampleContexts.primary;

describe('cases from the preview', () => {
  it('names a case after its title', () => {
    expect(caseId('Condo on floor 3!')).toBe('condo-on-floor-3');
    expect(caseId('  ?? ')).toBe('case');
  });

  it('expects exactly the messages the preview shows, and holds for that document only', () => {
    const kase = expectMessagesCase(compiled, 'Short phone', doc, ctx);
    expect(kase).toMatchObject({
      id: 'short-phone',
      title: 'Short phone',
      context: ctx,
      expect: { messages: [{ field: 'phone', message: 'Invalid Phone number!' }] },
    });
    expect(caseMismatches(compiled, kase, bases)).toEqual([]);
    const fixed = { ...kase, doc: { ...doc, phone: '(305) 555-1234' } };
    expect(caseMismatches(compiled, fixed, bases)).toEqual([
      'messages: expected [{"field":"phone","message":"Invalid Phone number!"}], got []',
    ]);
  });

  it('expects a field hidden', () => {
    const kase = expectHiddenCase('No business name', doc, ctx, 'business_name');
    expect(kase.expect).toEqual({ applicable: { business_name: false } });
    expect(caseMismatches(compiled, kase, bases)).toEqual([]);
  });

  it('adds to the qa file, created once at the end, replacing a case of the same id', () => {
    const first = withQaCase(schemaSet, expectHiddenCase('No business name', doc, ctx, 'business_name'));
    const files = first.cases ?? [];
    expect(files.map((file) => file.id)).toEqual([...(schemaSet.cases ?? []).map((f) => f.id), QA_CASE_FILE]);
    const again = withQaCase(first, expectMessagesCase(compiled, 'No business name', doc, ctx));
    const qa = again.cases?.find((file) => file.id === QA_CASE_FILE);
    expect(qa?.cases.map((kase) => Object.keys(kase.expect))).toEqual([['messages']]);
    expect(schemaSet.cases?.some((file) => file.id === QA_CASE_FILE)).toBe(false);
  });
});
