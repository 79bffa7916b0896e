/**
 * The alert colour of schemas/constants/alert-colours.json as SQL (issue 12 Reporting "alert
 * colour" filter; SPEC §3 Note, §4 Alert filter): the same rules note-color.ts evaluates in Node,
 * translated once into a CASE over `notes.payload`, so a report filters and counts by colour in
 * the database. The rules are data; the translation covers the JSON-logic they use (`and`, `or`,
 * `!`, `==`, `in` with a literal list, `var` of `payload.<key>`, `true`) and throws on anything
 * else, so a new kind of rule fails at start-up rather than filtering wrongly.
 */
import { type SQL, sql } from 'drizzle-orm';
import alertColours from '../../schemas/constants/alert-colours.json' with { type: 'json' };
import { applications, notes } from '../db/schema.ts';
import type { AlertColor } from '../notes/note-color.ts';

const rules = alertColours.rules as { colour: AlertColor; when: unknown }[];
/** Colours from most to least urgent (an application shows its most urgent note's colour). */
const order = alertColours.colours as AlertColor[];

/** A `var` of the note: `payload.<key>` as text. Throws for any other path. */
function payloadField(path: unknown): SQL {
  const match = typeof path === 'string' ? /^payload\.([a-z_]+)$/.exec(path) : null;
  if (!match) throw new Error(`alert-colours.json: unsupported var ${JSON.stringify(path)}`);
  return sql`(${notes.payload} ->> ${match[1]})`;
}

/** One operand: a `var` or a literal (compared as text, as ->> yields text). */
function operand(value: unknown): SQL {
  if (value !== null && typeof value === 'object' && 'var' in value) {
    return payloadField((value as { var: unknown }).var);
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return sql`${String(value)}`;
  }
  throw new Error(`alert-colours.json: unsupported operand ${JSON.stringify(value)}`);
}

/** The SQL condition of a JSON-logic rule over one note. Throws for an operator not listed above. */
export function logicToSql(logic: unknown): SQL {
  if (logic === true) return sql`true`;
  if (logic === false) return sql`false`;
  if (logic === null || typeof logic !== 'object' || Array.isArray(logic)) {
    throw new Error(`alert-colours.json: unsupported rule ${JSON.stringify(logic)}`);
  }
  const [[op, args]] = Object.entries(logic);
  const list = Array.isArray(args) ? args : [args];
  switch (op) {
    case 'and':
    case 'or':
      return sql`(${sql.join(
        list.map((part) => logicToSql(part)),
        op === 'and' ? sql` and ` : sql` or `,
      )})`;
    case '!':
      return sql`(not coalesce(${logicToSql(list[0])}, false))`;
    case '==':
      return sql`(${operand(list[0])} is not distinct from ${operand(list[1])})`;
    case 'in': {
      const [needle, haystack] = list;
      if (!Array.isArray(haystack)) throw new Error('alert-colours.json: `in` needs a literal list');
      return sql`(${operand(needle)} in (${sql.join(
        haystack.map((item) => operand(item)),
        sql`, `,
      )}))`;
    }
    default:
      throw new Error(`alert-colours.json: unsupported operator ${op}`);
  }
}

/** A note's urgency: the index in `colours` of its rule's colour (0 = red); null when none holds. */
const noteUrgency = sql`case ${sql.join(
  rules.map((rule) => sql`when coalesce(${logicToSql(rule.when)}, false) then ${order.indexOf(rule.colour)}`),
  sql` `,
)} end`;

/**
 * The condition "the application's alert colour is `colour`": its most urgent active alert note
 * has that colour (alertColorOfNotes in note-color.ts, in SQL). One indexed probe of the
 * application's notes (notes_application_idx).
 */
export function alertColourCondition(colour: AlertColor): SQL {
  return sql`(select min(${noteUrgency}) from ${notes}
    where ${notes.application_id} = ${applications.id}
      and (${notes.payload} ->> 'is_alert')::boolean and (${notes.payload} ->> 'is_active')::boolean
  ) = ${order.indexOf(colour)}`;
}

/** The colours a report can filter by, most urgent first. */
export const ALERT_COLOURS: readonly AlertColor[] = order;
