import type { JsonSchema } from './types.ts';

/** Base for `$id`s that are not absolute URIs, so relative ones resolve against each other. */
const DEFAULT_BASE = 'https://schema-set.invalid/';

/** Keys whose values are data, never sub-schemas: a `$ref` inside them is not followed. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples']);

/** Most URI resolutions kept at once (resolvedUri); past it the memory starts again. */
const RESOLVED_URIS_KEPT = 10_000;
const resolvedUris = new Map<string, { href: string; hash: string } | null>();

/**
 * `ref` resolved against `base` as `new URL(ref, base)` does (its href and hash), or null when it
 * is no URI. Remembered by string: a set's ~100 `$ref`s and `$id`s resolve the same on every compile,
 * and the studio compiles on every keystroke, where parsing them was 5% of it (ADR 781).
 */
function resolvedUri(ref: string, base: string): { href: string; hash: string } | null {
  const key = `${base}\n${ref}`;
  let resolved = resolvedUris.get(key);
  if (resolved === undefined) {
    try {
      const url = new URL(ref, base);
      resolved = { href: url.href, hash: url.hash };
    } catch {
      resolved = null;
    }
    if (resolvedUris.size >= RESOLVED_URIS_KEPT) resolvedUris.clear();
    resolvedUris.set(key, resolved);
  }
  return resolved;
}

/** The absolute URI of `$id` seen from `base`, without its fragment; throws TypeError when it is no URI. */
function idUri(id: string, base: string): string {
  const resolved = resolvedUri(id, base);
  if (!resolved) throw new TypeError(`Invalid URL: ${id}`);
  return withoutFragment(resolved.href);
}

/** A `$ref` target: the sub-schema and the base URI its own `$ref`s resolve against. */
export interface ResolvedRef {
  schema: JsonSchema;
  base: string;
}

/** Resolves `$ref`s across a schema set by `$id` and JSON pointer; inlines them. */
export interface RefResolver {
  /** The absolute base URI of a top-level schema (its `$id`). */
  baseOf(schema: JsonSchema): string;
  /** The target of `ref` seen from `base`; throws Error('$ref "<ref>" does not resolve') when absent. */
  resolve(ref: string, base: string): ResolvedRef;
  /**
   * A copy of `schema` with every `$ref` replaced by its target merged under the sibling keywords
   * (siblings win, so a property's own `title` beats the constant's), recursively; `$id`,
   * `$schema` and `$defs` of inlined targets dropped. Throws on an unresolved or circular `$ref`.
   */
  inline(schema: JsonSchema, base: string): JsonSchema;
  /** Resolves every `$ref` of every schema once; throws Error('$ref "<ref>" does not resolve') on the first miss. */
  checkAllRefs(): void;
}

/**
 * A resolver over every schema of a set, indexing each `$id` (nested ones too) by absolute URI.
 * Non-absolute `$id`s are resolved against an internal base. Throws Error naming the problem
 * for a schema without `$id` or a duplicate `$id`. docs/schema-format.md (constants by $ref).
 */
export function createRefResolver(schemas: JsonSchema[]): RefResolver {
  const byUri = new Map<string, JsonSchema>();

  const index = (node: unknown, base: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) index(item, base);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const schema = node as JsonSchema;
    let here = base;
    if (typeof schema.$id === 'string') {
      here = idUri(schema.$id, base);
      if (byUri.has(here) && byUri.get(here) !== schema) throw new Error(`duplicate $id "${schema.$id}"`);
      byUri.set(here, schema);
    }
    for (const [key, value] of Object.entries(schema)) {
      if (!DATA_KEYS.has(key)) index(value, here);
    }
  };
  for (const schema of schemas) {
    if (typeof schema.$id !== 'string') throw new Error('a schema has no $id');
    index(schema, DEFAULT_BASE);
  }

  const baseOf = (schema: JsonSchema): string => idUri(String(schema.$id ?? ''), DEFAULT_BASE);

  const resolve = (ref: string, base: string): ResolvedRef => {
    const url = resolvedUri(ref, base);
    if (!url) throw new Error(`$ref "${ref}" does not resolve`);
    const documentUri = withoutFragment(url.href);
    const document = byUri.get(documentUri);
    if (!document) throw new Error(`$ref "${ref}" does not resolve`);
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (fragment === '') return { schema: document, base: documentUri };
    if (!fragment.startsWith('/'))
      throw new Error(`$ref "${ref}" does not resolve (only JSON pointers are supported)`);
    let current: unknown = document;
    for (const raw of fragment.slice(1).split('/')) {
      const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
      if (current === null || typeof current !== 'object' || !(key in current)) {
        throw new Error(`$ref "${ref}" does not resolve`);
      }
      current = (current as Record<string, unknown>)[key];
    }
    if (current === null || typeof current !== 'object') throw new Error(`$ref "${ref}" does not resolve`);
    return { schema: current as JsonSchema, base: documentUri };
  };

  const inlineNode = (node: unknown, base: string, trail: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => inlineNode(item, base, trail));
    if (node === null || typeof node !== 'object') return node;
    const schema = node as JsonSchema;
    const here = typeof schema.$id === 'string' ? idUri(schema.$id, base) : base;
    const out: JsonSchema = {};
    if (typeof schema.$ref === 'string') {
      const target = resolve(schema.$ref, here);
      const key = `${target.base}#${schema.$ref}`;
      if (trail.includes(key)) throw new Error(`$ref "${schema.$ref}" is circular`);
      const inlined = inlineNode(target.schema, target.base, [...trail, key]) as JsonSchema;
      for (const [k, v] of Object.entries(inlined)) {
        if (k !== '$id' && k !== '$schema' && k !== '$defs' && k !== 'definitions') out[k] = v;
      }
    }
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref') continue;
      out[key] = DATA_KEYS.has(key) ? value : inlineNode(value, here, trail);
    }
    return out;
  };

  const checkNode = (node: unknown, base: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) checkNode(item, base);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const schema = node as JsonSchema;
    const here = typeof schema.$id === 'string' ? idUri(schema.$id, base) : base;
    if (typeof schema.$ref === 'string') resolve(schema.$ref, here);
    for (const [key, value] of Object.entries(schema)) {
      if (!DATA_KEYS.has(key)) checkNode(value, here);
    }
  };

  return {
    baseOf,
    resolve,
    inline: (schema, base) => inlineNode(schema, base, []) as JsonSchema,
    checkAllRefs: () => {
      for (const schema of schemas) checkNode(schema, DEFAULT_BASE);
    },
  };
}

function withoutFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash === -1 ? uri : uri.slice(0, hash);
}
