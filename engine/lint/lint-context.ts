import type { CompiledSchemaSet } from '../compile-schema-set.ts';
import type { JsonSchema, SchemaSet } from '../types.ts';
import type { LintPath } from './lint-problem.ts';

/** What every lint check reads: the set, its flattened fields, and the compiled set when it compiles. */
export interface LintContext {
  set: SchemaSet;
  /** Field -> flattened schema (`$ref`s inlined), as compileSchemaSet builds it. */
  properties: Record<string, JsonSchema>;
  fields: ReadonlySet<string>;
  /** Field -> path of its definition (`['schemas', i, 'properties', field]`). */
  fieldPaths: ReadonlyMap<string, LintPath>;
  computed: ReadonlySet<string>;
  /** The compiled set; undefined when compileSchemaSet refused the set (then a `compile` problem stands). */
  compiled?: CompiledSchemaSet;
}

/** The path of each field's definition: the first `properties` entry of that name in the schemas. */
export function fieldDefinitionPaths(set: SchemaSet): Map<string, LintPath> {
  const paths = new Map<string, LintPath>();
  set.schemas.forEach((schema, index) => {
    const visit = (node: unknown, path: LintPath): void => {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
      const properties = (node as JsonSchema).properties;
      if (properties && typeof properties === 'object') {
        for (const field of Object.keys(properties)) {
          if (!paths.has(field)) paths.set(field, [...path, 'properties', field]);
        }
      }
      for (const key of ['allOf', 'anyOf', 'oneOf']) {
        const parts = (node as JsonSchema)[key];
        if (Array.isArray(parts)) {
          parts.forEach((part, i) => {
            visit(part, [...path, key, i]);
          });
        }
      }
    };
    visit(schema, ['schemas', index]);
  });
  return paths;
}

/**
 * The values a field schema allows when it is a closed list: `enum`, `const`, or the `const`s of
 * `oneOf`/`anyOf`; for an array, its items' list. Undefined when the field takes open values.
 * `null` is added when the type admits it.
 */
export function optionsOf(schema: JsonSchema | undefined): unknown[] | undefined {
  if (!schema) return undefined;
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object') {
    return optionsOf(schema.items as JsonSchema);
  }
  let options: unknown[] | undefined;
  if (Array.isArray(schema.enum)) options = [...schema.enum];
  else if ('const' in schema) options = [schema.const];
  else {
    const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
    if (Array.isArray(alternatives) && alternatives.every((part) => part && 'const' in part)) {
      options = alternatives.map((part) => part.const);
    }
  }
  if (options && typesOf(schema).includes('null') && !options.includes(null)) options.push(null);
  return options;
}

/** The JSON types a field schema names (`type` as a string or list); empty when it names none. */
export function typesOf(schema: JsonSchema | undefined): string[] {
  const type = schema?.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : [];
}
