import { lintSchemaSet } from '../lint/lint-schema-set.ts';
import { readSchemaSetDir } from './read-schema-set-dir.ts';

/**
 * Lints the schema set laid out in `dir` (readSchemaSetDir) with its examples seeding the behaviour
 * checks, and returns one line per problem: `file#/json/pointer: what is wrong [kind]`; empty when
 * the set is sound. A directory that cannot be read gives one line naming the file. Issue 10
 * (`npm run schemas:lint`, the server's start-up check).
 */
export function lintSchemaSetDir(dir: string): string[] {
  let read: ReturnType<typeof readSchemaSetDir>;
  try {
    read = readSchemaSetDir(dir);
  } catch (error) {
    return [`${error instanceof Error ? error.message : String(error)} [unreadable]`];
  }
  return lintSchemaSet(read.set, {
    examples: read.set.examples ?? {},
    exampleContexts: read.set.example_contexts ?? {},
  }).map((problem) => `${read.locate(problem.path)}: ${problem.message} [${problem.kind}]`);
}
