import type { CompiledForm, CompiledSchemaSet } from './compile-schema-set.ts';
import { compiledFormFor } from './compiled-form-for.ts';
import { computedValue } from './compute-fields.ts';
import { readsAny } from './field-dependencies.ts';
import { isApplicable } from './is-applicable.ts';
import { requiredInForm } from './is-required.ts';
import { isTruthy } from './is-truthy.ts';
import type { Doc, RuleContext, ValidationMessage } from './types.ts';
import { fieldMessage } from './validate-document.ts';

/** What the engine says about one field of the form for one document. */
export interface FieldCheck {
  /** The field shows (isApplicable). */
  applicable: boolean;
  /** The field carries the required marker (isRequired). */
  required: boolean;
  /** Its message as validateDocument gives it; absent when none, not applicable, or rules do not apply. */
  message?: ValidationMessage;
}

/**
 * Every field check of a document in the ctx's form, kept up to date edit by edit: an edit
 * re-checks only the fields whose checks read a changed field (compiled.dependencies) and
 * re-evaluates only the computed fields that read one, with the same results as checking and
 * computing everything (tests/engine/document-checks.test.ts). Issue 18 (keystroke cost).
 */
export interface DocumentChecks {
  doc: Doc;
  ctx: RuleContext;
  form: CompiledForm;
  /** `rules_apply_when` holds (always true without one); false: no field has a message. */
  rulesApply: boolean;
  /** Every field of the form, in form order. */
  fields: ReadonlyMap<string, FieldCheck>;
  /**
   * Fields whose value changed after the computed fields were last evaluated (a field cleared
   * when hidden); null while they were never evaluated over this document, so the next edit
   * evaluates every computed field, as computeFields does.
   */
  uncomputed: ReadonlySet<string> | null;
  /** Fields whose value may have changed in the step that gave these checks (every form field at first). */
  changed: readonly string[];
  /** Fields re-checked in that step (every form field at first). */
  rechecked: readonly string[];
}

const NOT_APPLICABLE: FieldCheck = Object.freeze({ applicable: false, required: false });

/**
 * Checks every field of the ctx's form: applicability, required marker and message, equal to
 * isApplicable, isRequired and validateDocument. Throws Error('No form for context ...') when no
 * form matches ctx. SPEC §5.
 */
export function checkDocument(compiled: CompiledSchemaSet, doc: Doc, ctx: RuleContext): DocumentChecks {
  const form = compiledFormFor(compiled, ctx);
  const data = { doc, ctx };
  const rulesApply = !compiled.rulesApplyWhen || isTruthy(compiled.rulesApplyWhen(data));
  const fields = new Map<string, FieldCheck>();
  for (const field of form.fields) fields.set(field, checkField(compiled, form, field, data, rulesApply));
  return {
    doc,
    ctx,
    form,
    rulesApply,
    fields,
    uncomputed: null,
    changed: form.fields,
    rechecked: form.fields,
  };
}

/**
 * The checks of `doc`, a document that replaced `previous.doc` from outside the form (a reload,
 * a merge, filled data): only fields whose checks read a key whose value differs (Object.is) are
 * re-checked; computed fields are left as `doc` has them. Equal to checkDocument(doc).
 */
export function recheckDocument(
  compiled: CompiledSchemaSet,
  previous: DocumentChecks,
  doc: Doc,
): DocumentChecks {
  const changed = new Set<string>();
  for (const key of Object.keys(previous.doc)) if (!Object.is(previous.doc[key], doc[key])) changed.add(key);
  for (const key of Object.keys(doc)) if (!Object.hasOwn(previous.doc, key)) changed.add(key);
  const uncomputed = previous.uncomputed && new Set([...previous.uncomputed, ...changed]);
  return recheck(compiled, previous, doc, changed, uncomputed);
}

