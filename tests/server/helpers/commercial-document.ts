/**
 * A complete, valid commercial document for server suites: schemas/examples/commercial.json when
 * the schema set has it (issue 3 adds it), else the primary example completed with the first
 * allowed value of every commercial field the engine still asks for ("No" for yes/no questions,
 * so no underwriting answer blocks).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyDefaults } from '../../../engine/apply-defaults.ts';
import { evaluateOutcomes } from '../../../engine/evaluate-outcomes.ts';
import type { Doc, RuleContext } from '../../../engine/types.ts';
import { validateDocument } from '../../../engine/validate-document.ts';
import { examples } from '../../../schemas/schema-set.ts';
import { compiledSchemaSet } from '../../../server/services/schema-engine.ts';

const ROOT = join(import.meta.dirname, '../../..');
const CTX: RuleContext = { product: 'Commercial', application_type: 'flood', status: 'new' };

function constantValues(ref: string): unknown[] {
  const file = join(ROOT, 'schemas/constants', ref.split('/').pop() as string);
  if (!existsSync(file)) return [];
  const constant = JSON.parse(readFileSync(file, 'utf8')) as {
    enum?: unknown[];
    oneOf?: { const: unknown }[];
  };
  return constant.enum ?? constant.oneOf?.map((option) => option.const) ?? [];
}

function valueFor(schema: Record<string, unknown>): unknown {
  const options = [
    ...((schema.enum as unknown[] | undefined) ?? []),
    ...(typeof schema.$ref === 'string' ? constantValues(schema.$ref) : []),
  ];
  if (options.includes('No')) return 'No';
  if (options.length) return options[0];
  if (schema.type === 'number' || schema.type === 'integer')
    return (schema.minimum as number | undefined) ?? 1;
  if (schema.type === 'boolean') return false;
  return 'Retail store with offices above';
}

/** A document with zero validation messages and no block outcome for a new Commercial application. */
export function commercialDocument(): Doc {
  const compiled = compiledSchemaSet();
  const file = join(ROOT, 'schemas/examples/commercial.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Doc;
  let doc = applyDefaults(compiled, structuredClone(examples.primary as Doc));
  for (let round = 0; round < 10; round++) {
    const messages = validateDocument(compiled, doc, CTX);
    if (!messages.length) break;
    const patch: Doc = {};
    for (const message of messages) {
      const schema = compiled.properties[message.field] as Record<string, unknown> | undefined;
      if (schema) patch[message.field] = valueFor(schema) as Doc[string];
    }
    doc = { ...doc, ...patch };
  }
  const left = validateDocument(compiled, doc, CTX);
  if (left.length) throw new Error(`commercial document still invalid: ${JSON.stringify(left.slice(0, 3))}`);
  const block = evaluateOutcomes(compiled, doc, CTX).find((outcome) => outcome.outcome === 'block');
  if (block) throw new Error(`commercial document blocked: ${block.message}`);
  return doc;
}
