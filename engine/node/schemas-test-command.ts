/**
 * `npm run schemas:test [-- --dir DIR]`: runs the rule harness (engine/harness) on `schemas/` (or DIR),
 * prints each item not shown both firing and not firing and each failing example
 * (`file#/json/pointer: what [kind]`), then a summary with the run time; exits 1 on any problem.
 * Issue 10, rule harness; docs/editing-a-schema.md.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runRuleHarness } from '../harness/run-rule-harness.ts';
import { readSchemaSetDir } from './read-schema-set-dir.ts';

const { values } = parseArgs({ options: { dir: { type: 'string', default: 'schemas' } } });
const dir = resolve(values.dir);
const started = performance.now();
const read = readSchemaSetDir(dir);
const report = runRuleHarness(read.set, { examples: read.examples, exampleContexts: read.exampleContexts });
for (const problem of report.problems)
  console.log(`${read.locate(problem.path)}: ${problem.message} [${problem.kind}]`);
const summary = `${report.items} items, ${report.documents} documents, ${Math.round(performance.now() - started)} ms`;
if (report.problems.length > 0) {
  console.error(`${report.problems.length} problem(s) in ${dir} (${summary})`);
  process.exit(1);
}
console.log(`every rule, condition, computed field, question and default shown firing and not (${summary})`);
