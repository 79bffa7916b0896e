import { caseBases, runCases } from '../cases/run-cases.ts';
import {
  type CompiledSchemaSet,
  type CompileOptions,
  compileSchemaSet,
  flattenFieldSchemas,
  SchemaSetError,
} from '../compile-schema-set.ts';
import { runRuleHarness } from '../harness/run-rule-harness.ts';
import type { Doc, RuleContext, SchemaSet } from '../types.ts';
import { checkComputed } from './check-computed.ts';
import { checkContradictions } from './check-contradictions.ts';
import { checkDefaults } from './check-defaults.ts';
import { checkFieldSchemas } from './check-field-schemas.ts';
import { checkForms } from './check-forms.ts';
import { checkMappings } from './check-mappings.ts';
import { checkMessages } from './check-messages.ts';
import { checkMigrations } from './check-migrations.ts';
import { checkOperandTypes } from './check-operand-types.ts';
import { checkOptions } from './check-options.ts';
import { checkOutcomes } from './check-outcomes.ts';
import { checkReferences } from './check-references.ts';
import { fieldDefinitionPaths, type LintContext } from './lint-context.ts';
import type { LintProblem } from './lint-problem.ts';

export interface LintOptions extends CompileOptions {
  /** Complete documents by name (default: the set's own `examples`): where the behaviour checks start. */
  examples?: Record<string, Doc>;
  /** The context each example is judged in (default: the set's `example_contexts`); without it the behaviour checks are skipped. */
  exampleContexts?: Record<string, RuleContext>;
}

/**
 * Every semantic problem of a schema set, as LintProblem[] (empty when sound), in check order:
 * field schemas the browser cannot check, names that do not resolve, option typos, operand types, contradictions, message placeholders,
 * defaults, outcomes, forms (field in no form, widgets, spans, unreachable forms), computed fields
 * (cycles, order, required, rules on them), migrations, value mappings (fields and values the set does
 * not take), then, given the examples and their contexts, behaviour
 * found by the rule harness (engine/harness: rules that never run, never fail or always fail,
 * conditions that never change, questions that never apply, examples that do not hold) and the set's
 * cases that fail (kind `case-failed`, engine/cases/run-cases.ts). Unlike compileSchemaSet, which stops at the first problem,
 * it reports all; when the set does not compile, the compile error is reported (kind `compile`) only
 * if no other check explains it, and the checks that need a compiled set are skipped. Never throws
 * for a malformed set. Issue 10, schema lint; docs/schema-format.md "Lint".
 */
export function lintSchemaSet(set: SchemaSet, options: LintOptions = {}): LintProblem[] {
  let flattened: ReturnType<typeof flattenFieldSchemas>;
  try {
    flattened = flattenFieldSchemas(set);
  } catch (error) {
    return [{ path: ['schemas'], kind: 'compile', message: errorText(error) }];
  }
  let compiled: CompiledSchemaSet | undefined;
  let compileError: string | undefined;
  try {
    compiled = compileSchemaSet(set, { precompiled: options.precompiled });
  } catch (error) {
    if (!(error instanceof SchemaSetError)) throw error;
    compileError = error.message;
  }
  const context: LintContext = {
    set,
    properties: flattened.properties,
    fields: new Set(Object.keys(flattened.properties)),
    fieldPaths: fieldDefinitionPaths(set),
    computed: new Set(Object.keys(set.computed ?? {})),
    compiled,
  };
  const checks = [
    checkFieldSchemas,
    checkReferences,
    checkOptions,
    checkOperandTypes,
    checkContradictions,
    checkMessages,
    checkDefaults,
    checkOutcomes,
    checkForms,
    checkComputed,
    checkMigrations,
    checkMappings,
  ];
  const problems: LintProblem[] = [];
  for (const check of checks) {
    try {
      problems.push(...check(context));
    } catch (error) {
      problems.push({
        path: [],
        kind: 'lint-failure',
        message: `${check.name} could not run: ${errorText(error)}`,
      });
    }
  }
  const examples = options.examples ?? set.examples;
  const exampleContexts = options.exampleContexts ?? set.example_contexts;
  if (compiled && examples && exampleContexts) {
    // Behaviour: rules that never run, never fail or always fail, and every other item the rule
    // harness must see both ways, found by generated documents with a counter-example.
    const harness = runRuleHarness(set, {
      compiled,
      examples,
      exampleContexts,
    });
    problems.push(...harness.problems);
    // The set's own cases (oracles as data, issue 37): each that fails names itself.
    problems.push(...runCases(compiled, caseBases(examples, exampleContexts)));
  }
  if (compileError && problems.length === 0)
    problems.push({ path: [], kind: 'compile', message: compileError });
  return problems;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
