/**
 * The schema engine's public surface, for callers outside engine/ (the server, the portal, the
 * studio): compile a schema set once, then validate, explain, compute, decide applicability and
 * outcomes, and lint. The one module that re-exports: the package's entry, not a barrel of
 * everything (internals such as compile-logic or the lint checks stay private). The React form
 * lives in engine/react/, node-only file reading in engine/node/. engine/README.md shows the use.
 */
export { applyDefaults } from './apply-defaults.ts';
export { type CaseBases, caseBases, caseMismatches } from './cases/run-cases.ts';
export { clearHiddenFields } from './clear-hidden-fields.ts';
export {
  type CompiledSchemaSet,
  type CompileOptions,
  compileSchemaSet,
  SchemaSetError,
} from './compile-schema-set.ts';
export { computeFields } from './compute-fields.ts';
export { diffSchemaSets, type SchemaSetChange } from './diff-schema-sets.ts';
export { evaluateLogic } from './evaluate-logic.ts';
export { evaluateOutcomes } from './evaluate-outcomes.ts';
export { type ExplainedBranch, explainMessage, type MessageExplanation } from './explain-message.ts';
export { fieldLabel } from './field-label.ts';
export { firstMessage } from './first-message.ts';
export { formFor } from './form-for.ts';
export { formatCurrency } from './format-currency.ts';
export { type BenchDocument, type BenchRow, runTestBench } from './harness/test-bench.ts';
export { isApplicable } from './is-applicable.ts';
export { isRequired } from './is-required.ts';
export { fieldDefinitionPaths } from './lint/lint-context.ts';
export { type LintPath, type LintProblem, lintPathLabel } from './lint/lint-problem.ts';
export { lintSchemaSet } from './lint/lint-schema-set.ts';
export { messagesByField } from './messages-by-field.ts';
export { migrateCases } from './migrate-cases.ts';
export { migrateDocument, migrationsBetween } from './migrate-document.ts';
export { migrateValueMappings } from './migrate-value-mappings.ts';
export { type JudgedMutant, type MutationReport, runMutation } from './mutate/run-mutation.ts';
export { type ProposedStep, proposeMigrationSteps } from './propose-migration-steps.ts';
export type {
  CaseFile,
  Doc,
  FormDefinition,
  FormFieldUi,
  JsonLogic,
  JsonSchema,
  MappedField,
  Migration,
  MigrationStep,
  OutcomeMessage,
  OutcomeQuestion,
  OutcomeTable,
  Rule,
  RuleContext,
  SchemaCase,
  SchemaSet,
  ValidationMessage,
  ValueMapping,
} from './types.ts';
export { validateDocument } from './validate-document.ts';
export { validateFieldGroup } from './validate-field-group.ts';
export { validateTypes } from './validate-types.ts';
export { unmovedWithdrawnOptions, type WithdrawnOptions, withdrawnOptions } from './withdrawn-options.ts';
