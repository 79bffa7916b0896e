import type { Options } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type CompiledLogic, compileLogic } from './compile-logic.ts';
import { createRefResolver } from './create-ref-resolver.ts';
import { type FieldDependencies, fieldDependencies } from './field-dependencies.ts';
import type { FieldValidator } from './field-validator.ts';
import { interpretedValidator } from './interpret-field-schema.ts';
import { type LogicScope, logicProblems } from './logic-problems.ts';
import type { FormDefinition, JsonLogic, JsonSchema, OutcomeTable, Rule, SchemaSet } from './types.ts';

/** A schema set that cannot be used; the message names the file-level problem. */
export class SchemaSetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaSetError';
  }
}

/** A rule with its conditions compiled; `params` in declaration order. */
export interface CompiledRule {
  rule: Rule;
  /** The message template `rule.message` names in `messages`. */
  template: string;
  when?: CompiledLogic;
  params: [name: string, expression: CompiledLogic][];
  assert: CompiledLogic;
}

/** A form with its field order and optional set resolved. */
export interface CompiledForm {
  form: FormDefinition;
  /** Every field of every section, in order (a field listed twice keeps its first place). */
  fields: string[];
  /** The same fields as a set, for membership tests. */
  members: ReadonlySet<string>;
  optional: ReadonlySet<string>;
  /** The template the form's `required_message` key names, if it has one. */
  requiredTemplate?: string;
}

/**
 * Field validators made ahead of time, by `validatorKey` of the schema they check: e.g. the Ajv
 * standalone code of a schema set generated at build time (engine/node/field-validators-module.ts).
 */
export type PrecompiledValidators = Readonly<Record<string, FieldValidator>>;

/** How compileSchemaSet gets its field validators. */
export interface CompileOptions {
  /**
   * When given, no validator is compiled to code: a field takes the validator of its key from this
   * map, else the interpreting validator (a draft, a version published after the build). For a
   * page whose CSP forbids eval (ADR 510, 511). Without it, Ajv compiles each (server, tests).
   */
  precompiled?: PrecompiledValidators;
}

/**
 * A schema set compiled once: what callers read (`set`, `properties`, `rootSchema`, `fields`)
 * and the prepared validators and conditions the engine functions use.
 */
export interface CompiledSchemaSet {
  set: SchemaSet;
  /** Every document field's schema, flattened across section files, `$ref`s inlined. */
  properties: Record<string, JsonSchema>;
  /**
   * One self-contained JSON Schema of the document: `{ type: "object", properties }` with the
   * inlined properties (no `$ref`, no `required`: the engine decides what is required). Hand this
   * to a form renderer.
   */
  rootSchema: JsonSchema;
  /** Field names in schema declaration order. */
  fields: string[];
  validators: Record<string, FieldValidator>;
  applicability: Map<string, CompiledLogic>;
  /** Field -> condition under which an optional field is required (`required_when`). */
  requiredWhen: Map<string, CompiledLogic>;
  /** Field -> the template its `x-required-message` key names. */
  requiredTemplates: Map<string, string>;
  /** Fields whose schema says `x-clear-when-hidden: true`, in declaration order. */
  clearWhenHidden: string[];
  /** Field rules then cross rules of each field, each in declaration order. */
  rulesByField: Map<string, CompiledRule[]>;
  rulesApplyWhen?: CompiledLogic;
  forms: { when: CompiledLogic; compiled: CompiledForm }[];
  /** Resolved form per context (`product|application_type|status`); null = no form. */
  formCache: Map<string, CompiledForm | null>;
  computed: [field: string, expression: CompiledLogic][];
  outcomeTables: { table: OutcomeTable; when: CompiledLogic }[];
  /** What each check and computed field reads, so an edit re-checks only what it can change. */
  dependencies: FieldDependencies;
}

/** Keys of RuleContext, the only names `ctx.` may read. */
const DEFAULT_CONTEXT_KEYS = ['product', 'application_type', 'status'];

