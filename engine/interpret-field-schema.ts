import type { ErrorObject, FormatDefinition } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FieldValidator } from './field-validator.ts';
import type { JsonSchema } from './types.ts';

/**
 * One check of a (sub)schema: null when the value passes, else the errors Ajv would hold at that
 * point (a failed oneOf/anyOf lists each branch's first error, then its own), first one first.
 */
type Check = (data: unknown, at: string) => ErrorObject[] | null;

/** The one dialect interpreted: JSON Schema draft 2020-12, as the engine's Ajv 2020. */
const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** Keywords without a rule: read by people and by the engine, never checked. */
const ANNOTATIONS = new Set([
  '$id',
  '$schema',
  '$comment',
  '$anchor',
  '$defs',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
]);

/**
 * Ajv 8's keyword groups in its evaluation order (ajv/lib/compile/rules.ts, the draft 2020
 * vocabularies in the order Ajv adds them): keywords for any type, then per data type. With
 * `allErrors: false` the first failing keyword ends the (sub)schema.
 */
const ANY_KEYWORDS = ['const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf', 'if'] as const;
const TYPE_GROUPS = {
  number: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'format'],
  string: ['maxLength', 'minLength', 'pattern', 'format'],
  // Ajv runs `items` before `uniqueItems` (its definition says `before: "uniqueItems"`).
  array: ['maxItems', 'minItems', 'items', 'uniqueItems'],
  object: ['maxProperties', 'minProperties', 'required', 'additionalProperties', 'properties'],
} as const;
type GroupType = keyof typeof TYPE_GROUPS;
const GROUP_TYPES = Object.keys(TYPE_GROUPS) as GroupType[];
const SUPPORTED = new Set<string>([
  ...ANY_KEYWORDS,
  'then',
  'else',
  'type',
  ...Object.values(TYPE_GROUPS).flat(),
]);
const TYPE_NAMES = new Set(['null', 'boolean', 'object', 'array', 'number', 'integer', 'string']);

/**
 * A field validator that interprets the schema instead of generating code, so it runs under a CSP
 * without 'unsafe-eval' (docs/decisions/510-draft-schemas-validated-without-eval.md). It answers
 * what the engine's Ajv 2020 validator answers (`strict`, `allErrors: false`, ajv-formats' full
 * formats, unicode lengths and patterns): the same verdict and the same first error (`keyword`,
 * `schemaPath`, `instancePath`), pinned by tests/engine/interpret-field-schema.test.ts.
 * Keywords: type, const, enum, not, anyOf, oneOf, allOf, if/then/else, minimum, maximum,
 * exclusiveMinimum, exclusiveMaximum, multipleOf, minLength, maxLength, pattern, format, minItems,
 * maxItems, uniqueItems, items (one schema), minProperties, maxProperties, required, properties,
 * additionalProperties; annotations and `x-*` are ignored. Throws Error naming the keyword and its
 * path for any other keyword at any depth (an unknown one, or one such as `$ref`, `prefixItems` or
 * `unevaluatedProperties` it does not interpret), for a keyword whose value is malformed (an empty
 * `enum` included) and for a `$schema` other than draft 2020-12. Property lookups read an object's
 * own properties only, never its prototype chain (Ajv's `ownProperties`, set by createAjv). Held to
 * the official JSON Schema Test Suite beside Ajv (tests/engine/json-schema-test-suite.test.ts,
 * ADR 747). SPEC §5 type checks.
 */
export function interpretedValidator(schema: JsonSchema): FieldValidator {
  const check = compileNode(schema, '#');
  const validate: FieldValidator = (value: unknown) => {
    const errors = check(value, '');
    validate.errors = errors;
    return errors === null;
  };
  return validate;
}

