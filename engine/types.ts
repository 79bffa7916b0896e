/**
 * Shapes shared by the whole engine: a schema set as product staff write it (JSON files),
 * the context a document is judged in, and the messages validation produces.
 * Generic: nothing here knows what the documents are about. See docs/schema-format.md.
 */

/** A JSON-logic expression. Conditions see `{ doc, ctx }` (and `params` inside a rule's assert). */
export type JsonLogic = unknown;

/** A JSON Schema (2020-12) document or sub-schema. */
export type JsonSchema = Record<string, unknown>;

/** A document being edited: a flat object of field name -> value. */
export type Doc = Record<string, unknown>;

/**
 * What a document is judged in: which form, which rules. Its keys are the set's `context_keys`
 * (this portal's: product, application_type, status); values are free strings set by the caller.
 */
export type RuleContext = Record<string, string>;

/** Per-field rendering hints of a form (merged over the field schema's own `x-widget` etc.). */
export interface FormFieldUi {
  widget?: string;
  placeholder?: string;
  help?: string;
  /** Span of the field in a 12-column grid. */
  span?: number;
}

/** One product's form: which fields, in which sections and order. */
export interface FormDefinition {
  id: string;
  /** Over `{ ctx }`: true when this form is the one for the context. The first match wins. */
  when: JsonLogic;
  sections: { id: string; title: string; fields: string[] }[];
  /** Fields of this form that are not required. Every other applicable field is. */
  optional?: string[];
  /** Key in `messages` of the required message for this form's fields; default: `required`. */
  required_message?: string;
  ui?: Record<string, FormFieldUi>;
}

/**
 * A rule on one field. Skipped when the field is not applicable, when `when` is false, or,
 * with `skip_empty`, when the field is empty. Fails when `assert` is falsy.
 * `message` is a key in `messages`, whose template may use `{label}` (field title), `{field_name}`
 * (key, underscores as spaces) and each `params` key (formatted by `format`).
 */
/**
 * A document that shows what a rule or question does, written next to it in JSON: `doc` (changes
 * over the example document `over`, or over each example whose form shows the field) and the
 * expected result: for a rule the message text its field then shows (null: none from this rule),
 * for a question its outcome (null: it does not apply). Checked by the rule harness.
 */
export interface BehaviourExample {
  over?: string;
  doc: Doc;
  message?: string | null;
  outcome?: 'block' | 'warning' | null;
}

export interface Rule {
  id: string;
  field: string;
  when?: JsonLogic;
  params?: Record<string, JsonLogic>;
  assert: JsonLogic;
  message: string;
  format?: Record<string, string>;
  skip_empty?: boolean;
  /** Documents that show the rule firing and not (issue 10, rule harness). */
  examples?: BehaviourExample[];
}

/** One question of an outcome table: when the field's answer equals `when_answer`, the outcome applies. */
export interface OutcomeQuestion {
  id: string;
  field: string;
  question: string;
  outcome: 'block' | 'warning';
  when_answer: unknown;
  message: string;
  /** Documents that show the question applying and not (issue 10, rule harness). */
  examples?: BehaviourExample[];
}

export interface OutcomeTable {
  id: string;
  /** Over `{ doc, ctx }`: which contexts the table applies to. */
  when: JsonLogic;
  questions: OutcomeQuestion[];
}

/**
 * One declarative step that upgrades a stored document to a newer schema set: rename a field, drop
 * one, remap option values (keys are the old values as text), or set a value where the field is
 * missing or empty.
 */
export type MigrationStep =
  | { rename: { from: string; to: string } }
  | { drop: { field: string } }
  | { remap: { field: string; values: Record<string, unknown> } }
  | { set_default: { field: string; value: unknown } };

/** Named steps, applied in order; a version holds the migrations that first appear in it. */
export interface Migration {
  id: string;
  steps: MigrationStep[];
}

/**
 * What a case expects of its document; each key present is checked, each absent one is not.
 * `messages`: exactly these messages of the whole document, in order (`[]`: it validates clean).
 * `field_messages`: exactly these texts on each named field. `applicable`/`required`: whether each
 * named field is shown / must be filled. `computed`: each named computed field's value. `outcomes`:
 * exactly these outcomes of the outcome tables, in order (`[]`: none).
 */
export interface CaseExpectation {
  messages?: { field: string; message: string }[];
  field_messages?: Record<string, string[]>;
  applicable?: Record<string, boolean>;
  required?: Record<string, boolean>;
  computed?: Record<string, unknown>;
  outcomes?: { question_id: string; outcome: 'block' | 'warning' }[];
}

/**
 * One case (an oracle written as data): a document, the context it is judged in, and what the set
 * must answer for it. `doc` holds changes over the example document `over` (a complete document
 * without `over`); `unset` removes keys from it; `context` overrides the example's context (needed
 * without `over`). Checked on every run of the harness and before every publish (issue 37).
 */