/** The ctx keys a set's conditions may read: its `context_keys`, else product, application_type, status. */
export function contextKeysOf(set: SchemaSet): ReadonlySet<string> {
  return new Set(Array.isArray(set.context_keys) ? set.context_keys : DEFAULT_CONTEXT_KEYS);
}
export const FORMATS: ReadonlySet<string> = new Set(['currency', 'number']);
const ARITHMETIC = new Set(['+', '-', '*', '/', '%', 'min', 'max']);
const ANNOTATIONS = new Set(['$id', '$schema', 'title', 'description', 'default', 'examples', '$comment']);
export const KNOWN_PLACEHOLDERS = ['label', 'field_name'];
/** The library messages a type check chooses from, which a field's `x-messages` may replace. */
export const TYPE_CHECK_MESSAGES: ReadonlySet<string> = new Set([
  'numeric',
  'between',
  'minimum',
  'maximum',
  'min_length',
  'max_length',
  'email',
  'invalid_option',
  'multiple_of',
  'invalid',
]);

/**
 * Compiles a schema set once: every schema added by `$id` to one Ajv 2020 instance (ajv-formats,
 * strict, every `x-*` keyword in the set allowed) and every `$ref` of the set resolved; each field's
 * schema flattened from the root's `properties`/`allOf`/`$ref`s with its `$ref`s inlined and
 * compiled to its own validator (shared between fields that differ only by annotations); every
 * JSON-logic expression checked (operators, `doc.`/`ctx.`/`params.` names) and prepared; the
 * fields each check and computed field reads gathered into `dependencies` (field-dependencies.ts).
 * Takes tens to a few hundred ms for ~170 fields (Ajv code generation); do it once per process.
 * Throws SchemaSetError naming the problem: a schema without `$id` or with a duplicate one, an
 * unresolved or circular `$ref`, a missing root, a field defined twice, an unknown JSON Schema
 * keyword, a form/rule/applicability/computed/group/outcome entry naming an unknown field, two
 * rules sharing an id, an unknown operator/field/ctx key/param in JSON-logic, a rule format or
 * message placeholder that does not exist, a missing `required` or `fallback` message, or no forms.
 * docs/schema-format.md; SPEC §5.
 */
