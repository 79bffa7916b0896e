import fc from 'fast-check';
import { applyDefaults } from '../apply-defaults.ts';
import { type CompiledSchemaSet, type CompileOptions, compileSchemaSet } from '../compile-schema-set.ts';
import { compiledFormFor } from '../compiled-form-for.ts';
import type { LintProblem } from '../lint/lint-problem.ts';
import type { Doc, JsonSchema, RuleContext, SchemaSet } from '../types.ts';
import { candidateValues } from './candidate-values.ts';
import { type HarnessItem, harnessItems } from './harness-items.ts';
import { valueArbitrary } from './value-arbitrary.ts';

export interface HarnessOptions extends CompileOptions {
  /** Complete documents by name (schemas/examples), the starting points of every search. */
  examples: Record<string, Doc>;
  /** The context each example is judged in, by the same names. */
  exampleContexts: Record<string, RuleContext>;
  /** Random documents per item and example at most (default 200). */
  runs?: number;
  /** fast-check seed (default 42), so a run is repeatable. */
  seed?: number;
  /**
   * `set` compiled already (the lint's own compile), so it is not compiled a second time: every
   * server start and studio check lints a whole set.
   */
  compiled?: CompiledSchemaSet;
}

export interface HarnessReport {
  /** Items not shown both firing and not firing, and examples whose expectation fails. */
  problems: LintProblem[];
  /** Items covered (rules, conditions, computed fields, questions, defaults). */
  items: number;
  /** Documents evaluated in all. */
  documents: number;
}

/**
 * The generic rule harness: every field rule, cross rule, applicability entry, `required_when`
 * entry, computed field, outcome question and default must be shown both firing and not firing
 * (a rule's message and its absence, a condition true and false, a value and null, an outcome and
 * none), or it is reported naming it (kinds such as `rule-never-fails`, `applicability-never-false`,
 * `question-never-applies`) with a document for what was seen. Documents are the example documents
 * with the item's fields changed: first by its own `examples` (each checked against its expected
 * message or outcome: `example-mismatch`), then one field and then two fields at a time through
 * each field's candidate values, then by fast-check records of values drawn from the fields' JSON Schemas. Deterministic
 * for a seed. Throws SchemaSetError when the set does not compile (and `options.compiled` is not given).
 * Issue 10, rule harness.
 */
