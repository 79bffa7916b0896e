/**
 * The mutation run (issue 37): every mutant of a set's rules judged by a check (by default its cases),
 * with the score and the mutants no check kills. Generic.
 */
import { type CaseBases, casesPass } from '../cases/run-cases.ts';
import {
  type CompiledSchemaSet,
  compileSchemaSet,
  type PrecompiledValidators,
  validatorKey,
} from '../compile-schema-set.ts';
import type { FieldValidator } from '../field-validator.ts';
import type { SchemaSet } from '../types.ts';
import { mutantName, type RuleMutant, ruleMutants, withReplacement } from './rule-mutants.ts';

/** A mutant with what became of it. */
export interface JudgedMutant extends RuleMutant {
  /** `killed`: a check failed (or the mutant does not compile); `survived`: every check held; `equivalent`: listed as changing nothing observable. */
  status: 'killed' | 'survived' | 'equivalent';
  /** Why it is equivalent, from the case file that lists it. */
  reason?: string;
}

export interface MutationReport {
  mutants: JudgedMutant[];
  killed: number;
  survived: number;
  equivalent: number;
  /** killed / (killed + survived), 0..1; 1 when nothing could be judged. */
  score: number;
}

export interface MutationOptions {
  /** Which mutants to judge (default: group `main`). */
  group?: RuleMutant['group'];
  /** True when the check passes for a mutant (the mutant survives). Default: every case holds. */
  passes?: (compiled: CompiledSchemaSet, set: SchemaSet, precompiled: PrecompiledValidators) => boolean;
  /** Field validators made ahead of time for the original set (a page whose CSP forbids eval). */
  precompiled?: PrecompiledValidators;
}

/**
 * Judges the mutants of `set` (ruleMutants): each is compiled reusing the original's field
 * validators (mutants change no field schema, so only the conditions are compiled again) and
 * killed when it does not compile or the check fails. Mutants the set's case files list under
 * `equivalent_mutants` (by pointer and mutation) are reported as equivalent and left out of the
 * score. Throws SchemaSetError when `set` itself does not compile.
 */
export function runMutation(set: SchemaSet, bases: CaseBases, options: MutationOptions = {}): MutationReport {
  const original = compileSchemaSet(set, { precompiled: options.precompiled });
  const precompiled = precompiledFrom(original);
  const passes = options.passes ?? ((compiled) => casesPass(compiled, bases));
  const equivalent = new Map<string, string>();
  for (const file of set.cases ?? [])
    for (const entry of file.equivalent_mutants ?? [])
      equivalent.set(`${entry.at} ${entry.mutation}`, entry.reason);
  const group = options.group ?? 'main';
  const mutants = ruleMutants(set)
    .filter((mutant) => mutant.group === group)
    .map((mutant): JudgedMutant => {
      const reason = equivalent.get(mutantName(mutant));
      if (reason !== undefined) return { ...mutant, status: 'equivalent', reason };
      const mutated = withReplacement(set, mutant.path, mutant.replacement);
      let compiled: CompiledSchemaSet;
      try {
        compiled = compileSchemaSet(mutated, { precompiled });
      } catch {
        return { ...mutant, status: 'killed' };
      }
      let survived: boolean;
      try {
        survived = passes(compiled, mutated, precompiled);
      } catch {
        survived = false;
      }
      return { ...mutant, status: survived ? 'survived' : 'killed' };
    });
  return summarise(mutants);
}

/** Counts and score of judged mutants. */
export function summarise(mutants: JudgedMutant[]): MutationReport {
  const count = (status: JudgedMutant['status']) => mutants.filter((m) => m.status === status).length;
  const killed = count('killed');
  const survived = count('survived');
  return {
    mutants,
    killed,
    survived,
    equivalent: count('equivalent'),
    score: killed + survived === 0 ? 1 : killed / (killed + survived),
  };
}

/** The field validators of a compiled set by validatorKey, for compiling its mutants without Ajv. */
function precompiledFrom(compiled: CompiledSchemaSet): PrecompiledValidators {
  const byKey: Record<string, FieldValidator> = {};
  for (const field of compiled.fields)
    byKey[validatorKey(compiled.properties[field])] = compiled.validators[field];
  return byKey;
}