function compileNode(schema: unknown, path: string): Check {
  if (schema === true) return () => null;
  if (schema === false) return (_data, at) => [failure('false schema', path, at, {})];
  if (!isObject(schema)) throw new Error(`${path}: a schema must be an object or a boolean`);
  for (const key of Object.keys(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-') || SUPPORTED.has(key)) continue;
    throw new Error(`${path}: keyword "${key}" is unknown or has no validator without code generation`);
  }
  // Ajv knows only its own draft's meta-schema; any other dialect is refused, not guessed at.
  if (schema.$schema !== undefined && schema.$schema !== DRAFT_2020_12) {
    throw new Error(`${path}/$schema: only ${DRAFT_2020_12} is interpreted`);
  }
  const types = typeList(schema.type, path);
  const has = (key: string) => schema[key] !== undefined;
  // Ajv's strict mode refuses what it would ignore.
  if (has('if') !== (has('then') || has('else'))) {
    throw new Error(`${path}: "if" goes with "then" or "else", and they with "if"`);
  }
  // Ajv checks a single type in its own keyword group when the schema has keywords of that group.
  const single = types.length === 1 ? types[0] : undefined;
  const upfront = types.length > 0 && !(isGroupType(single) && TYPE_GROUPS[single].some(has));
  const typeError = (at: string) => [failure('type', `${path}/type`, at, { type: types.join(',') })];
  const anyChecks = ANY_KEYWORDS.filter(has).flatMap((key) => keywordCheck(schema, key, path));
  const groups = GROUP_TYPES.flatMap((type) => {
    const keywords = TYPE_GROUPS[type].filter(has);
    if (keywords.length === 0) return [];
    const checks = keywords.flatMap((key) => keywordCheck(schema, key, path, type));
    return [{ type, checks, reportsType: !upfront && single === type }];
  });
  return (data, at) => {
    if (upfront && !types.some((type) => isOfType(type, data))) return typeError(at);
    const first = runChecks(anyChecks, data, at);
    if (first) return first;
    for (const group of groups) {
      if (isOfType(group.type, data)) {
        const errors = runChecks(group.checks, data, at);
        if (errors) return errors;
      } else if (group.reportsType) {
        return typeError(at);
      }
    }
    return null;
  };
}

function runChecks(checks: Check[], data: unknown, at: string): ErrorObject[] | null {
  for (const check of checks) {
    const errors = check(data, at);
    if (errors) return errors;
  }
  return null;
}

/** The check of one keyword; none for a keyword Ajv skips there (then/else without if, a format of another type). */
function keywordCheck(
  schema: Record<string, unknown>,
  key: string,
  path: string,
  group?: GroupType,
): Check[] {
  const value = schema[key];
  const where = `${path}/${key}`;
  const fail = (at: string, params: Record<string, unknown> = {}) => [failure(key, where, at, params)];
  switch (key) {
    case 'const':
      return [(data, at) => (deepEqual(data, value) ? null : fail(at, { allowedValue: value }))];
    case 'enum': {
      const options = arrayOf(value, where);
      if (options.length === 0) throw new Error(`${where} must list at least one value`);
      return [(data, at) => (options.some((option) => deepEqual(data, option)) ? null : fail(at))];
    }
    case 'not': {
      const sub = compileNode(value, where);
      return [(data, at) => (sub(data, at) === null ? fail(at) : null)];
    }
    case 'anyOf': {
      const branches = arrayOf(value, where).map((branch, i) => subschema(branch, `${where}/${i}`));
      if (branches.some((sub) => sub === null)) return [];
      return [
        (data, at) => {
          const errors: ErrorObject[] = [];
          for (const sub of branches as Check[]) {
            const branchErrors = sub(data, at);
            if (branchErrors === null) return null;
            errors.push(...branchErrors);
          }
          return [...errors, ...fail(at)];
        },
      ];
    }
    case 'oneOf': {
      const branches = arrayOf(value, where).map((branch, i) => subschema(branch, `${where}/${i}`));
      return [
        (data, at) => {
          const errors: ErrorObject[] = [];
          let passing: number | null = null;
          for (const [i, sub] of branches.entries()) {
            const branchErrors = sub === null ? null : sub(data, at);
            if (branchErrors) errors.push(...branchErrors);
            else if (passing !== null) return [...errors, ...fail(at, { passingSchemas: [passing, i] })];
            else passing = i;
          }
          return passing === null ? [...errors, ...fail(at, { passingSchemas: null })] : null;
        },
      ];
    }
    case 'allOf': {
      const subs = arrayOf(value, where).flatMap((branch, i) => subschema(branch, `${where}/${i}`) ?? []);
      return [(data, at) => runChecks(subs, data, at)];
    }
    case 'if': {
      const condition = compileNode(value, where);
      const branch = (name: 'then' | 'else') =>
        schema[name] === undefined ? null : compileNode(schema[name], `${path}/${name}`);
      const then = branch('then');
      const otherwise = branch('else');
      return [
        (data, at) => {
          const name = condition(data, at) === null ? 'then' : 'else';
          const errors = (name === 'then' ? then : otherwise)?.(data, at) ?? null;
          return errors && [...errors, ...fail(at, { failingKeyword: name })];
        },
      ];
    }
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum': {
      const limit = numberOf(value, where);
      const passes = {
        maximum: (n: number) => n <= limit,
        minimum: (n: number) => n >= limit,
        exclusiveMaximum: (n: number) => n < limit,
        exclusiveMinimum: (n: number) => n > limit,
      }[key];
      return [(data, at) => (passes(data as number) ? null : fail(at, { limit }))];
    }
    case 'multipleOf': {
      const step = numberOf(value, where);
      if (step <= 0) throw new Error(`${where} must be greater than 0`);
      return [
        (data, at) => {
          const ratio = (data as number) / step;
          return ratio === Number.parseInt(String(ratio), 10) ? null : fail(at, { multipleOf: step });
        },
      ];
    }
    case 'maxLength':
    case 'minLength': {
      const limit = countOf(value, where);
      const max = key === 'maxLength';
      return [
        (data, at) => {
          const length = Array.from(data as string).length;
          return (max ? length <= limit : length >= limit) ? null : fail(at, { limit });
        },
      ];
    }
    case 'pattern': {
      if (typeof value !== 'string') throw new Error(`${where} must be a string`);
      const pattern = new RegExp(value, 'u');
      return [(data, at) => (pattern.test(data as string) ? null : fail(at, { pattern: value }))];
    }
    case 'format': {
      if (typeof value !== 'string') throw new Error(`${where} must be a string`);
      const format = formatCheck(value, where);
      if (format.type !== group) return [];
      return [(data, at) => (format.test(data) ? null : fail(at, { format: value }))];
    }
    case 'maxItems':
    case 'minItems': {
      const limit = countOf(value, where);
      const max = key === 'maxItems';
      return [
        (data, at) => {
          const length = (data as unknown[]).length;
          return (max ? length <= limit : length >= limit) ? null : fail(at, { limit });
        },
      ];
    }
    case 'uniqueItems': {
      if (typeof value !== 'boolean') throw new Error(`${where} must be a boolean`);
      if (!value) return [];
      return [
        (data, at) => {
          const items = data as unknown[];
          for (let i = items.length; i--; ) {
            for (let j = i; j--; ) if (deepEqual(items[i], items[j])) return fail(at, { i, j });
          }
          return null;
        },
      ];
    }
    case 'items': {
      if (Array.isArray(value)) throw new Error(`${where}: an array of schemas is prefixItems in draft 2020`);
      const sub = subschema(value, where);
      if (sub === null) return [];
      return [
        (data, at) => {
          for (const [i, item] of (data as unknown[]).entries()) {
            const errors = sub(item, `${at}/${i}`);
            if (errors) return errors;
          }
          return null;
        },
      ];
    }
    case 'maxProperties':
    case 'minProperties': {
      const limit = countOf(value, where);
      const max = key === 'maxProperties';
      return [
        (data, at) => {
          const count = Object.keys(data as object).length;
          return (max ? count <= limit : count >= limit) ? null : fail(at, { limit });
        },
      ];
    }
    case 'required': {
      const names = arrayOf(value, where);
      if (!names.every((name) => typeof name === 'string')) throw new Error(`${where} must list names`);
      return [
        (data, at) => {
          const missing = names.find((name) => ownValue(data, name as string) === undefined);
          return missing === undefined ? null : fail(at, { missingProperty: missing });
        },
      ];
    }
    case 'additionalProperties': {
      const known = new Set(Object.keys(isObject(schema.properties) ? schema.properties : {}));
      const sub = value === false ? null : subschema(value, where);
      if (value !== false && sub === null) return [];
      return [
        (data, at) => {
          for (const [name, item] of Object.entries(data as Record<string, unknown>)) {
            if (known.has(name)) continue;
            if (!sub) return fail(at, { additionalProperty: name });
            const errors = sub(item, `${at}/${pointerToken(name)}`);
            if (errors) return errors;
          }
          return null;
        },
      ];
    }
    case 'properties': {
      if (!isObject(value)) throw new Error(`${where} must be an object`);
      const subs = Object.entries(value).flatMap(([name, schemaOfName]) => {
        const sub = subschema(schemaOfName, `${where}/${pointerToken(name)}`);
        return sub === null ? [] : [[name, sub] as const];
      });
      return [
        (data, at) => {
          for (const [name, sub] of subs) {
            const item = ownValue(data, name);
            if (item === undefined) continue;
            const errors = sub(item, `${at}/${pointerToken(name)}`);
            if (errors) return errors;
          }
          return null;
        },
      ];
    }
    default:
      throw new Error(`${where}: keyword without a check`);
  }
}

