/**
 * Engine benchmark of `npm run bench`: the engine's median time to validate each complete example document with every
 * rule, against @rjsf/validator-ajv8 (`customizeValidator()` + `validateFormData(doc, rootSchema,
 * customValidate)`) whose `customValidate` runs the same JSON-logic conditions and rules
 * interpreted by json-logic-js, in the same process: a Markdown table of medians (µs).
 * Falls back to a generated generic set (200 fields, 100 rules) when schemas/ cannot be loaded,
 * or when BENCH_FALLBACK=1 is set.
 */

import type { FormValidation } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020.js';
import { type CompiledSchemaSet, compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { evaluateLogic } from '../../engine/evaluate-logic.ts';
import { isEmptyValue } from '../../engine/is-empty-value.ts';
import { isTruthy } from '../../engine/is-truthy.ts';
import type { Doc, RuleContext, SchemaSet } from '../../engine/types.ts';
import { validateDocument } from '../../engine/validate-document.ts';
import { generatedCtx, generatedDoc, generatedSet } from '../engine/fixtures/generated-set.ts';
import { markdownTable, ratio } from './markdown-table.ts';

interface Case {
  name: string;
  doc: Doc;
  ctx: RuleContext;
}

const WARM_UP = 1_000;
const WARM_UP_MS = 1_000;
const SAMPLES = 3_000;
const MIN_SAMPLES = 101;
const BUDGET_MS = 3_000;
/** Calls per timed sample, so the timer's resolution does not dominate a ~50 µs call. */
const BATCH = 5;

/** The examples' contexts: product = carrier_quote_type[0]; a home application keeps the default Primary. */
const EXAMPLE_CONTEXTS: Record<string, RuleContext> = {
  primary: { product: 'Primary', application_type: 'flood', status: 'new' },
  excess: { product: 'Excess', application_type: 'flood', status: 'new' },
  mobile: { product: 'Mobile', application_type: 'flood', status: 'new' },
  home: { product: 'Primary', application_type: 'home', status: 'new' },
  commercial: { product: 'Commercial', application_type: 'flood', status: 'new' },
};

async function loadCases(): Promise<{ set: SchemaSet; cases: Case[]; source: string }> {
  try {
    if (process.env.BENCH_FALLBACK === '1') throw new Error('BENCH_FALLBACK=1');
    const module = (await import('../../schemas/schema-set.ts')) as {
      schemaSet: SchemaSet;
      examples?: Record<string, Doc>;
    };
    const examples = module.examples;
    if (!examples) throw new Error('schemas/schema-set.ts exports no examples');
    const cases = Object.entries(EXAMPLE_CONTEXTS)
      .filter(([name]) => examples[name])
      .map(([name, ctx]) => ({ name, doc: examples[name], ctx }));
    if (cases.length === 0) throw new Error('no example documents');
    return {
      set: module.schemaSet,
      cases,
      source: `schemas/ (examples ${cases.map((c) => c.name).join(', ')})`,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      set: generatedSet(200, 100),
      cases: [{ name: 'generated (200 fields, 100 rules)', doc: generatedDoc(200), ctx: generatedCtx }],
      source: `FALLBACK generated generic fixture, because schemas/ could not be loaded: ${reason}`,
    };
  }
}

/**
 * The RJSF-style equivalent of validateDocument: the same form choice, applicability, required
 * checks and rules, each JSON-logic expression interpreted by json-logic-js on every call, the
 * first failure per field reported through RJSF's error handler.
 */
function rjsfCustomValidate(set: SchemaSet, ctx: RuleContext) {
  const rules = [...set.field_rules, ...set.cross_rules];
  return (formData: Doc | undefined, errors: FormValidation<Doc>): FormValidation<Doc> => {
    const doc = formData ?? {};
    const data = { doc, ctx };
    if (set.rules_apply_when !== undefined && !isTruthy(evaluateLogic(set.rules_apply_when, data)))
      return errors;
    const form = set.forms.find((f) => isTruthy(evaluateLogic(f.when, { ctx })));
    if (!form) throw new Error(`No form for context ${JSON.stringify(ctx)}`);
    const optional = new Set(form.optional ?? []);
    const errorFor = (field: string) =>
      ((errors as Record<string, unknown>)[field] as FormValidation<Doc> | undefined) ?? errors;
    for (const section of form.sections) {
      for (const field of section.fields) {
        const condition = set.applicability[field];
        if (condition !== undefined && !isTruthy(evaluateLogic(condition, data))) continue;
        const value = doc[field];
        const empty = isEmptyValue(value);
        if (empty && !optional.has(field)) {
          errorFor(field).addError(`${field} is required`);
          continue;
        }
        for (const rule of rules) {
          if (rule.field !== field || (empty && rule.skip_empty)) continue;
          if (rule.when !== undefined && !isTruthy(evaluateLogic(rule.when, data))) continue;
          const params: Record<string, unknown> = {};
          for (const [name, expression] of Object.entries(rule.params ?? {})) {
            params[name] = evaluateLogic(expression, data);
          }
          if (!isTruthy(evaluateLogic(rule.assert, { doc, ctx, params }))) {
            errorFor(field).addError(set.messages[rule.message]);
            break;
          }
        }
      }
    }
    return errors;
  };
}

/**
 * Median µs per call: warm-up (up to WARM_UP calls or WARM_UP_MS), then samples of BATCH calls
 * until SAMPLES or BUDGET_MS is reached, never fewer than MIN_SAMPLES, so a 4 ms call does not
 * keep a shared machine busy for minutes.
 */
function median(run: () => unknown): { us: number; samples: number } {
  const warmUpEnd = performance.now() + WARM_UP_MS;
  for (let i = 0; i < WARM_UP && performance.now() < warmUpEnd; i++) run();
  globalThis.gc?.();
  const samples: number[] = [];
  const end = performance.now() + BUDGET_MS;
  while (samples.length < SAMPLES && (samples.length < MIN_SAMPLES || performance.now() < end)) {
    const start = performance.now();
    for (let b = 0; b < BATCH; b++) run();
    samples.push(((performance.now() - start) * 1000) / BATCH);
  }
  samples.sort((a, b) => a - b);
  return { us: samples[Math.floor(samples.length / 2)], samples: samples.length };
}

function row(compiled: CompiledSchemaSet, set: SchemaSet, entry: Case): string[] {
  const validator = customizeValidator({ AjvClass: Ajv2020 });
  const customValidate = rjsfCustomValidate(set, entry.ctx);
  const engineMessages = validateDocument(compiled, entry.doc, entry.ctx).length;
  const rjsfResult = validator.validateFormData(entry.doc, compiled.rootSchema, customValidate);
  const engine = median(() => validateDocument(compiled, entry.doc, entry.ctx));
  const ajvOnly = median(() => validator.validateFormData(entry.doc, compiled.rootSchema));
  const rjsf = median(() => validator.validateFormData(entry.doc, compiled.rootSchema, customValidate));
  return [
    entry.name,
    String(Object.keys(entry.doc).length),
    engine.us.toFixed(1),
    rjsf.us.toFixed(1),
    ratio(rjsf.us, engine.us),
    ajvOnly.us.toFixed(1),
    `${engineMessages} / ${rjsfResult.errors.length}`,
    `${engine.samples} / ${rjsf.samples}`,
  ];
}

/** Runs the engine benchmark; returns its report section (Markdown, medians in µs). */
export async function engineBench(): Promise<string> {
  const { set, cases, source } = await loadCases();
  const compileStart = performance.now();
  const compiled = compileSchemaSet(set);
  const compileMs = performance.now() - compileStart;
  const ruleCount = set.field_rules.length + set.cross_rules.length;
  const notes = [
    `- source: ${source}`,
    `- schema set: ${compiled.fields.length} fields, ${ruleCount} rules, ${Object.keys(set.applicability).length} applicability conditions; compile ${compileMs.toFixed(0)} ms`,
    `- medians of up to ${SAMPLES} samples of ${BATCH} calls (at least ${MIN_SAMPLES}, about ${BUDGET_MS / 1000} s each) after warm-up; ` +
      (globalThis.gc ? 'GC forced before each measurement' : 'no --expose-gc, so GC was not forced'),
    '- rjsf columns: `customizeValidator({ AjvClass: Ajv2020 })`, `validateFormData(doc, rootSchema, customValidate)`; ' +
      'with a customValidate RJSF also rebuilds the default form state on each call, which is most of its time; ' +
      'the "Ajv only" column is the same call without customValidate (types only, no rules)',
  ];
  const table = markdownTable(
    [
      'document',
      'fields:',
      'engine (µs):',
      'rjsf + customValidate (µs):',
      'rjsf / engine:',
      'rjsf Ajv only (µs):',
      'messages engine / rjsf:',
      'samples engine / rjsf:',
    ],
    cases.map((entry) => row(compiled, set, entry)),
  );
  return `## Engine: validate a complete document, every rule\n\n${notes.join('\n')}\n\n${table}\n`;
}
