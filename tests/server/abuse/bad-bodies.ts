/**
 * Bad request bodies for one endpoint, as fast-check arbitraries (issue 5 "Fuzzed bad input"):
 * a valid-shaped body (from the route's JSON Schema) with one thing broken. Kinds:
 * - `not-an-object`: the whole body is an array, string, number, boolean or null;
 * - `bad-field`: one field, at any depth, replaced by a wrong type, an edge number, a huge string,
 *   deep nesting, odd unicode (lone surrogates, NUL, bidi, full-width digits), or an array;
 * - `missing-field`: one required field left out, at any depth;
 * - `extra-field`: an unknown field added to an object, including the prototype-pollution keys
 *   `__proto__`, `constructor` (with `prototype`) and `prototype`;
 * - `absent-records`: a schema-valid body whose every id names no record (only for endpoints
 *   with a required id), so the body reaches the handler and must be refused there;
 * - `own-records`: a schema-valid body with hostile values whose ids name real records (from
 *   `real`), so handlers meet them; it may succeed, and then may change rows.
 * Deep values are kept as {@link Deep} markers and expanded by {@link bodyJson}, since
 * JSON.stringify recurses and overflows the stack long before the 1 MiB body limit.
 */
import fc from 'fast-check';
import { type JsonSchema, schemaArbitrary } from './schema-arbitrary.ts';

export type BadKind =
  | 'not-an-object'
  | 'bad-field'
  | 'missing-field'
  | 'extra-field'
  | 'absent-records'
  | 'own-records';

export interface BadBody {
  kind: BadKind;
  /** The body before the session key is added; may hold Deep markers. */
  body: unknown;
  /** What was broken, for failure messages: the field path and what it became. */
  what: string;
}

/** Nesting `depth` levels deep, of arrays (`[[[...]]]`) or objects (`{"a":{"a":...}}`). */
export class Deep {
  constructor(
    readonly depth: number,
    readonly shape: 'array' | 'object',
  ) {}
  json(): string {
    return this.shape === 'array'
      ? `${'['.repeat(this.depth)}${']'.repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}null${'}'.repeat(this.depth)}`;
  }
}

/** An id no seeded or fuzzed record has: PostgreSQL's largest integer. */
export const ABSENT_ID = 2_147_483_647;

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Strings that are trouble for parsers, regexes, PostgreSQL or UTF-8 encoders. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    '\uD800',
    'a\uDFFFb',
    '\uDBFF\uDFFF',
    '\u0000',
    'a\u0000b',
    '\u202Eevil',
    '\uFEFF',
    '１２３',
    '٣',
    ' 1',
    '1e3',
    '0x1F',
    '-0',
    '9999999999',
    '99999999999999999999',
    '',
    ' ',
    'null',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '%00',
    '../../etc/passwd',
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

const hugeString = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '\uD800', '\u0000'), fc.integer({ min: 1_000, max: 600_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

const edgeNumber = fc.constantFrom(
  0,
  -1,
  1.5,
  -0,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 1,
  1e308,
  -1e308,
  Number.MIN_VALUE,
);

const deep = fc
  .tuple(fc.oneof(fc.integer({ min: 2, max: 2_000 }), fc.constantFrom(10_000, 100_000)), fc.boolean())
  .map(([depth, arrays]) => new Deep(depth, arrays ? 'array' : 'object'));

/** An object with a prototype-pollution key as an own, enumerable property (what JSON.parse makes). */
function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const pollution = fc
  .constantFrom(...PROTOTYPE_KEYS)
  .map((key) =>
    key === 'constructor'
      ? { key, value: { prototype: { is_admin: true } } }
      : { key, value: { is_admin: true } },
  );

/** A value to put where a field was: any JSON, edge numbers, nasty, huge or deep values. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  edgeNumber,
  nastyString,
  hugeString,
  deep,
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  pollution.map(({ key, value }) => withKey({}, key, value)),
);

type Path = (string | number)[];

/** Every path to a value inside `value` (objects and arrays), the root excluded. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, Array.isArray(value) ? Number(key) : key];
    return [path, ...pathsOf(child, path)];
  });
}

/** Paths to plain objects inside `value`, the root included. */
function objectPathsOf(value: unknown): Path[] {
  const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  return [[], ...pathsOf(value)].filter((path) => isObject(at(value, path)));
}

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value);
}

/** A copy of `value` with `change` applied to the container of the last path segment. */
function changed(
  value: unknown,
  path: Path,
  change: (container: unknown, key: string | number) => unknown,
): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  const container = Array.isArray(value) ? [...value] : { ...(value as object) };
  if (rest.length === 0) return change(container, key);
  (container as Record<string, unknown>)[key] = changed(
    (value as Record<string, unknown>)[key],
    rest,
    change,
  );
  return container;
}

const label = (path: Path) => path.join('.') || '(body)';

/** True when a property schema is one of our ids: digits or an integer up to PostgreSQL's max. */
function isIdSchema(schema: JsonSchema): boolean {
  return schema.pattern === '^[0-9]{1,10}$' && schema.maximum === ABSENT_ID;
}

/**
 * What bodies naming real records use: ids (or names, e.g. `carrier_id`) by top-level field name
 * (`application_id` -> [12, 13]), and the field names of free-form documents (address_details).
 */
export interface RealRecords {
  values: Record<string, (number | string)[]>;
  documentKeys: string[];
}

/** Small ids: most tables' first rows, for id fields `real.values` does not name. */
const SMALL_ID = fc.integer({ min: 1, max: 30 });