export function compileSchemaSet(set: SchemaSet, options: CompileOptions = {}): CompiledSchemaSet {
  const compileField = options.precompiled ? precompiledOrInterpreted(options.precompiled) : ajvCompiler(set);
  const { root, properties } = flattenFieldSchemas(set);
  const fields = Object.keys(properties);
  const known = new Set(fields);

  const validators: Record<string, FieldValidator> = {};
  const byKey = new Map<string, FieldValidator>();
  for (const field of fields) {
    const key = validatorKey(properties[field]);
    let validator = byKey.get(key);
    if (!validator) {
      validator = attempt(`field "${field}"`, () => compileField(JSON.parse(key), key));
      byKey.set(key, validator);
    }
    validators[field] = validator;
  }

  for (const key of ['required', 'fallback']) {
    if (typeof set.messages?.[key] !== 'string') throw new SchemaSetError(`messages.${key} is missing`);
  }
  const template = (where: string, key: unknown, allowed: readonly string[]): string => {
    const text = typeof key === 'string' && Object.hasOwn(set.messages, key) ? set.messages[key] : undefined;
    if (typeof text !== 'string')
      throw new SchemaSetError(`${where} names unknown message key "${String(key)}"`);
    for (const match of text.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
      if (!allowed.includes(match[1])) {
        throw new SchemaSetError(`${where}: message "${String(key)}" uses unknown "{${match[1]}}"`);
      }
    }
    return text;
  };
  const requiredTemplates = new Map<string, string>();
  for (const field of fields) {
    const schema = properties[field];
    if (schema['x-required-message'] !== undefined) {
      requiredTemplates.set(
        field,
        template(`field "${field}" x-required-message`, schema['x-required-message'], KNOWN_PLACEHOLDERS),
      );
    }
    const overrides = schema['x-messages'];
    if (overrides === undefined) continue;
    if (overrides === null || typeof overrides !== 'object' || Array.isArray(overrides)) {
      throw new SchemaSetError(
        `field "${field}" x-messages must map type-check message keys to message keys`,
      );
    }
    for (const [check, key] of Object.entries(overrides)) {
      if (!TYPE_CHECK_MESSAGES.has(check))
        throw new SchemaSetError(`field "${field}" x-messages: "${check}" is not a type-check message`);
      template(`field "${field}" x-messages.${check}`, key, [...KNOWN_PLACEHOLDERS, 'min', 'max', 'step']);
    }
  }

  const docScope: LogicScope = { fields: known, ctxKeys: contextKeysOf(set), params: null, doc: true };
  const checked = (where: string, expression: JsonLogic, scope: LogicScope = docScope): CompiledLogic => {
    const problems = logicProblems(expression, scope);
    if (problems.length > 0) throw new SchemaSetError(`${where}: ${problems.join('; ')}`);
    return compileLogic(expression);
  };
  const requireField = (where: string, field: unknown): void => {
    if (typeof field !== 'string' || !known.has(field)) {
      throw new SchemaSetError(`${where} names unknown field "${String(field)}"`);
    }
  };

  if (!Array.isArray(set.forms) || set.forms.length === 0) throw new SchemaSetError('the set has no forms');
  const formScope: LogicScope = { ...docScope, doc: false };
  const forms = set.forms.map((form) => {
    const where = `form "${form.id}"`;
    const ordered: string[] = [];
    for (const section of form.sections) {
      for (const field of section.fields) {
        requireField(`${where} section "${section.id}"`, field);
        if (!ordered.includes(field)) ordered.push(field);
      }
    }
    for (const field of form.optional ?? []) requireField(`${where} optional`, field);
    for (const field of Object.keys(form.ui ?? {})) requireField(`${where} ui`, field);
    const compiled: CompiledForm = {
      form,
      fields: ordered,
      members: new Set(ordered),
      optional: new Set(form.optional ?? []),
    };
    if (form.required_message !== undefined) {
      compiled.requiredTemplate = template(
        `${where} required_message`,
        form.required_message,
        KNOWN_PLACEHOLDERS,
      );
    }
    return { when: checked(`${where} when`, form.when, formScope), compiled };
  });

  const applicability = new Map<string, CompiledLogic>();
  for (const [field, condition] of Object.entries(set.applicability ?? {})) {
    requireField('applicability', field);
    applicability.set(field, checked(`applicability of "${field}"`, condition));
  }

  const requiredWhen = new Map<string, CompiledLogic>();
  for (const [field, condition] of Object.entries(set.required_when ?? {})) {
    requireField('required_when', field);
    requiredWhen.set(field, checked(`required_when of "${field}"`, condition));
  }

  const rulesByField = new Map<string, CompiledRule[]>();
  const ids = new Set<string>();
  for (const rule of [...(set.field_rules ?? []), ...(set.cross_rules ?? [])]) {
    const compiled = compileRule(rule, ids, requireField, checked, docScope, template);
    const list = rulesByField.get(rule.field) ?? [];
    list.push(compiled);
    rulesByField.set(rule.field, list);
  }

  const computed: [string, CompiledLogic][] = Object.entries(set.computed ?? {}).map(
    ([field, expression]) => {
      requireField('computed', field);
      checked(`computed "${field}"`, expression);
      return [field, compileLogic(strictArithmetic(expression))];
    },
  );

  for (const [group, list] of Object.entries(set.field_groups ?? {})) {
    for (const field of list) requireField(`field group "${group}"`, field);
  }

  const outcomeTables = (set.outcome_tables ?? []).map((table) => {
    const questionIds = new Set<string>();
    for (const question of table.questions) {
      requireField(`outcome table "${table.id}" question "${question.id}"`, question.field);
      if (questionIds.has(question.id)) {
        throw new SchemaSetError(`outcome table "${table.id}" has two questions with id "${question.id}"`);
      }
      questionIds.add(question.id);
    }
    return { table, when: checked(`outcome table "${table.id}" when`, table.when) };
  });

  const rulesApplyWhen =
    set.rules_apply_when === undefined ? undefined : checked('rules_apply_when', set.rules_apply_when);

  const rootSchema: JsonSchema = { type: 'object', properties };
  if (typeof root.title === 'string') rootSchema.title = root.title;

  return {
    set,
    properties,
    rootSchema,
    fields,
    validators,
    applicability,
    requiredWhen,
    requiredTemplates,
    clearWhenHidden: fields.filter((field) => properties[field]['x-clear-when-hidden'] === true),
    rulesByField,
    rulesApplyWhen,
    forms,
    formCache: new Map(),
    computed,
    outcomeTables,
    dependencies: fieldDependencies(set),
  };
}

