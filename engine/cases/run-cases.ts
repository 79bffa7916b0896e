/**
 * Cases as data (issue 37): each case of a schema set is a document, a context and what the set must
 * answer for it (messages, applicability, required, computed values, outcomes). Generic: the engine
 * checks what the case names and nothing else.
 */
import type { CompiledSchemaSet } from '../compile-schema-set.ts';
import { computeFields } from '../compute-fields.ts';
import { evaluateOutcomes } from '../evaluate-outcomes.ts';
import { isApplicable } from '../is-applicable.ts';
import { isRequired } from '../is-required.ts';
import type { LintProblem } from '../lint/lint-problem.ts';
import type { Doc, RuleContext, SchemaCase } from '../types.ts';
import { validateDocument } from '../validate-document.ts';

/** The documents cases start from (the set's examples), each with its context, by name. */
export type CaseBases = Record<string, { doc: Doc; ctx: RuleContext }>;

/** The example documents and their contexts as CaseBases (examples without a context are left out). */
export function caseBases(examples: Record<string, Doc>, contexts: Record<string, RuleContext>): CaseBases {
  return Object.fromEntries(
    Object.entries(examples).flatMap(([name, doc]) =>
      contexts[name] ? [[name, { doc, ctx: contexts[name] }]] : [],
    ),
  );
}

/**
 * The document and context a case is judged with: `doc` over its example (keys in `unset`
 * removed), in the example's context overridden by `context`. Throws Error when `over` names no
 * example or no context results.
 */
export function caseDocument(kase: SchemaCase, bases: CaseBases): { doc: Doc; ctx: RuleContext } {
  const base = kase.over === undefined ? undefined : bases[kase.over];
  if (kase.over !== undefined && !base) throw new Error(`no example document is named "${kase.over}"`);
  const doc: Doc = { ...(base?.doc ?? {}), ...kase.doc };
  for (const key of kase.unset ?? []) delete doc[key];
  const ctx = { ...(base?.ctx ?? {}), ...(kase.context ?? {}) };
  if (Object.keys(ctx).length === 0) throw new Error('the case names neither an example nor a context');
  return { doc, ctx };
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * What of a case does not hold for `compiled`, one sentence per expectation that fails (empty when
 * the case passes), e.g. `messages: expected [...], got [...]`. Never throws: a document the set
 * cannot judge (an unknown example, a context without a form) is itself the failure.
 */
export function caseMismatches(compiled: CompiledSchemaSet, kase: SchemaCase, bases: CaseBases): string[] {
  try {
    const { doc, ctx } = caseDocument(kase, bases);
    const found: string[] = [];
    const expect = kase.expect;
    const compare = (what: string, expected: unknown, got: unknown) => {
      if (json(expected) !== json(got)) found.push(`${what}: expected ${json(expected)}, got ${json(got)}`);
    };
    if (expect.messages || expect.field_messages) {
      const messages = validateDocument(compiled, doc, ctx);
      if (expect.messages) {
        compare(
          'messages',
          expect.messages,
          messages.map(({ field, message }) => ({ field, message })),
        );
      }
      for (const [field, texts] of Object.entries(expect.field_messages ?? {})) {
        compare(
          `messages of "${field}"`,
          texts,
          messages.filter((message) => message.field === field).map((message) => message.message),
        );
      }
    }
    for (const [field, shown] of Object.entries(expect.applicable ?? {}))
      compare(`"${field}" shown`, shown, isApplicable(compiled, field, doc, ctx));
    for (const [field, required] of Object.entries(expect.required ?? {}))
      compare(`"${field}" required`, required, isRequired(compiled, field, doc, ctx));
    if (expect.computed) {
      const computed = computeFields(compiled, doc, ctx);
      for (const [field, value] of Object.entries(expect.computed))
        compare(`computed "${field}"`, value, computed[field] ?? null);
    }
    if (expect.outcomes) {
      compare(
        'outcomes',
        expect.outcomes,
        evaluateOutcomes(compiled, doc, ctx).map(({ question_id, outcome }) => ({ question_id, outcome })),
      );
    }
    return found;
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

/**
 * Every failing case of `compiled.set.cases`, as lint problems of kind `case-failed` at
 * `['cases', file, 'cases', index]`, each naming the case and what failed. Empty when every case
 * holds (or the set has none).
 */
export function runCases(compiled: CompiledSchemaSet, bases: CaseBases): LintProblem[] {
  const problems: LintProblem[] = [];
  (compiled.set.cases ?? []).forEach((file, i) => {
    file.cases.forEach((kase, j) => {
      const mismatches = caseMismatches(compiled, kase, bases);
      if (mismatches.length === 0) return;
      problems.push({
        path: ['cases', i, 'cases', j],
        kind: 'case-failed',
        message: `case "${kase.id}"${kase.title ? ` (${kase.title})` : ''} fails: ${mismatches.join('; ')}`,
      });
    });
  });
  return problems;
}

/** Whether every case holds: stops at the first that fails (the mutation run's inner loop). */
export function casesPass(compiled: CompiledSchemaSet, bases: CaseBases): boolean {
  return (compiled.set.cases ?? []).every((file) =>
    file.cases.every((kase) => caseMismatches(compiled, kase, bases).length === 0),
  );
}
