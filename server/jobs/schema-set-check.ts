/**
 * Runs in a worker thread (schema-set-check-worker.mjs): lints the schema set it is given, rule
 * harness included, with the example documents of schemas/ (moved by the set's migrations), and posts the problems back. Keeps the
 * few hundred milliseconds of checking off the thread that answers requests. Issue 11 (publish).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type LintProblem, lintSchemaSet, migrateDocument, type SchemaSet } from '../../engine/index.ts';
import manifest from '../../schemas/schema-set.json' with { type: 'json' };
import { examples } from '../../schemas/schema-set.ts';

const { schemaSet } = workerData as { schemaSet: SchemaSet };
// The examples are documents of the files' set: a draft's migrations (a remapped value) move them as
// they move stored drafts, which applying them again leaves as they are (issue 37).
const moved = Object.fromEntries(
  Object.entries(examples).map(([name, doc]) => [name, migrateDocument(doc, schemaSet.migrations ?? [])]),
);
let problems: LintProblem[];
try {
  problems = lintSchemaSet(schemaSet, { examples: moved, exampleContexts: manifest.example_contexts });
} catch (error) {
  problems = [
    { path: [], kind: 'lint-failure', message: error instanceof Error ? error.message : String(error) },
  ];
}
parentPort?.postMessage(problems);
