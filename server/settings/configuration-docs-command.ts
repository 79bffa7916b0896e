/** `npm run docs:config`: writes docs/configuration.md from the setting declarations (issue 39). */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONFIGURATION_DOCS_PATH, configurationDocs } from './configuration-docs.ts';

writeFileSync(join(resolve(import.meta.dirname, '../..'), CONFIGURATION_DOCS_PATH), configurationDocs());
console.log(`Wrote ${CONFIGURATION_DOCS_PATH}.`);
