import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carriersFile } from '../../carrier-catalog/carriers-file.ts';
import type { CarriersFile } from '../../carrier-catalog/carriers-file-types.ts';
import { buildRequestBody, mapAnswer } from '../../server/quoting/http/json-logic-mapping.ts';
import { lintConnections } from '../../server/quoting/http/lint-connections.ts';

const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);

describe('buildRequestBody', () => {
  it('sets each dotted path to its value and leaves null ones out', () => {
    const body = buildRequestBody(
      { 'a.b': { var: 'doc.x' }, 'a.c': 3, d: { var: 'doc.missing' }, e: { cat: ['Z', { var: 'ctx.p' }] } },
      { doc: { x: 'one' }, ctx: { p: 'Primary' } },
    );
    expect(body).toEqual({ a: { b: 'one', c: 3 }, e: 'ZPrimary' });
  });

  it('reads back every non-null value at its path (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.array(key, { minLength: 1, maxLength: 3 }), fc.integer()), {
          selector: ([path]) => path[0],
        }),
        (entries) => {
          const request = Object.fromEntries(entries.map(([path, value]) => [path.join('.'), value]));
          const body = buildRequestBody(request, {});
          for (const [path, value] of entries) {
            const read = path.reduce<unknown>((node, name) => (node as Record<string, unknown>)[name], body);
            expect(read).toBe(value);
          }
        },
      ),
    );
  });
});

describe('mapAnswer', () => {
  it('maps fields, drops null coverages, adds the deductible and gives null for absent expressions', () => {
    const mapped = mapAnswer(
      {
        status: { if: [{ var: 'answer.ok' }, 'quoted', 'declined'] },
        premium: { var: 'answer.p' },
        coverages: { building_limit: { var: 'answer.b' }, contents_limit: { var: 'answer.none' } },
        deductible: { var: 'answer.d' },
      },
      { answer: { ok: true, p: 12.5, b: 100, d: 1000 } },
    );
    expect(mapped).toEqual({
      status: 'quoted',
      premium: 12.5,
      coverages: { building_limit: 100, deductible: 1000 },
      benefits: null,
      message: null,
      carrier_reference: null,
      bind_url: null,
    });
  });
});

describe('lintConnections', () => {
  it('finds no problem in carriers.json', () => {
    expect(lintConnections(carriersFile)).toEqual([]);
  });

  it('names an unknown operator, a variable outside its data, a bad answer schema and a missing connection', () => {
    const sample = carriersFile.connections?.sample_api_key;
    if (!sample) throw new Error('sample_api_key missing');
    const broken: CarriersFile = {
      ...carriersFile,
      carriers: [
        { ...carriersFile.carriers[1], live_connection: 'nowhere' } as CarriersFile['carriers'][number],
      ],
      connections: {
        bad: {
          ...sample,
          request: { zip: { lenght: [{ var: 'doc.zip' }] }, state: { var: 'answer.state' } },
          response: { ...sample.response, premium: { var: 'doc.premium' }, bind_url: { var: 'carrier.url' } },
          poll: {
            url: { var: 'doc.x' },
            pending: { map: [{ var: 'answer.items' }, { var: 'anything' }] },
            interval_ms: 1,
            max_polls: 1,
          },
          answer_schema: { type: 'nonsense' },
        },
      },
    };
    expect(lintConnections(broken)).toEqual([
      'connections/bad/request/zip: unknown operator "lenght"',
      'connections/bad/request/state: "answer.state" reads none of doc, ctx, carrier',
      'connections/bad/response/bind_url: "carrier.url" reads none of answer, doc, ctx',
      'connections/bad/poll/url: "doc.x" reads none of answer',
      expect.stringMatching(/^connections\/bad\/answer_schema: schema is invalid/),
      'carriers/titan/live_connection: no connection "nowhere"',
    ]);
  });

  it('checks the same answer schema again, $id and all, as a studio checks draft after draft', () => {
    const sample = carriersFile.connections?.sample_api_key;
    if (!sample) throw new Error('sample_api_key missing');
    const withId: CarriersFile = {
      ...carriersFile,
      connections: {
        ...carriersFile.connections,
        sample_api_key: {
          ...sample,
          answer_schema: { ...sample.answer_schema, $id: 'https://carriers.example/sample-answer.json' },
        },
      },
    };
    // A compiled schema kept by the checker would make the second compile of its $id a problem.
    expect(lintConnections(withId)).toEqual([]);
    expect(lintConnections(structuredClone(withId))).toEqual([]);
  });
});
