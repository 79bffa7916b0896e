/**
 * Dependency rules of the architecture (issue 41), checked by `npm run check` and `npm test`
 * (tests/helpers/dependency-rules.test.ts): no import circles, the engine imports nothing of ours,
 * the portal never imports the server, repositories never import services.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: split the shared piece into a module both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-is-generic',
      severity: 'error',
      comment: 'engine/ is the generic schema engine: it imports nothing of the product.',
      from: { path: '^engine/' },
      to: { path: '^(portal|server|access|carrier-catalog|schemas)/' },
    },
    {
      name: 'portal-never-imports-server',
      severity: 'error',
      comment: 'The portal shares code with the server only through engine/, access/ and carrier-catalog/.',
      from: { path: '^portal/' },
      to: { path: '^server/' },
    },
    {
      name: 'repositories-never-import-services',
      severity: 'error',
      comment: 'Routes call services, services call repositories; never the other way.',
      from: { path: '^server/repositories/' },
      to: { path: '^server/services/' },
    },
  ],
  options: {
    includeOnly: '^(engine|portal|server|access|carrier-catalog|schemas)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
