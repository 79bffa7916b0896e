/**
 * fast-check arbitraries of connector answers: `validAnswer` matches quote-answer.schema.json,
 * `garbageAnswer` never does (not an object, a field missing, extra or of the wrong type or
 * range, a NUL PostgreSQL cannot store). Used by the schema's unit test and the carrier-fault suite.
 */
import fc from 'fast-check';
import type { QuoteAnswer } from '../../server/quoting/types.ts';

const text = (minLength = 0) => fc.string({ minLength, maxLength: 40 }).filter((s) => !s.includes('\u0000'));
const money = fc.double({ min: 0.01, max: 1e9, noNaN: true });

export const validAnswer: fc.Arbitrary<QuoteAnswer> = fc.oneof(
  fc.record({
    status: fc.constant('quoted' as const),
    premium: money,
    coverages: fc.dictionary(text(), fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), text())),
    benefits: fc.array(text(), { maxLength: 4 }),
    message: fc.option(text(), { nil: null }),
    indicative: fc.boolean(),
  }),
  fc.record({
    status: fc.constantFrom('declined' as const, 'error' as const),
    premium: fc.constant(null),
    coverages: fc.constant({}),
    benefits: fc.array(text(), { maxLength: 4 }),
    message: text(1),
    indicative: fc.boolean(),
  }),
);

const KEYS = ['status', 'premium', 'coverages', 'benefits', 'message', 'indicative'] as const;

/** One way to break a valid answer; each result fails the schema. */
const broken = (answer: QuoteAnswer): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...KEYS).map((key) => {
      const { [key]: _gone, ...rest } = answer;
      return rest;
    }),
    text()
      .filter((s) => !['quoted', 'declined', 'error'].includes(s))
      .map((status) => ({ ...answer, status })),
    fc
      .constantFrom('1200.00', -5, 0, 1e13, null, Number.NaN)
      .map((premium) => ({ ...answer, status: 'quoted', premium })),
    fc.constantFrom('', null).map((message) => ({ ...answer, status: 'error', premium: null, message })),
    fc.constant({ ...answer, message: 'bad\u0000byte' }),
    fc.constant({ ...answer, coverages: { building_limit: { amount: 1 } } }),
    fc.constant({ ...answer, benefits: 'all of them' }),
    fc.constant({ ...answer, indicative: 'true' }),
    text(1)
      .filter((key) => !(KEYS as readonly string[]).includes(key))
      .map((key) => ({ ...answer, [key]: 1 })),
  );

export const garbageAnswer: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, undefined, 42, true, [], '<html><body>Bad Gateway</body></html>', { ok: true }),
  fc.string(),
  validAnswer.chain(broken),
);
