/**
 * The rule test bench (issue 11): every harness item of a compiled set (field and cross rules,
 * applicability, `required_when`, computed fields, outcome questions) run over named documents —
 * the example documents, each item's own `examples` over theirs, and any saved test documents —
 * telling per document whether the item fires, stays quiet or is not reached, with the message it
 * gives, and per own example whether its expectation holds. Generic; throws like validateDocument
 * when a document's context has no form.
 */
import type { CompiledSchemaSet } from '../compile-schema-set.ts';
import { compiledFormFor } from '../compiled-form-for.ts';
import type { LintPath } from '../lint/lint-problem.ts';
import type { Doc, RuleContext } from '../types.ts';
import { harnessItems, type ItemOutcome } from './harness-items.ts';

/** A document the bench runs every item over. */
export interface BenchDocument {
  name: string;
  doc: Doc;
  ctx: RuleContext;
}

/** What one item did for one document. */
export interface BenchResult {
  document: string;
  outcome: ItemOutcome;
  /** The text it gives when it fires (rules and questions). */
  message?: string;
}

/** One own example of an item: the document it was tried on and whether its expectation holds. */
export interface BenchExample {
  index: number;
  over: string;
  /** Why the expectation fails; null when it holds. */
  mismatch: string | null;
}

/** One item of the set with its results. */
export interface BenchRow {
  path: LintPath;
  label: string;
  field?: string;
  results: BenchResult[];
  examples: BenchExample[];
}

/**
 * Runs every item of `compiled` over `documents`; own examples run over the document of the same
 * name in `bases` (the example documents), or over each base whose form shows the item's field.
 */
export function runTestBench(
  compiled: CompiledSchemaSet,
  documents: BenchDocument[],
  bases: BenchDocument[],
): BenchRow[] {
  return harnessItems(compiled).map((item) => {
    const results = documents.map(({ name, doc, ctx }): BenchResult => {
      const outcome = item.evaluate(doc, ctx);
      const message = outcome === 'fires' ? item.messageFor?.(doc, ctx) : undefined;
      return message === undefined ? { document: name, outcome } : { document: name, outcome, message };
    });
    const examples = (item.examples ?? []).flatMap((example, index) =>
      bases
        .filter((base) =>
          example.over ? base.name === example.over : showsField(compiled, base.ctx, item.field),
        )
        .map((base): BenchExample => {
          const doc = { ...base.doc, ...example.doc };
          return { index, over: base.name, mismatch: item.checkExample?.(example, doc, base.ctx) ?? null };
        }),
    );
    return {
      path: item.path,
      label: item.label,
      ...(item.field ? { field: item.field } : {}),
      results,
      examples,
    };
  });
}

function showsField(compiled: CompiledSchemaSet, ctx: RuleContext, field: string | undefined): boolean {
  if (!field) return true;
  try {
    return compiledFormFor(compiled, ctx).members.has(field);
  } catch {
    return false;
  }
}
