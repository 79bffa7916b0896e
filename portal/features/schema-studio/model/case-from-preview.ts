/**
 * QA cases built from the studio's preview without JSON (issue 37): "expect exactly these messages"
 * and "expect this field hidden" for the document and context the preview shows, added to the
 * working copy's `qa` case file (created on first use), so the case is saved and versioned with the
 * draft like any other.
 */
import {
  type CompiledSchemaSet,
  type Doc,
  type RuleContext,
  type SchemaCase,
  type SchemaSet,
  validateDocument,
} from '../../../../engine/index.ts';

/** The case file QA cases go to. */
export const QA_CASE_FILE = 'qa';

/** A case id from a title: lower-case words joined by '-' (`Condo on floor 3` -> `condo-on-floor-3`). */
export function caseId(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'case'
  );
}

/** A case expecting exactly the messages `doc` gets now, in order (none: it validates clean). */
export function expectMessagesCase(
  compiled: CompiledSchemaSet,
  title: string,
  doc: Doc,
  ctx: RuleContext,
): SchemaCase {
  const messages = validateDocument(compiled, doc, ctx).map(({ field, message }) => ({ field, message }));
  return { id: caseId(title), title, context: ctx, doc, expect: { messages } };
}

/** A case expecting `field` hidden (not applicable) for `doc` in `ctx`. */
export function expectHiddenCase(title: string, doc: Doc, ctx: RuleContext, field: string): SchemaCase {
  return { id: caseId(title), title, context: ctx, doc, expect: { applicable: { [field]: false } } };
}

/**
 * `set` with `kase` in the `qa` case file (added at the end of the file list when missing); a case of
 * the same id there is replaced, so saving a case again under its title updates it.
 */
export function withQaCase(set: SchemaSet, kase: SchemaCase): SchemaSet {
  const files = set.cases ?? [];
  const file = files.find((candidate) => candidate.id === QA_CASE_FILE) ?? { id: QA_CASE_FILE, cases: [] };
  const next = { ...file, cases: [...file.cases.filter((other) => other.id !== kase.id), kase] };
  return {
    ...set,
    cases: files.some((candidate) => candidate.id === QA_CASE_FILE)
      ? files.map((candidate) => (candidate.id === QA_CASE_FILE ? next : candidate))
      : [...files, next],
  };
}