/**
 * What decides whether a value passes a field's flattened schema, as JSON: the schema without its
 * top-level annotations and `x-*` keywords. Fields with equal keys share one validator; a
 * precompiled validator is found by it. docs/schema-format.md "Field schemas".
 */
export function validatorKey(schema: JsonSchema): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(schema).filter(([key]) => !ANNOTATIONS.has(key) && !key.startsWith('x-')),
    ),
  );
}

/** Field validators compiled by one Ajv holding every schema of the set (each file checked as it is added). */
function ajvCompiler(set: SchemaSet): (schema: JsonSchema) => FieldValidator {
  const ajv = createAjv(set.schemas);
  for (const schema of set.schemas) attempt(`schema "${String(schema.$id)}"`, () => ajv.addSchema(schema));
  return (schema) => ajv.compile(schema);
}

/** The precompiled validator of a key, else the interpreting one: no code is generated. */
function precompiledOrInterpreted(
  precompiled: PrecompiledValidators,
): (schema: JsonSchema, key: string) => FieldValidator {
  return (schema, key) => (Object.hasOwn(precompiled, key) ? precompiled[key] : interpretedValidator(schema));
}

/**
 * Every document field's schema, flattened from the root's `properties`/`allOf`/`$ref`s with its
 * `$ref`s inlined, in declaration order, and the root schema itself. Resolves every `$ref` of the
 * set once (rather than compiling the whole root with Ajv: the engine only runs per-field
 * validators, and the root compile tripled the start-up time). Throws SchemaSetError for a schema
 * without `$id` or with a duplicate one, an unresolved or circular `$ref`, a missing root or a field
 * defined twice. Used by compileSchemaSet and the lint. docs/schema-format.md "Field schemas".
 */
export function flattenFieldSchemas(set: SchemaSet): {
  root: JsonSchema;
  properties: Record<string, JsonSchema>;
} {
  const resolver = attempt('schemas', () => createRefResolver(set.schemas));
  const root = set.schemas.find((schema) => schema.$id === set.root_schema_id);
  if (!root) throw new SchemaSetError(`root schema "${set.root_schema_id}" is not among the schemas`);
  attempt('schemas', () => resolver.checkAllRefs());
  const properties: Record<string, JsonSchema> = {};
  attempt('schemas', () => collectProperties(root, resolver.baseOf(root), resolver, properties, []));
  return { root, properties };
}