/**
 * The bad bodies of an endpoint with body schema `schema` (no session_key: the suite adds it).
 * Bodies of every kind but `absent-records` and `own-records` should be schema-invalid; the
 * suite checks with Ajv.
 */
export function badBodies(
  schema: JsonSchema,
  real: RealRecords = { values: {}, documentKeys: [] },
): fc.Arbitrary<BadBody> {
  const properties = (schema.properties as Record<string, JsonSchema>) ?? {};
  const { session_key: _session, ...rest } = properties;
  const valid = schemaArbitrary({ ...schema, properties: rest }, { keys: real.documentKeys }) as fc.Arbitrary<
    Record<string, unknown>
  >;

  const notAnObject = fc
    .oneof(
      fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
      fc.string(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
    )
    .map(
      (body): BadBody => ({
        kind: 'not-an-object',
        body,
        what: `body ${JSON.stringify(body)?.slice(0, 60)}`,
      }),
    );

  const badField = valid.chain((body) => {
    const paths = pathsOf(body);
    if (paths.length === 0) return fc.constant<BadBody | null>(null);
    return fc.tuple(fc.constantFrom(...paths), badValue).map(
      ([path, value]): BadBody => ({
        kind: 'bad-field',
        body: changed(body, path, (container, key) => {
          (container as Record<string | number, unknown>)[key] = value;
          return container;
        }),
        what: `${label(path)} = ${value instanceof Deep ? `${value.shape} nested ${value.depth} deep` : JSON.stringify(value)?.slice(0, 60)}`,
      }),
    );
  });

  const missingField = valid.chain((body) => {
    const required = pathsOf(body).filter((path) => {
      const parent = schemaAt(schema, path.slice(0, -1));
      return ((parent?.required as string[]) ?? []).includes(String(path[path.length - 1]));
    });
    if (required.length === 0) return fc.constant<BadBody | null>(null);
    return fc.constantFrom(...required).map(
      (path): BadBody => ({
        kind: 'missing-field',
        body: changed(body, path, (container, key) => {
          delete (container as Record<string | number, unknown>)[key];
          return container;
        }),
        what: `${label(path)} left out`,
      }),
    );
  });

  const extraField = valid.chain((body) =>
    fc
      .tuple(
        fc.constantFrom(...objectPathsOf(body)),
        fc.oneof(
          pollution,
          fc.record({
            key: fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), nastyString),
            value: badValue,
          }),
        ),
      )
      .map(([path, { key, value }]): BadBody => {
        const add = (target: unknown) => withKey(target as Record<string, unknown>, key, value);
        const result =
          path.length === 0
            ? add(body)
            : changed(body, path, (container, last) => {
                (container as Record<string | number, unknown>)[last] = add(at(body, path));
                return container;
              });
        return { kind: 'extra-field', body: result, what: `${label([...path, key])} added` };
      }),
  );

  const ids = Object.entries(rest).filter(([, property]) => isIdSchema(property));
  const requiredIds = ids.filter(([name]) => ((schema.required as string[]) ?? []).includes(name));
  const absentRecords = valid.map(
    (body): BadBody => ({
      kind: 'absent-records',
      body: {
        ...body,
        ...Object.fromEntries(ids.filter(([name]) => name in body).map(([name]) => [name, ABSENT_ID])),
      },
      what: `${ids.map(([name]) => name).join(', ')} = ${ABSENT_ID}`,
    }),
  );

  const named = Object.keys(rest).filter((name) => isIdSchema(rest[name]) || real.values[name]);
  const ownRecords = fc
    .tuple(
      valid,
      fc.record(
        Object.fromEntries(
          named.map((name) => [name, real.values[name] ? fc.constantFrom(...real.values[name]) : SMALL_ID]),
        ),
      ),
    )
    .map(([body, chosen]): BadBody => {
      const present = Object.fromEntries(Object.entries(chosen).filter(([name]) => name in body));
      return { kind: 'own-records', body: { ...body, ...present }, what: JSON.stringify(present) };
    });

  return fc
    .oneof(
      { weight: 1, arbitrary: notAnObject },
      { weight: 6, arbitrary: badField },
      { weight: 2, arbitrary: missingField },
      { weight: 2, arbitrary: extraField },
      ...(requiredIds.length > 0 ? [{ weight: 2, arbitrary: absentRecords }] : []),
      ...(named.length > 0 ? [{ weight: 2, arbitrary: ownRecords }] : []),
    )
    .filter((bad): bad is BadBody => bad !== null);
}

/** The schema of the value at `path` in a body of `schema`, following properties and items. */
function schemaAt(schema: JsonSchema, path: Path): JsonSchema | null {
  let node: JsonSchema | null = schema;
  for (const key of path) {
    if (!node) return null;
    if (typeof key === 'number') node = (node.items as JsonSchema) ?? null;
    else node = (node.properties as Record<string, JsonSchema>)?.[key] ?? null;
  }
  return node;
}

/** The JSON text of a body, Deep markers expanded. */
export function bodyJson(body: unknown): string {
  const deeps: Deep[] = [];
  const text = JSON.stringify(body, (_key, value) => {
    if (value instanceof Deep) {
      deeps.push(value);
      return `\u0001deep${deeps.length - 1}\u0001`;
    }
    return value;
  });
  return deeps.reduce(
    (json, value, i) => json.replace(`"\\u0001deep${i}\\u0001"`, value.json()),
    text ?? 'null',
  );
}
