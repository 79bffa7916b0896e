import type { CompiledForm, CompiledSchemaSet } from './compile-schema-set.ts';
import { isTruthy } from './is-truthy.ts';
import type { RuleContext } from './types.ts';

const MAX_CACHED_CONTEXTS = 256;

/**
 * The compiled form of a context: the first form whose `when` holds over `{ ctx }`, cached per
 * (product, application_type, status). Throws Error('No form for context <json>') when none does.
 * docs/schema-format.md "Which rules apply" step 2.
 */
export function compiledFormFor(compiled: CompiledSchemaSet, ctx: RuleContext): CompiledForm {
  const key = `${ctx.product}\u0000${ctx.application_type}\u0000${ctx.status}`;
  let found = compiled.formCache.get(key);
  if (found === undefined) {
    const data = { ctx };
    found = compiled.forms.find((entry) => isTruthy(entry.when(data)))?.compiled ?? null;
    // ctx values are free strings; a bound keeps a stream of odd contexts from growing the cache.
    if (compiled.formCache.size >= MAX_CACHED_CONTEXTS) compiled.formCache.clear();
    compiled.formCache.set(key, found);
  }
  if (found === null) throw new Error(`No form for context ${JSON.stringify(ctx)}`);
  return found;
}
