/**
 * The access matrix of issue 5: the four roles of SPEC §6, a caller without a session key and one
 * with a revoked key, against every endpoint of the OpenAPI document, on the callers' company's
 * records and on another company's. Every cell is an asserted status; refused writes leave their
 * target unchanged, refusals carry no data and listings show no other company's rows
 * (docs/decisions/106-access-matrix-over-every-endpoint.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEndpoints } from '../helpers/api-endpoints.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { type Cell, runCells } from './access-cell.ts';
import { type AccessWorld, buildAccessWorld } from './access-world.ts';
import { accountCells } from './account-cells.ts';
import { applicationCells } from './application-cells.ts';
import { authCells } from './auth-cells.ts';
import { carrierCells } from './carrier-cells.ts';
import { settingsCells } from './settings-cells.ts';
import { utilityCells } from './utility-cells.ts';

/** The cells by area; one test per area, so a failure names its area and its time shows. */
const AREAS: Record<string, (w: AccessWorld) => Cell[]> = {
  'auth, profile and plans': authCells,
  'users and companies': accountCells,
  'portal settings and API credentials': settingsCells,
  applications: applicationCells,
  'offline carriers': carrierCells,
  utility: utilityCells,
};

const allCells = (w: AccessWorld) => Object.values(AREAS).flatMap((cells) => cells(w));

describe.each(DATABASE_KINDS)('access matrix on %s', (kind) => {
  let t: TestApp;
  let w: AccessWorld;

  beforeAll(async () => {
    t = await startTestApp(kind);
    w = await buildAccessWorld(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(Object.keys(AREAS))(
    'answers every %s cell as the matrix says',
    async (area) => {
      const { problems, calls } = await runCells(w, AREAS[area](w));
      expect(problems).toEqual([]);
      expect(calls).toBeGreaterThan(0);
    },
    60_000,
  );

  it('has cells on own and on another company for every endpoint, and only for endpoints', () => {
    const cells = allCells(w);
    const declared = apiEndpoints(t.app).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    const missing = declared.flatMap((endpoint) => {
      const sides = new Set(cells.filter((cell) => cell.endpoint === endpoint).map((cell) => cell.side));
      if (sides.has('none')) return [];
      return (['own', 'other'] as const)
        .filter((side) => !sides.has(side))
        .map((side) => `${endpoint} (${side})`);
    });
    expect(missing).toEqual([]);
    expect(cells.filter((cell) => !declared.includes(cell.endpoint)).map((cell) => cell.endpoint)).toEqual(
      [],
    );
  });
});
