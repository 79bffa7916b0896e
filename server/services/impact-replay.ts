/**
 * What a draft changes for one document (issue 37 "Impact before publish"): the document judged by
 * the version it was made under and, upgraded by the draft's new migrations, by the draft; the
 * differences in values refused, messages, fields shown and underwriting outcomes.
 * docs/decisions/705-impact-before-publish.md.
 */
import {
  type CompiledSchemaSet,
  computeFields,
  type Doc,
  evaluateOutcomes,
  isApplicable,
  type Migration,
  migrateDocument,
  type RuleContext,
  validateDocument,
  validateTypes,
} from '../../engine/index.ts';

/** A message as the impact counts it: the rule on the field (a new text alone is no change). */
export interface ImpactMessage {
  field: string;
  rule_id: string;
  message: string;
}

/** An underwriting answer that applies, by table and question. */
export interface ImpactOutcome {
  table_id: string;
  question_id: string;
  outcome: 'block' | 'warning';
  message: string;
}

/** The differences for one document; every list empty when the draft changes nothing for it. */
export interface DocumentChanges {
  /** Values the draft's option lists or types refuse that the document's own version allowed. */
  refusedValues: { field: string; value: unknown }[];
  gainedMessages: ImpactMessage[];
  lostMessages: ImpactMessage[];
  appearingFields: string[];
  disappearingFields: string[];
  gainedOutcomes: ImpactOutcome[];
  lostOutcomes: ImpactOutcome[];
}

/** What one set makes of a document: its messages, refused values, shown fields, outcomes. */
interface Judgement {
  messages: ImpactMessage[];
  refused: Map<string, unknown>;
  shown: Set<string>;
  outcomes: ImpactOutcome[];
}

/** The rule id of a form that no longer exists for the document's context. */
export const NO_FORM_RULE = 'no-form';

function judge(compiled: CompiledSchemaSet, stored: Doc, ctx: RuleContext): Judgement {
  const refused = new Map<string, unknown>();
  for (const message of validateTypes(compiled, stored)) {
    if (message.rule_id.startsWith('type:')) refused.set(message.field, message.values[message.field]);
  }
  try {
    const doc = computeFields(compiled, stored, ctx);
    return {
      messages: validateDocument(compiled, doc, ctx).map(({ field, rule_id, message }) => ({
        field,
        rule_id,
        message,
      })),
      refused,
      shown: new Set(compiled.fields.filter((field) => isApplicable(compiled, field, doc, ctx))),
      outcomes: evaluateOutcomes(compiled, doc, ctx).map(({ table_id, question_id, outcome, message }) => ({
        table_id,
        question_id,
        outcome,
        message,
      })),
    };
  } catch (error) {
    // No form for the context: the whole document is unreadable under this set.
    const message = error instanceof Error ? error.message : String(error);
    return {
      messages: [{ field: '', rule_id: NO_FORM_RULE, message }],
      refused,
      shown: new Set(),
      outcomes: [],
    };
  }
}

const messageKey = (m: ImpactMessage) => `${m.field}\u0000${m.rule_id}`;
const outcomeKey = (o: ImpactOutcome) => `${o.table_id}\u0000${o.question_id}\u0000${o.outcome}`;

function missingFrom<T>(items: T[], others: T[], key: (item: T) => string): T[] {
  const present = new Set(others.map(key));
  return items.filter((item) => !present.has(key(item)));
}

/**
 * The changes `after` (the draft) makes for `doc` in `ctx` against `before` (the version the
 * document names); `migrations` upgrade the document from `before` to `after`. Pure; never throws
 * for a document (a context with no form is a message of rule NO_FORM_RULE).
 */
export function replayDocument(
  before: CompiledSchemaSet,
  after: CompiledSchemaSet,
  migrations: Migration[],
  doc: Doc,
  ctx: RuleContext,
): DocumentChanges {
  const old = judge(before, doc, ctx);
  const next = judge(after, migrations.length ? migrateDocument(doc, migrations) : doc, ctx);
  return {
    refusedValues: [...next.refused]
      .filter(([field]) => !old.refused.has(field))
      .map(([field, value]) => ({ field, value })),
    gainedMessages: missingFrom(next.messages, old.messages, messageKey),
    lostMessages: missingFrom(old.messages, next.messages, messageKey),
    appearingFields: [...next.shown].filter((field) => !old.shown.has(field)),
    disappearingFields: [...old.shown].filter((field) => !next.shown.has(field)),
    gainedOutcomes: missingFrom(next.outcomes, old.outcomes, outcomeKey),
    lostOutcomes: missingFrom(old.outcomes, next.outcomes, outcomeKey),
  };
}
