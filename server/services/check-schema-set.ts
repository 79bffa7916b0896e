/**
 * The publish check of a schema set (issue 11): lint and rule harness, in a worker thread.
 */
import { Worker } from 'node:worker_threads';
import type { LintProblem, SchemaSet } from '../../engine/index.ts';

const WORKER = new URL('../jobs/schema-set-check-worker.mjs', import.meta.url);

/**
 * Every problem of `set` (lintSchemaSet with the rule harness over the example documents), computed
 * in a worker thread so request handling goes on meanwhile. Rejects when the worker fails to run.
 */
export function checkSchemaSet(set: SchemaSet): Promise<LintProblem[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { schemaSet: set } });
    worker.once('message', (problems: LintProblem[]) => {
      resolve(problems);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the schema set check stopped with code ${code}`));
    });
  });
}
