/**
 * `npm run api:check` (issue 21): builds the app on an empty in-memory database, reads
 * `/api/openapi.json` and checks it with swagger-parser and Redocly's recommended rules. Prints
 * every problem; exits 1 on a swagger-parser failure, any Redocly error (warnings are listed) or
 * portal/lib/api-schema.generated.ts not being what `npm run api:types` makes of the document.
 */
import { readFileSync } from 'node:fs';
import { buildApp } from '../../../server/app.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { openDatabase } from '../../../server/db/open-database.ts';
import { API_TYPES_FILE, apiTypesSource } from './api-types-source.ts';
import { redoclyProblems, swaggerParserProblem } from './openapi-validators.ts';

const database = await openDatabase({});
await migrate(database.db);
const app = await buildApp({ db: database.db, portalDir: null, startWorker: false });
try {
  const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  const document = answer.json();
  const parserProblem = await swaggerParserProblem(document);
  console.log(parserProblem ? `swagger-parser: ${parserProblem}` : 'swagger-parser: valid');
  const problems = await redoclyProblems(document);
  for (const problem of problems)
    console.log(`redocly ${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.pointer})`);
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  console.log(`redocly recommended: ${errors} errors, ${problems.length - errors} warnings`);
  const typesCurrent = readFileSync(API_TYPES_FILE, 'utf8') === (await apiTypesSource(document));
  console.log(
    typesCurrent ? 'portal API types: current' : 'portal API types: stale, run `npm run api:types`',
  );
  process.exitCode = parserProblem || errors > 0 || !typesCurrent ? 1 : 0;
} finally {
  await app.close();
  await database.close();
}