/** ajv-formats' full format of that name: its data type and its test. */
function formatCheck(name: string, where: string): { type: string; test: (data: unknown) => boolean } {
  const formats = fullFormats as Record<
    string,
    FormatDefinition<string> | RegExp | ((s: string) => boolean) | true
  >;
  if (!Object.hasOwn(formats, name)) throw new Error(`${where}: unknown format "${name}"`);
  const format = formats[name];
  if (format === true) return { type: 'string', test: () => true };
  const definition =
    typeof format === 'object' && !(format instanceof RegExp) ? format : { validate: format };
  const test = definition.validate;
  return {
    type: (definition as { type?: string }).type ?? 'string',
    test: (data) =>
      test instanceof RegExp ? test.test(data as string) : (test as (value: unknown) => boolean)(data),
  };
}

/**
 * The check of a subschema, or null when Ajv skips it as always passing. The subschema is compiled
 * either way, so a keyword the interpreter does not know is refused at any depth (a `$ref` or an
 * `unevaluatedProperties` alone in a subschema is not "always valid").
 */
function subschema(schema: unknown, path: string): Check | null {
  const check = compileNode(schema, path);
  return alwaysValid(schema) ? null : check;
}

/** A property of an object's own, never one of its prototype chain (`constructor`, `__proto__`). */
function ownValue(data: unknown, name: string): unknown {
  return Object.hasOwn(data as object, name) ? (data as Record<string, unknown>)[name] : undefined;
}

