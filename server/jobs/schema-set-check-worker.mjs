// Entry of the worker thread that checks a schema set before it is published (issue 11): worker
// threads start plain Node, so this loads the TypeScript check through tsx; where tsx is not
// installed (a production install after `npm prune --omit=dev`, issue 39) it runs the check that
// `npm run build` bundled into dist/server.
let tsx;
try {
  tsx = await import('tsx/esm/api');
} catch {
  tsx = null;
}
if (tsx) await tsx.tsImport('./schema-set-check.ts', import.meta.url);
else await import(new URL('../../dist/server/schema-set-check.mjs', import.meta.url).href);
