/**
 * `npm run schemas:test [-- --dir DIR]`: runs the rule harness (engine/harness) and the set's cases
 * (engine/cases) on `schemas/` (or DIR), prints each item not shown both firing and not firing, each
 * failing example and each failing case (`file#/json/pointer: what [kind]`), then a summary with the
 * run time; exits 1 on any problem. Issue 10, rule harness; issue 37, cases; docs/editing-a-schema.md.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { caseBases, runCases } from '../cases/run-cases.ts';
import { compileSchemaSet } from '../compile-schema-set.ts';
import { runRuleHarness } from '../harness/run-rule-harness.ts';
import { readSchemaSetDir } from './read-schema-set-dir.ts';

const { values } = parseArgs({ options: { dir: { type: 'string', default: 'schemas' } } });
const dir = resolve(values.dir);
const started = performance.now();
const read = readSchemaSetDir(dir);
const examples = read.set.examples ?? {};
const exampleContexts = read.set.example_contexts ?? {};
const report = runRuleHarness(read.set, { examples, exampleContexts });
const cases = (read.set.cases ?? []).reduce((sum, file) => sum + file.cases.length, 0);
const problems = [
  ...report.problems,
  ...runCases(compileSchemaSet(read.set), caseBases(examples, exampleContexts)),
];
for (const problem of problems)
  console.log(`${read.locate(problem.path)}: ${problem.message} [${problem.kind}]`);
const summary = `${report.items} items, ${report.documents} documents, ${cases} cases, ${Math.round(performance.now() - started)} ms`;
if (problems.length > 0) {
  console.error(`${problems.length} problem(s) in ${dir} (${summary})`);
  process.exit(1);
}
console.log(
  `every rule, condition, computed field, question and default shown firing and not, every case holds (${summary})`,
);
