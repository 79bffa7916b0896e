/**
 * Shared fixtures of the schema-set tests: the compiled product set, the context of each product
 * and small helpers to read the messages of one field. Tests only; not a barrel.
 */
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import type { Doc, RuleContext } from '../../engine/types.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import manifest from '../../schemas/schema-set.json' with { type: 'json' };
import { examples, schemaSet } from '../../schemas/schema-set.ts';

export type ExampleName = 'primary' | 'excess' | 'mobile' | 'home' | 'commercial';

/** The product schema set, compiled once per test file. */
export const compiled = compileSchemaSet(schemaSet);

/** Context of each product's example document (schemas/schema-set.json `example_contexts`). */
export const contexts: Record<ExampleName, RuleContext> = manifest.example_contexts;

export const exampleNames: ExampleName[] = ['primary', 'excess', 'mobile', 'home', 'commercial'];

/** A fresh copy of a product's example document with `changes` applied (undefined deletes a key). */
export function exampleWith(name: ExampleName, changes: Doc = {}): Doc {
  const doc: Doc = { ...structuredClone(examples[name]) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete doc[key];
    else doc[key] = value;
  }
  return doc;
}

/** Messages (text) the document gets on one field in the product's context. */
export function messagesOn(name: ExampleName, doc: Doc, field: string): string[] {
  return validateDocument(compiled, doc, contexts[name])
    .filter((message) => message.field === field)
    .map((message) => message.message);
}

/** "$1,234,567" for whole dollars, written independently of the engine's formatter. */
export function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
