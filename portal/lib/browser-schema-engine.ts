/**
 * The schema engine's compile and lint as the browser runs them: with the field validators the
 * build generated from schemas/ (Ajv standalone code, `virtual:field-validators`), and the
 * interpreting validator for any other field schema, so nothing is compiled to code under the
 * portal's CSP, which forbids eval (docs/decisions/511-csp-without-unsafe-eval.md). Imported only by
 * the pages that compile a schema set (application form, schema studio), never by the login route.
 */
import precompiled from 'virtual:field-validators';
import {
  type CaseBases,
  type CompiledSchemaSet,
  compileSchemaSet,
  type LintProblem,
  lintSchemaSet,
  type MutationReport,
  runMutation,
  type SchemaSet,
} from '../../engine/index.ts';

/** compileSchemaSet without code generation. Throws SchemaSetError for a broken set. */
export function compileInBrowser(set: SchemaSet): CompiledSchemaSet {
  return compileSchemaSet(set, { precompiled });
}

/** lintSchemaSet (no behaviour checks) without code generation; never throws for a malformed set. */
export function lintInBrowser(set: SchemaSet): LintProblem[] {
  return lintSchemaSet(set, { precompiled });
}

/**
 * runMutation (the mutants of the set's rules judged by its cases, issue 37) without code generation.
 * About 3 s of CPU on the shipped set; throws SchemaSetError for a broken set.
 */
export function mutateInBrowser(set: SchemaSet, bases: CaseBases): MutationReport {
  return runMutation(set, bases, { precompiled });
}
