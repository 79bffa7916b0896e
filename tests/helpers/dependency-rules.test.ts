/**
 * The architecture's dependency rules (.dependency-cruiser.cjs, issue 41) hold: no import circles,
 * the engine imports nothing of the product, the portal never imports the server, repositories
 * never import services. `npm run check` runs the same rules through the depcruise command.
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

  it('name the four rules the architecture states', () => {
    expect(rules.forbidden.map((rule: { name: string }) => rule.name)).toEqual([
      'no-circular',
      'engine-is-generic',
      'portal-never-imports-server',
      'repositories-never-import-services',
    ]);
  });
});
