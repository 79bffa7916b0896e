import type { Plugin } from 'vite';
import type { SchemaSet } from '../types.ts';
import { fieldValidatorsModule } from './field-validators-module.ts';

const FIELD_VALIDATORS = 'virtual:field-validators';

/**
 * The Vite plugin behind `virtual:field-validators`: Ajv standalone code of every field validator of
 * `schemaSet` (the product's, schemas/schema-set.ts, which the caller imports: the engine imports
 * nothing of the product) by fieldValidatorsModule, made by each build, dev server and test run from
 * the files as they are then (a change to schemas/ restarts the dev server: the config imports them), so it is
 * never stale. The portal hands it to compileSchemaSet; only the chunks of the pages that compile a
 * schema set import it (ADR 511). Used by vite.config.ts and by the benchmark pages that import the
 * portal's schema engine (tests/bench/build-page.ts).
 */
export function fieldValidators(schemaSet: SchemaSet): Plugin {
  return {
    name: 'field-validators',
    resolveId: (source) => (source === FIELD_VALIDATORS ? `\0${FIELD_VALIDATORS}` : undefined),
    load: (id) => (id === `\0${FIELD_VALIDATORS}` ? fieldValidatorsModule(schemaSet) : undefined),
  };
}
