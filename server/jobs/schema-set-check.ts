/**
 * Runs in a worker thread (schema-set-check-worker.mjs): lints the schema set it is given, rule
 * harness included, with the example documents of schemas/, and posts the problems back. Keeps the
 * few hundred milliseconds of checking off the thread that answers requests. Issue 11 (publish).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type LintProblem, lintSchemaSet, type SchemaSet } from '../../engine/index.ts';
import manifest from '../../schemas/schema-set.json' with { type: 'json' };
import { examples } from '../../schemas/schema-set.ts';

const { schemaSet } = workerData as { schemaSet: SchemaSet };
let problems: LintProblem[];
try {
  problems = lintSchemaSet(schemaSet, { examples, exampleContexts: manifest.example_contexts });
} catch (error) {
  problems = [
    { path: [], kind: 'lint-failure', message: error instanceof Error ? error.message : String(error) },
  ];
}
parentPort?.postMessage(problems);
