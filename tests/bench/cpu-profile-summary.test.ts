import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CpuProfile, originOf, selfTimeByOrigin } from './cpu-profile-summary.ts';

const ROOT = '/srv/portal';

describe('originOf', () => {
  it('names the package, Node module, repository file or V8 name a function lives in', () => {
    expect(originOf(`file://${ROOT}/node_modules/pg/lib/client.js`, 'query', ROOT)).toBe('pg');
    expect(originOf(`${ROOT}/node_modules/@rjsf/core/lib/form.js`, 'render', ROOT)).toBe('@rjsf/core');
    expect(originOf('node:net', 'Socket._writev', ROOT)).toBe('node:net');
    expect(originOf(`file://${ROOT}/server/app.ts`, 'buildApp', ROOT)).toBe('server/app.ts');
    expect(originOf('', 'writev', ROOT)).toBe('writev');
    expect(originOf('', '', ROOT)).toBe('(anonymous)');
    expect(originOf('/elsewhere/tool.js', 'run', ROOT)).toBe('/elsewhere/tool.js');
  });
});

describe('selfTimeByOrigin', () => {
  it('adds each sample to the function on top of the stack, largest origin first', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(root)', url: '' } },
        { id: 2, callFrame: { functionName: 'query', url: `${ROOT}/node_modules/pg/lib/client.js` } },
        { id: 3, callFrame: { functionName: 'parse', url: `${ROOT}/node_modules/pg/lib/result.js` } },
        { id: 4, callFrame: { functionName: 'route', url: `${ROOT}/server/routes/a.ts` } },
      ],
      samples: [2, 3, 4, 2],
      timeDeltas: [1000, 3000, 2000, 2000],
    };
    expect(selfTimeByOrigin(profile, ROOT)).toEqual([
      { origin: 'pg', ms: 6, share: 0.75 },
      { origin: 'server/routes/a.ts', ms: 2, share: 0.25 },
    ]);
  });

  it('accounts for every sampled microsecond, shares summing to 1 (property)', () => {
    const urls = ['', 'node:net', `${ROOT}/node_modules/pg/x.js`, `${ROOT}/server/a.ts`];
    fc.assert(
      fc.property(
        fc.array(fc.record({ node: fc.nat({ max: 3 }), delta: fc.integer({ min: 1, max: 10_000 }) }), {
          minLength: 1,
          maxLength: 50,
        }),
        (samples) => {
          const profile: CpuProfile = {
            nodes: urls.map((url, id) => ({ id, callFrame: { functionName: `f${id}`, url } })),
            samples: samples.map((s) => s.node),
            timeDeltas: samples.map((s) => s.delta),
          };
          const origins = selfTimeByOrigin(profile, ROOT);
          const total = samples.reduce((sum, s) => sum + s.delta, 0) / 1000;
          expect(origins.reduce((sum, o) => sum + o.ms, 0)).toBeCloseTo(total, 6);
          expect(origins.reduce((sum, o) => sum + o.share, 0)).toBeCloseTo(1, 9);
          expect(origins.map((o) => o.ms)).toEqual(origins.map((o) => o.ms).sort((a, b) => b - a));
        },
      ),
    );
  });
});
