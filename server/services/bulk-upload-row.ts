/**
 * One data row of a bulk file as an application document and its messages (issue 13 Bulk upload):
 * mapped cells read as their fields' types, the ZIP look-up filling city, state and county, the
 * placeholders and defaults a new application gets, computed fields, then the form's own check
 * (validateDocument, one message per field) and the type check a draft save makes. Pure: the
 * licence and approved-state checks, which need the database, are the service's.
 * docs/decisions/192-bulk-rows-are-checked-as-the-form.md.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import {
  applyDefaults,
  type CompiledSchemaSet,
  computeFields,
  type Doc,
  type JsonSchema,
  messagesByField,
  type RuleContext,
  validateDocument,
  validateTypes,
} from '../../engine/index.ts';
import { placeholders } from '../../schemas/schema-set.ts';
import { lookUpZip } from './look-up-zip.ts';

dayjs.extend(customParseFormat);

/** The message of a row whose ZIP code the look-up does not know. */
export const UNKNOWN_ZIP_MESSAGE = 'Unknown ZIP code.';

/** Date layouts a spreadsheet cell may use, read strictly; stored as YYYY-MM-DD. */
const DATE_LAYOUTS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'M/D/YYYY', 'MM-DD-YYYY'];

/** Column index -> schema field, as a bulk upload stores it (indexes as text). */
export type ColumnMapping = Record<string, string>;

type Option = { const?: unknown; title?: unknown };

/** What reading a cell needs of a field's schema, worked out once per schema. */
interface CellReader {
  /** Option value by its value's or title's text in lower case (the first option that has it). */
  options: Map<string, unknown>;
  types: Set<string>;
  isDate: boolean;
}

const readers = new WeakMap<JsonSchema, CellReader>();

function readerOf(schema: JsonSchema): CellReader {
  let reader = readers.get(schema);
  if (reader) return reader;
  const options = new Map<string, unknown>();
  const types = new Set<string>();
  const declared = schema.type;
  for (const type of Array.isArray(declared) ? declared : declared ? [declared] : []) types.add(String(type));
  for (const option of [
    ...((schema.oneOf as Option[]) ?? []),
    ...((schema.enum as unknown[]) ?? []).map((value): Option => ({ const: value })),
  ]) {
    const byValue = String(option.const).toLowerCase();
    if (!options.has(byValue)) options.set(byValue, option.const);
    if (typeof option.title === 'string' && !options.has(option.title.toLowerCase())) {
      options.set(option.title.toLowerCase(), option.const);
    }
    if (option.const !== undefined)
      types.add(typeof option.const === 'number' ? 'number' : typeof option.const);
  }
  reader = { options, types, isDate: schema.format === 'date' };
  readers.set(schema, reader);
  return reader;
}

/** "$450,000" -> 450000; null when the text is not a number. */
function numberOf(text: string): number | null {
  const plain = text.replace(/^\$/, '').replaceAll(',', '');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(plain)) return null;
  return Number(plain);
}

/**
 * A cell's text as the value of a field of `schema`: numbers for number fields ("$1,000" too),
 * true/false for boolean fields (yes/no, true/false), an option's value when the text is its value
 * or title in any case, a date as YYYY-MM-DD; '' is undefined (left out). Text that fits none is
 * returned as is, for the type check to name. What the schema allows is read once per schema
 * object (a bulk import reads every cell of 100,000 rows).
 */
export function cellValue(schema: JsonSchema, text: string): unknown {
  if (text === '') return undefined;
  const { options, types, isDate } = readerOf(schema);
  const lower = text.toLowerCase();
  if (options.has(lower)) return options.get(lower);
  if (types.has('number') || types.has('integer')) {
    const number = numberOf(text);
    if (number !== null) return number;
  }
  if (types.has('boolean')) {
    if (['yes', 'true', 'y', '1'].includes(lower)) return true;
    if (['no', 'false', 'n', '0'].includes(lower)) return false;
  }
  if (isDate) {
    const date = dayjs(text, DATE_LAYOUTS, true);
    if (date.isValid()) return date.format('YYYY-MM-DD');
  }
  return text;
}

/** The row's values by field: each mapped, non-empty cell read as its field's type. */
export function mappedValues(compiled: CompiledSchemaSet, mapping: ColumnMapping, cells: string[]): Doc {
  const values: Doc = {};
  for (const [index, field] of Object.entries(mapping)) {
    const schema = compiled.properties[field];
    const value = schema ? cellValue(schema, cells[Number(index)] ?? '') : undefined;
    if (value !== undefined) values[field] = value;
  }
  return values;
}

/** A row's document and its first message per field (form order first, then malformed values). */
export interface CheckedRow {
  doc: Doc;
  messages: Record<string, string>;
}

/**
 * The document a row becomes and its messages: city, state, county, lat and lng filled from the
 * ZIP look-up where the row leaves them empty (UNKNOWN_ZIP_MESSAGE on `zip` when the look-up does
 * not know it), `searched_address` and `address` composed from the parts, the birth date
 * placeholder and defaults of a new application (the client's phone and e-mail are the row's own:
 * no placeholder, issue 40, ADR 766), computed fields; then validateDocument (the form's messages)
 * and validateTypes (cells that are not a value of their field), one message per field.
 */
export function checkRow(compiled: CompiledSchemaSet, ctx: RuleContext, values: Doc): CheckedRow {
  const filled: Doc = { ...values };
  const extra: Record<string, string> = {};
  if (typeof filled.state === 'string') filled.state = filled.state.toUpperCase();
  if (typeof filled.zip === 'string') {
    // A spreadsheet shows 08001 as the number 8001.
    const zip = /^\d{3,4}$/.test(filled.zip) ? filled.zip.padStart(5, '0') : filled.zip;
    filled.zip = zip;
    const place = lookUpZip(zip);
    if (!place) extra.zip = UNKNOWN_ZIP_MESSAGE;
    else {
      filled.city ??= place.city;
      filled.state ??= place.state;
      filled.county ??= place.county;
      filled.lat ??= place.lat;
      filled.lng ??= place.lng;
    }
  }
  if (filled.searched_address === undefined && typeof filled.address1 === 'string') {
    filled.searched_address = [
      filled.address1,
      filled.city,
      [filled.state, filled.zip].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', ');
  }
  filled.address ??= filled.searched_address;
  // The birth date placeholder a new application carries, under the row's values (if the model has it).
  const known: Doc = {};
  if ('date_of_birth' in compiled.properties) known.date_of_birth = placeholders.date_of_birth;
  Object.assign(known, filled);
  const doc = computeFields(compiled, applyDefaults(compiled, known), ctx);
  // Only the row's own values can be of a wrong type: defaults, the placeholder and computed fields
  // are the schema set's own (checking the whole document costs three times as much per row).
  const messages = messagesByField([
    ...validateDocument(compiled, doc, ctx),
    ...validateTypes(compiled, filled),
  ]);
  return { doc, messages: { ...extra, ...messages } };
}