/** A schema Ajv skips as always passing: `true`, or an object with no keyword that checks anything. */
function alwaysValid(schema: unknown): boolean {
  return schema === true || (isObject(schema) && !Object.keys(schema).some((key) => SUPPORTED.has(key)));
}

function isGroupType(type: string | undefined): type is GroupType {
  return type !== undefined && Object.hasOwn(TYPE_GROUPS, type);
}

/** Ajv's data type checks (strictNumbers: a number is finite). */
function isOfType(type: string, data: unknown): boolean {
  switch (type) {
    case 'number':
      return typeof data === 'number' && Number.isFinite(data);
    case 'integer':
      return typeof data === 'number' && Number.isFinite(data) && data % 1 === 0;
    case 'string':
      return typeof data === 'string';
    case 'boolean':
      return typeof data === 'boolean';
    case 'null':
      return data === null;
    case 'array':
      return Array.isArray(data);
    default:
      return isObject(data);
  }
}

function typeList(type: unknown, path: string): string[] {
  if (type === undefined) return [];
  const list = Array.isArray(type) ? type : [type];
  for (const name of list) {
    if (typeof name !== 'string' || !TYPE_NAMES.has(name))
      throw new Error(`${path}/type: unknown type "${String(name)}"`);
  }
  return list as string[];
}

function failure(
  keyword: string,
  schemaPath: string,
  instancePath: string,
  params: Record<string, unknown>,
): ErrorObject {
  return { keyword, schemaPath, instancePath, params, message: `must pass "${keyword}" keyword validation` };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function arrayOf(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where} must be an array`);
  return value;
}

function numberOf(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${where} must be a number`);
  return value;
}

function countOf(value: unknown, where: string): number {
  if (!Number.isInteger(value) || (value as number) < 0)
    throw new Error(`${where} must be a non-negative integer`);
  return value as number;
}

function pointerToken(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Structural equality of JSON values (Ajv's fast-deep-equal for JSON data). */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]))
  );
}