/**
 * The checks after the user edited `changed` fields of `previous.doc` into `edited`: computed
 * fields reading an edited (or since cleared) field are re-evaluated in declaration order, fields
 * marked `x-clear-when-hidden` that stop applying become null, then the fields whose checks read
 * any of those are re-checked. The document and checks equal
 * checkDocument(clearHiddenFields(previous.doc, computeFields(edited))) once `previous` came
 * from an edit (the first edit after checkDocument evaluates every computed field).
 */
export function editDocument(
  compiled: CompiledSchemaSet,
  previous: DocumentChecks,
  edited: Doc,
  changed: readonly string[],
): DocumentChecks {
  const { ctx } = previous;
  const { computedReads, computedInOrder, applicabilityReads } = compiled.dependencies;
  const dirty = new Set([...changed, ...(previous.uncomputed ?? [])]);
  const everything = previous.uncomputed === null || !computedInOrder;
  const doc: Doc = { ...edited };
  const data = { doc, ctx };
  for (const [field, expression] of compiled.computed) {
    if (!everything && !dirty.has(field) && !readsAny(computedReads.get(field), dirty)) continue;
    const value = computedValue(expression, data);
    if (!Object.is(value, doc[field])) {
      doc[field] = value;
      dirty.add(field);
    }
  }
  // As clearHiddenFields: applicability over the computed document, before any field is cleared.
  const cleared = compiled.clearWhenHidden.filter(
    (field) =>
      doc[field] !== null &&
      doc[field] !== undefined &&
      readsAny(applicabilityReads.get(field), dirty) &&
      isApplicable(compiled, field, previous.doc, ctx) &&
      !isApplicable(compiled, field, doc, ctx),
  );
  for (const field of cleared) {
    doc[field] = null;
    dirty.add(field);
  }
  return recheck(compiled, previous, doc, dirty, new Set(cleared));
}

/** The messages of the checks in form order: validateDocument(checks.doc). */
export function messagesOf(checks: DocumentChecks): ValidationMessage[] {
  const messages: ValidationMessage[] = [];
  for (const check of checks.fields.values()) if (check.message) messages.push(check.message);
  return messages;
}

/** Re-checks the fields whose checks read a field of `changed` (all when rules_apply_when flips). */
function recheck(
  compiled: CompiledSchemaSet,
  previous: DocumentChecks,
  doc: Doc,
  changed: ReadonlySet<string>,
  uncomputed: ReadonlySet<string> | null,
): DocumentChecks {
  const { ctx, form } = previous;
  const { checkReaders, checkedAlways, gateReads } = compiled.dependencies;
  const data = { doc, ctx };
  let { rulesApply } = previous;
  if (compiled.rulesApplyWhen && readsAny(gateReads, changed)) {
    rulesApply = isTruthy(compiled.rulesApplyWhen(data));
  }
  let targets: Iterable<string>;
  if (rulesApply !== previous.rulesApply) {
    targets = form.fields;
  } else {
    const affected = new Set(checkedAlways);
    for (const field of changed) {
      affected.add(field);
      for (const reader of checkReaders.get(field) ?? []) affected.add(reader);
    }
    targets = affected;
  }
  const fields = new Map(previous.fields);
  const rechecked: string[] = [];
  for (const field of targets) {
    if (!form.members.has(field)) continue;
    fields.set(field, checkField(compiled, form, field, data, rulesApply));
    rechecked.push(field);
  }
  return { doc, ctx, form, rulesApply, fields, uncomputed, changed: [...changed], rechecked };
}

function checkField(
  compiled: CompiledSchemaSet,
  form: CompiledForm,
  field: string,
  data: { doc: Doc; ctx: RuleContext },
  rulesApply: boolean,
): FieldCheck {
  const condition = compiled.applicability.get(field);
  if (condition && !isTruthy(condition(data))) return NOT_APPLICABLE;
  const required = requiredInForm(compiled, form, field, data);
  const message = rulesApply ? fieldMessage(compiled, form, field, data) : undefined;
  return message ? { applicable: true, required, message } : { applicable: true, required };
}
