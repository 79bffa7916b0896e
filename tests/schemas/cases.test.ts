/**
 * The schema set's cases (schemas/cases/, issue 37) as tests: the oracles of the rules live in the
 * set as data, run by the harness on every draft and before every publish; this file only runs
 * them, one test per case, so `npm test` shows each by name.
 */
import { describe, expect, it } from 'vitest';
import { caseBases, caseMismatches } from '../../engine/cases/run-cases.ts';
import { exampleContexts, examples, schemaSet } from '../../schemas/schema-set.ts';
import { compiled } from './schema-test-kit.ts';

const bases = caseBases(examples, exampleContexts);

for (const file of schemaSet.cases ?? []) {
  describe(`schemas/cases/${file.id}.json`, () => {
    it.each(file.cases.map((kase) => [kase.id, kase] as const))('%s', (_id, kase) => {
      expect(caseMismatches(compiled, kase, bases)).toEqual([]);
    });
  });
}
