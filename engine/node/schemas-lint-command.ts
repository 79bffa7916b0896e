/**
 * `npm run schemas:lint [-- --dir DIR]`: lints `schemas/` (or DIR, laid out the same way), prints
 * one line per problem (`file#/json/pointer: what is wrong [kind]`) and exits 1 when there is any,
 * 0 with "no problems" otherwise. Issue 10, schema lint; docs/editing-a-schema.md.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { lintSchemaSetDir } from './lint-schema-set-dir.ts';

const { values } = parseArgs({ options: { dir: { type: 'string', default: 'schemas' } } });
const dir = resolve(values.dir);
const started = performance.now();
const lines = lintSchemaSetDir(dir);
for (const line of lines) console.log(line);
const time = `${Math.round(performance.now() - started)} ms`;
if (lines.length > 0) {
  console.error(`${lines.length} problem${lines.length === 1 ? '' : 's'} in ${dir} (${time})`);
  process.exit(1);
}
console.log(`no problems in ${dir} (${time})`);