function compileRule(
  rule: Rule,
  ids: Set<string>,
  requireField: (where: string, field: unknown) => void,
  checked: (where: string, expression: JsonLogic, scope?: LogicScope) => CompiledLogic,
  docScope: LogicScope,
  template: (where: string, key: unknown, allowed: readonly string[]) => string,
): CompiledRule {
  const where = `rule "${rule.id}"`;
  if (typeof rule.id !== 'string' || rule.id === '') throw new SchemaSetError('a rule has no id');
  if (ids.has(rule.id)) throw new SchemaSetError(`two rules share the id "${rule.id}"`);
  ids.add(rule.id);
  requireField(where, rule.field);
  if (typeof rule.message !== 'string') throw new SchemaSetError(`${where} has no message`);
  const paramNames = Object.keys(rule.params ?? {});
  const ruleScope: LogicScope = { ...docScope, params: new Set(paramNames) };
  for (const [name, format] of Object.entries(rule.format ?? {})) {
    if (!paramNames.includes(name)) throw new SchemaSetError(`${where} formats unknown param "${name}"`);
    if (!FORMATS.has(format)) throw new SchemaSetError(`${where} uses unknown format "${format}"`);
  }
  return {
    rule,
    template: template(where, rule.message, [...KNOWN_PLACEHOLDERS, ...paramNames]),
    when: rule.when === undefined ? undefined : checked(`${where} when`, rule.when),
    params: paramNames.map((name) => [name, checked(`${where} param "${name}"`, rule.params?.[name])]),
    assert: checked(`${where} assert`, rule.assert, ruleScope),
  };
}

/** Collects `properties` of a schema, following `$ref` and `allOf` into the section files. */
function collectProperties(
  schema: JsonSchema,
  base: string,
  resolver: ReturnType<typeof createRefResolver>,
  out: Record<string, JsonSchema>,
  trail: string[],
): void {
  if (typeof schema.$ref === 'string') {
    const target = resolver.resolve(schema.$ref, base);
    const key = `${target.base}#${schema.$ref}`;
    if (trail.includes(key)) throw new Error(`$ref "${schema.$ref}" is circular`);
    collectProperties(target.schema, target.base, resolver, out, [...trail, key]);
  }
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  for (const [field, propertySchema] of Object.entries(props ?? {})) {
    if (field in out) throw new Error(`field "${field}" is defined twice`);
    out[field] = resolver.inline(propertySchema, base);
  }
  for (const part of (schema.allOf as JsonSchema[] | undefined) ?? []) {
    collectProperties(part, base, resolver, out, trail);
  }
}

/**
 * The engine's Ajv 2020 instance (ajv-formats, strict, first error only); every `x-*` keyword found
 * in `schemas` is declared so strict mode allows it. `code` adds Ajv's code options (standalone
 * source for the build, engine/node/field-validators-module.ts).
 */
export function createAjv(schemas: JsonSchema[], code?: Options['code']): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: false,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    // `required: ["constructor"]` is not met by Object.prototype's constructor (issue 44).
    ownProperties: true,
    ...(code ? { code } : {}),
  });
  addFormats(ajv);
  const extensions = new Set<string>();
  const scan = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) scan(item);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('x-')) extensions.add(key);
        if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') scan(value);
      }
    }
  };
  scan(schemas);
  for (const keyword of extensions) ajv.addKeyword({ keyword });
  return ajv;
}

/**
 * Wraps every evaluated operand of an arithmetic operator in `strict_number`, so a computed value
 * over a missing or non-numeric input is NaN (then null) instead of json-logic's null-as-0.
 */
function strictArithmetic(expression: JsonLogic): JsonLogic {
  if (Array.isArray(expression)) return expression.map(strictArithmetic);
  if (expression === null || typeof expression !== 'object') return expression;
  const keys = Object.keys(expression);
  if (keys.length !== 1) return expression;
  const op = keys[0];
  const args = (expression as Record<string, unknown>)[op];
  if (op === 'var') return expression;
  if (ARITHMETIC.has(op)) {
    const list = Array.isArray(args) ? args : [args];
    return {
      [op]: list.map((arg) => {
        const inner = strictArithmetic(arg);
        return inner !== null && typeof inner === 'object' ? { strict_number: [inner] } : inner;
      }),
    };
  }
  return { [op]: Array.isArray(args) ? args.map(strictArithmetic) : strictArithmetic(args) };
}

/** Runs `step`, turning any Error into a SchemaSetError prefixed with where it happened. */
function attempt<T>(where: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof SchemaSetError) throw error;
    throw new SchemaSetError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
