/**
 * Dependency rules of the architecture (issue 41), checked by `npm run check` and `npm test`
 * (tests/helpers/dependency-rules.test.ts): no import circles, the engine imports nothing of ours,
 * the portal never imports the server nor, even indirectly, the build's carriers.json (issue 43),
 * repositories never import services.
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
      name: 'portal-never-bundles-carriers-file',
      severity: 'error',
      comment:
        'The portal reads the carriers in use (lib/live-carriers.ts, ADR 772), never the carriers.json of the build, not even through a carrier-catalog/ helper that defaults to it.',
      from: { path: '^portal/' },
      to: { path: '^carrier-catalog/carriers-file\\.ts$', reachable: true },
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
