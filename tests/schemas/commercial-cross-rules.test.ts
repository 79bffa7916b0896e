import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../engine/validate-document.ts';
import messageTexts from '../../schemas/messages.json' with { type: 'json' };
import { compiled, contexts, dollars, exampleWith, messagesOn } from './schema-test-kit.ts';

const message = (limit: number) =>
  messageTexts.contents_replacement_cost_minimum.replace('{amount}', dollars(limit));
const money = fc.integer({ min: 0, max: 5_000_000 });

describe('SPEC §5 cross rule: commercial contents replacement cost vs contents limit', () => {
  it('fails for any replacement cost below the limit (property)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5_000_000 })
          .chain((limit) => fc.tuple(fc.constant(limit), fc.integer({ min: 0, max: limit - 1 }))),
        ([limit, cost]) => {
          const doc = exampleWith('commercial', { contents_limit: limit, contents_replacement_cost: cost });
          expect(messagesOn('commercial', doc, 'contents_replacement_cost')).toEqual([message(limit)]);
          const all = validateDocument(compiled, doc, contexts.commercial);
          expect(all.map((m) => m.rule_id)).toEqual(['commercial-contents-replacement-cost-minimum']);
          expect(all[0].values).toMatchObject({ contents_replacement_cost: cost, amount: limit });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('passes for any replacement cost at or above the limit (property)', () => {
    fc.assert(
      fc.property(money, fc.integer({ min: 0, max: 5_000_000 }), (limit, extra) => {
        const doc = exampleWith('commercial', {
          contents_limit: limit,
          contents_replacement_cost: limit + extra,
        });
        expect(validateDocument(compiled, doc, contexts.commercial)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('is exact at the boundary, with cents, and formats the limit as currency', () => {
    const at = exampleWith('commercial', { contents_limit: 250_000, contents_replacement_cost: 250_000 });
    expect(messagesOn('commercial', at, 'contents_replacement_cost')).toEqual([]);
    const below = exampleWith('commercial', {
      contents_limit: 250_000,
      contents_replacement_cost: 249_999.99,
    });
    expect(messagesOn('commercial', below, 'contents_replacement_cost')).toEqual([
      messageTexts.contents_replacement_cost_minimum.replace('{amount}', '$250,000'),
    ]);
  });

  it('leaves an empty value to the required check and an empty limit to its own', () => {
    const noCost = exampleWith('commercial', { contents_replacement_cost: undefined });
    expect(messagesOn('commercial', noCost, 'contents_replacement_cost')).toEqual([
      'Contents Replacement Cost is required',
    ]);
    const noLimit = exampleWith('commercial', { contents_limit: undefined, contents_replacement_cost: 1 });
    expect(validateDocument(compiled, noLimit, contexts.commercial).map((m) => m.message)).toEqual([
      'Personal Property is required',
    ]);
  });

  it('applies to Commercial only (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('primary', 'excess', 'mobile', 'home') as fc.Arbitrary<
          'primary' | 'excess' | 'mobile' | 'home'
        >,
        fc.integer({ min: 1, max: 100_000 }),
        (name, gap) => {
          const doc = exampleWith(name, {
            contents_limit: 100_000,
            contents_replacement_cost: 100_000 - gap,
          });
          expect(messagesOn(name, doc, 'contents_replacement_cost')).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps the dwelling limit within the building replacement cost on Commercial too', () => {
    const over = exampleWith('commercial', { building_limit: 1_800_001 });
    expect(messagesOn('commercial', over, 'building_limit')).toEqual([
      messageTexts.dwelling_limit_exceeds_replacement_cost,
    ]);
  });
});
