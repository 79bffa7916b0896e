import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LintPath, lintPointer } from '../lint/lint-problem.ts';
import type {
  CaseFile,
  Doc,
  FormDefinition,
  JsonLogic,
  JsonSchema,
  Migration,
  OutcomeTable,
  Rule,
  RuleContext,
  SchemaSet,
  ValueMapping,
} from '../types.ts';
import { valueMappingName } from '../value-mapping-file.ts';

/**
 * The manifest `schema-set.json` of a schema-set directory: what the folder layout cannot say.
 * Paths are relative to the directory. Forms are listed in the order they are tried (the first
 * whose `when` holds wins); outcome tables in the order their outcomes are reported.
 */
export interface SchemaSetManifest {
  root_schema: string;
  /** The ctx keys conditions may read (SchemaSet.context_keys). */
  context_keys?: string[];
  forms: string[];
  outcome_tables: string[];
  /** The value mapping files (`mappings/<name>.json`): what outside writers put into documents. */
  value_mappings?: string[];
  /** The context each `examples/<name>.json` document is judged in, by name. */
  example_contexts?: Record<string, RuleContext>;
  /** The case files (`cases/<topic>.json`, each a CaseFile), in the order they run; issue 37. */
  cases?: string[];
}

/** A schema set read from a directory, with where each part came from. */
export interface SchemaSetDir {
  /** The set with its examples, their contexts and its data files (SchemaSet `examples`, `data_files`). */
  set: SchemaSet;
  /** The file (relative to the directory) and JSON pointer inside it of a path into `set`. */
  locate(path: LintPath): string;
}

/** Files of the `rules/` folder and the messages, by the SchemaSet key they fill. */
const FIXED_FILES = {
  applicability: 'rules/applicability.json',
  required_when: 'rules/required-when.json',
  field_rules: 'rules/field-rules.json',
  cross_rules: 'rules/cross-rules.json',
  computed: 'rules/computed.json',
  field_groups: 'rules/field-groups.json',
  rules_apply_when: 'rules/rules-apply-when.json',
  messages: 'messages.json',
  migrations: 'migrations.json',
} as const;

/**
 * Folders whose JSON files with a `$id` are the set's JSON Schemas (sections and constant lists); the
 * others are its data files.
 */
const SCHEMA_FOLDERS = ['application', 'constants'];

/**
 * Reads a directory laid out like `schemas/` (docs/schema-format.md "Layout"): the JSON Schemas of
 * `application/` and `constants/` (every file with a `$id`, by file name), the manifest's forms and
 * outcome tables and value mappings in its order, the fixed files of `rules/` and `messages.json`, the
 * examples with the manifest's `example_contexts`, and the files of those folders without a `$id` as
 * `data_files`. `rules/rules-apply-when.json` and `rules/required-when.json` are optional, and so are
 * the manifest's `cases`. Throws Error naming the file for a file that is
 * missing or not JSON. Issue 10 (`npm run schemas:lint -- --dir DIR`).
 */
export function readSchemaSetDir(dir: string): SchemaSetDir {
  const read = <T>(file: string): T => {
    let text: string;
    try {
      text = readFileSync(join(dir, file), 'utf8');
    } catch {
      throw new Error(`${file}: cannot be read`);
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new Error(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  const list = (folder: string): string[] => {
    try {
      return readdirSync(join(dir, folder))
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => `${folder}/${name}`);
    } catch {
      return [];
    }
  };
  const manifest = read<SchemaSetManifest>('schema-set.json');
  const folderFiles = SCHEMA_FOLDERS.flatMap(list);
  const schemaFiles = folderFiles.filter((file) => typeof read<JsonSchema>(file).$id === 'string');
  const dataFiles = folderFiles.filter((file) => !schemaFiles.includes(file));
  const schemas = schemaFiles.map((file) => read<JsonSchema>(file));
  const root = schemas[schemaFiles.indexOf(manifest.root_schema)];
  if (!root)
    throw new Error(`schema-set.json: root_schema "${manifest.root_schema}" is not a schema with a $id`);
  const optional = (file: string): JsonLogic | undefined =>
    list('rules').includes(file) ? read<JsonLogic>(file) : undefined;
  const set: SchemaSet = {
    schemas,
    root_schema_id: String(root.$id),
    ...(manifest.context_keys ? { context_keys: manifest.context_keys } : {}),
    forms: manifest.forms.map((file) => read<FormDefinition>(file)),
    applicability: read<Record<string, JsonLogic>>(FIXED_FILES.applicability),
    field_rules: read<Rule[]>(FIXED_FILES.field_rules),
    cross_rules: read<Rule[]>(FIXED_FILES.cross_rules),
    computed: read<Record<string, JsonLogic>>(FIXED_FILES.computed),
    outcome_tables: manifest.outcome_tables.map((file) => read<OutcomeTable>(file)),
    field_groups: read<Record<string, string[]>>(FIXED_FILES.field_groups),
    messages: read<Record<string, string>>(FIXED_FILES.messages),
    migrations: read<Migration[]>(FIXED_FILES.migrations),
  };
  if (manifest.cases) set.cases = manifest.cases.map((file) => read<CaseFile>(file));
  if (manifest.value_mappings) {
    set.value_mappings = Object.fromEntries(
      manifest.value_mappings.map((file) => [valueMappingName(file), read<ValueMapping>(file)]),
    );
  }
  const rulesApplyWhen = optional(FIXED_FILES.rules_apply_when);
  if (rulesApplyWhen !== undefined) set.rules_apply_when = rulesApplyWhen;
  const requiredWhen = optional(FIXED_FILES.required_when);
  if (requiredWhen !== undefined) set.required_when = requiredWhen as Record<string, JsonLogic>;
  const exampleFiles = list('examples');
  if (exampleFiles.length > 0) {
    set.examples = Object.fromEntries(
      exampleFiles.map((file) => [file.slice('examples/'.length, -'.json'.length), read<Doc>(file)]),
    );
  }
  if (manifest.example_contexts) set.example_contexts = manifest.example_contexts;
  if (dataFiles.length > 0) set.data_files = Object.fromEntries(dataFiles.map((file) => [file, read(file)]));
  const locate = (path: LintPath): string => {
    const [head, index, ...rest] = path;
    const indexed: Record<string, string[]> = {
      schemas: schemaFiles,
      forms: manifest.forms,
      outcome_tables: manifest.outcome_tables,
      cases: manifest.cases ?? [],
    };
    if (typeof head === 'string' && head in indexed && typeof index === 'number' && indexed[head][index]) {
      return `${indexed[head][index]}#${lintPointer(rest)}`;
    }
    const mappingFile = manifest.value_mappings?.find((file) => valueMappingName(file) === index);
    if (head === 'value_mappings' && mappingFile) return `${mappingFile}#${lintPointer(rest)}`;
    if (typeof head === 'string' && head in FIXED_FILES) {
      return `${FIXED_FILES[head as keyof typeof FIXED_FILES]}#${lintPointer(path.slice(1))}`;
    }
    return `schema-set.json#${lintPointer(path)}`;
  };
  return { set, locate };
}
