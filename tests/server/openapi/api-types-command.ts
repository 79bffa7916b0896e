/**
 * `npm run api:types` (issue 21): regenerates `portal/lib/api-schema.generated.ts` from the
 * OpenAPI document (left as generated: biome skips it). Run it after changing a route's request or
 * answer schema; `npm run api:check` fails until it is run.
 */
import { writeFileSync } from 'node:fs';
import { API_TYPES_FILE, apiTypesSource, publishedOpenApiDocument } from './api-types-source.ts';

writeFileSync(API_TYPES_FILE, await apiTypesSource(await publishedOpenApiDocument()));
console.log(`wrote ${API_TYPES_FILE}`);