export function runRuleHarness(set: SchemaSet, options: HarnessOptions): HarnessReport {
  const compiled = options.compiled ?? compileSchemaSet(set, { precompiled: options.precompiled });
  const runs = options.runs ?? 200;
  const seed = options.seed ?? 42;
  const candidates = candidateValues(set, compiled.properties, Object.values(options.examples));
  const bases = Object.entries(options.examples).flatMap(([name, doc]) => {
    const ctx = options.exampleContexts[name];
    return ctx ? [{ name, doc, ctx }] : [];
  });
  const problems: LintProblem[] = [];
  let documents = 0;

  const items = harnessItems(compiled);
  for (const item of items) {
    const seen: { fires?: Doc; quiet?: Doc; reached: boolean } = { reached: false };
    const relevant = bases.filter((base) => !item.field || membersOf(compiled, base.ctx)?.has(item.field));
    const tryDoc = (doc: Doc, ctx: RuleContext, changes: Doc): boolean => {
      documents++;
      const outcome = item.evaluate(doc, ctx);
      if (outcome !== 'skip') seen.reached = true;
      // The witness shows what the item read, whether the search changed it or the example held it.
      const witness = (): Doc => ({
        ...Object.fromEntries(item.reads.map((field) => [field, doc[field] ?? null])),
        ...changes,
      });
      if (outcome === 'fires') seen.fires ??= witness();
      if (outcome === 'quiet') seen.quiet ??= witness();
      return seen.fires !== undefined && seen.quiet !== undefined;
    };
    (item.examples ?? []).forEach((example, index) => {
      for (const base of example.over ? bases.filter((b) => b.name === example.over) : relevant) {
        const doc = { ...base.doc, ...example.doc };
        tryDoc(doc, base.ctx, example.doc);
        const mismatch = item.checkExample?.(example, doc, base.ctx);
        if (mismatch) {
          problems.push({
            path: [...item.path, 'examples', index],
            kind: 'example-mismatch',
            message: `${item.label}, example ${index + 1} over "${base.name}": ${mismatch}`,
          });
        }
      }
    });
    search(item, relevant, compiled.properties, candidates, { runs, seed }, tryDoc);
    if (!seen.reached && item.kinds.neverReached) {
      problems.push({
        path: item.path,
        kind: item.kinds.neverReached,
        message: `${item.label} is never reached by any document tried`,
      });
    } else if (seen.fires === undefined) {
      problems.push({
        path: item.path,
        kind: item.kinds.neverFires,
        message: `${item.label} never fires; e.g. with ${JSON.stringify(seen.quiet ?? {})}`,
      });
    } else if (seen.quiet === undefined) {
      problems.push({
        path: item.path,
        kind: item.kinds.neverQuiet,
        message: `${item.label} fires on every document tried; e.g. with ${JSON.stringify(seen.fires)}`,
      });
    }
  }

  let defaults = 0;
  const filled = applyDefaults(compiled, {});
  for (const field of compiled.fields) {
    const schema = compiled.properties[field];
    if (!('default' in schema)) continue;
    defaults++;
    const kept = applyDefaults(compiled, { [field]: null })[field] === null;
    if (JSON.stringify(filled[field]) !== JSON.stringify(schema.default) || !kept) {
      problems.push({
        path: ['defaults', field],
        kind: 'default-not-applied',
        message: `the default of "${field}" is not applied as written`,
      });
    }
  }
  return { problems, items: items.length + defaults, documents };
}

/** Tries documents until the item was seen both ways (tryDoc answers true) or the budget is spent. */
function search(
  item: HarnessItem,
  relevant: { doc: Doc; ctx: RuleContext }[],
  properties: Record<string, JsonSchema>,
  candidates: Map<string, unknown[]>,
  budget: { runs: number; seed: number },
  tryDoc: (doc: Doc, ctx: RuleContext, changes: Doc) => boolean,
): void {
  for (const base of relevant) if (tryDoc(base.doc, base.ctx, {})) return;
  for (const base of relevant) {
    for (const field of item.reads) {
      for (const value of candidates.get(field) ?? []) {
        if (tryDoc({ ...base.doc, [field]: value }, base.ctx, { [field]: value })) return;
      }
    }
  }
  // Pairs next: a rule often needs its field's value and a gate (another field it applies on) at once.
  for (const base of relevant) {
    for (const [i, first] of item.reads.entries()) {
      for (const second of item.reads.slice(i + 1)) {
        for (const a of candidates.get(first) ?? []) {
          for (const b of candidates.get(second) ?? []) {
            const changes = { [first]: a, [second]: b };
            if (tryDoc({ ...base.doc, ...changes }, base.ctx, changes)) return;
          }
        }
      }
    }
  }
  if (item.reads.length === 0) return;
  const record = fc.record(
    Object.fromEntries(
      item.reads.map((field) => [
        field,
        valueArbitrary(properties[field] ?? {}, candidates.get(field) ?? []),
      ]),
    ),
  );
  const samples = fc.sample(record, { numRuns: budget.runs, seed: budget.seed });
  for (const base of relevant) {
    for (const changes of samples) {
      if (tryDoc({ ...base.doc, ...(changes as Doc) }, base.ctx, changes as Doc)) return;
    }
  }
}

/** The fields of the form chosen for ctx, or undefined when no form matches. */
function membersOf(compiled: CompiledSchemaSet, ctx: RuleContext): ReadonlySet<string> | undefined {
  try {
    return compiledFormFor(compiled, ctx).members;
  } catch {
    return undefined;
  }
}
