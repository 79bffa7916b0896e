/**
 * Runs in a worker thread (schema-set-check-worker.mjs): lints the schema set it is given, rule
 * harness included, with its own examples (schemas/'s for a set stored without them), moved by the
 * set's migrations, and posts the problems back. Keeps the few hundred milliseconds of checking off
 * the thread that answers requests. Issue 11 (publish), docs/decisions/765.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type LintProblem, lintSchemaSet, migrateDocument, type SchemaSet } from '../../engine/index.ts';
import { exampleContexts, examples } from '../../schemas/schema-set.ts';

const { schemaSet } = workerData as { schemaSet: SchemaSet };
// A draft's migrations (a remapped value) move the examples as they move stored drafts, which
// applying them again leaves as they are (issue 37).
const moved = Object.fromEntries(
  Object.entries(schemaSet.examples ?? examples).map(([name, doc]) => [
    name,
    migrateDocument(doc, schemaSet.migrations ?? []),
  ]),
);
let problems: LintProblem[];
try {
  problems = lintSchemaSet(schemaSet, {
    examples: moved,
    exampleContexts: schemaSet.example_contexts ?? exampleContexts,
  });
} catch (error) {
  problems = [
    { path: [], kind: 'lint-failure', message: error instanceof Error ? error.message : String(error) },
  ];
}
parentPort?.postMessage(problems);
