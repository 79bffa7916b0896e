// Entry of the worker thread that checks a schema set before it is published (issue 11): worker
// threads start plain Node, so this loads the TypeScript check through tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./schema-set-check.ts', import.meta.url);