export interface SchemaCase {
  id: string;
  /** What the case shows, in a product person's words. */
  title?: string;
  over?: string;
  context?: RuleContext;
  doc: Doc;
  unset?: string[];
  expect: CaseExpectation;
}

/** The cases of one file of `cases/` (schema-set.json `cases`), named by its `id`. */
export interface CaseFile {
  id: string;
  cases: SchemaCase[];
  /**
   * Mutants of the rules no case can kill because they change nothing a document can show, each
   * with why (`at`: the JSON pointer of the mutated node in the set, `mutation`: as
   * `npm run schemas:mutate` names it). Left out of the mutation score.
   */
  equivalent_mutants?: { at: string; mutation: string; reason: string }[];
}

/**
 * One entry of a value mapping: how an outside source's answer fills the document field `field`.
 * `values` translates the source's words into the field's stored values (each must be one of the
 * field's options in the same set: lint `mapping-value-not-an-option`); any other key is the
 * source's own (which answer key, which type) and is not read by the engine.
 */
export interface MappedField {
  field: string;
  values?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * Everything one outside writer puts into documents (a data provider, a file upload, an outside service's
 * answer): entries grouped by the writer's own parts (its jobs, its sheets), each group in order.
 * Stored with the set, so a document is filled with the values of the version it names.
 */
export interface ValueMapping {
  description?: string;
  groups: Record<string, MappedField[]>;
}

/** Everything `schemas/` holds, as one object (built by `schemas/schema-set.ts`). */
export interface SchemaSet {
  /**
   * The value mappings of the set by name (`mappings/<name>.json`): what outside writers put into
   * documents, checked against this set's options and moved by its `remap` and `rename` steps.
   */
  value_mappings?: Record<string, ValueMapping>;
  /** The keys conditions may read as `ctx.<key>`; default: product, application_type, status. */
  context_keys?: string[];
  /**
   * Every migration written so far (schemas/migrations.json), oldest first. The ones that are new in
   * a version upgrade documents of the version before it (engine/migrate-document.ts).
   */
  migrations?: Migration[];
  /** Every JSON Schema document of the set, each with its `$id`. */
  schemas: JsonSchema[];
  /** `$id` of the schema the whole document is validated against. */
  root_schema_id: string;
  forms: FormDefinition[];
  /** Field -> condition over `{ doc, ctx }`. A field absent here applies wherever its form shows it. */
  applicability: Record<string, JsonLogic>;
  /**
   * Field -> condition over `{ doc, ctx }`: the field is required while it holds, even where its form
   * lists it in `optional` (validation reports `required:<field>`, the form shows the marker).
   */
  required_when?: Record<string, JsonLogic>;
  /** Over `{ doc, ctx }`: when false no rule runs at all (e.g. a document past its editable status). */
  rules_apply_when?: JsonLogic;
  field_rules: Rule[];
  cross_rules: Rule[];
  /** Field -> expression over `{ doc, ctx }`; the value is written into the document. */
  computed: Record<string, JsonLogic>;
  outcome_tables: OutcomeTable[];
  /** Named field lists checked on their own (e.g. an address-only check). */
  field_groups: Record<string, string[]>;
  /**
   * Every message text, once, by key: the library messages (required, email, numeric, min_length,
   * max_length, between, minimum, maximum, invalid_option, multiple_of, invalid, fallback) and the
   * keys rules, `x-required-message`, `x-messages` and forms' `required_message` name
   * (docs/schema-format.md "Messages").
   */
  messages: Record<string, string>;
  /** The cases the set must pass (files of `cases/`, in schema-set.json's order); issue 37. */
  cases?: CaseFile[];
  /**
   * Complete documents by name (`examples/<name>.json`): where the cases and the rule harness start.
   * Stored with the version so its export lints and imports as it is (docs/decisions/765).
   */
  examples?: Record<string, Doc>;
  /** The context each example is judged in, by example name (the manifest's `example_contexts`). */
  example_contexts?: Record<string, RuleContext>;
  /**
   * The JSON files of the schema folders that are not JSON Schemas, by path (`constants/<name>.json`
   * without a `$id`): data the engine never reads, carried so an export writes the whole folder.
   */
  data_files?: Record<string, unknown>;
}

/** One failed rule. `values` holds the field's value and the rule's params that made it fail. */
export interface ValidationMessage {
  field: string;
  rule_id: string;
  message: string;
  values: Record<string, unknown>;
}

/** An outcome-table answer that applies: a block stops the action, a warning asks to confirm. */
export interface OutcomeMessage {
  table_id: string;
  question_id: string;
  field: string;
  outcome: 'block' | 'warning';
  question: string;
  message: string;
}
