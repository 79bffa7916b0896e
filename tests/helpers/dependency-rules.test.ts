/**
 * The architecture's dependency rules (.dependency-cruiser.cjs, issue 41) hold: no import circles,
 * the engine imports nothing of the product, the portal never imports the server nor, even through a
 * carrier-catalog/ helper, the build's carriers.json (issue 43), repositories never import services.
 * `npm run check` runs the same rules through the depcruise command.
 */
import { createRequire } from 'node:module';
import { cruise, type IReporterOutput } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const rules = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');

/** The violations of the rules over the source folders, one `rule: from -> to` line each. */
async function violations(): Promise<string[]> {
  const result: IReporterOutput = await cruise(
    ['engine', 'portal', 'server', 'access', 'carrier-catalog', 'schemas'],
    { ...rules.options, validate: true, ruleSet: { forbidden: rules.forbidden } },
  );
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output.summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
  );
}

describe('dependency rules', () => {
  it('hold over every source file', async () => {
    expect(await violations()).toEqual([]);
  }, 120_000);

  it('name the five rules the architecture states', () => {
    expect(rules.forbidden.map((rule: { name: string }) => rule.name)).toEqual([
      'no-circular',
      'engine-is-generic',
      'portal-never-imports-server',
      'portal-never-bundles-carriers-file',
      'repositories-never-import-services',
    ]);
  });

  it('catch an indirect import of carriers-file.ts, not only a direct one', async () => {
    // The portal rule, applied from a carrier-catalog helper that defaults to the file: the path is found.
    const rule = rules.forbidden.find(
      (r: { name: string }) => r.name === 'portal-never-bundles-carriers-file',
    );
    const result: IReporterOutput = await cruise(['carrier-catalog/carrier-settings.ts'], {
      ...rules.options,
      validate: true,
      ruleSet: { forbidden: [{ ...rule, from: { path: '^carrier-catalog/carrier-settings\\.ts$' } }] },
    });
    if (typeof result.output === 'string') throw new Error(result.output);
    expect(result.output.summary.violations.map((v) => `${v.from} -> ${v.to}`)).toEqual([
      'carrier-catalog/carrier-settings.ts -> carrier-catalog/carriers-file.ts',
    ]);
  }, 120_000);
});
