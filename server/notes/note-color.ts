/**
 * Alert colour of a note from the mapping product staff keep in
 * schemas/constants/alert-colours.json (first rule whose JSON-logic holds). SPEC §3 Note.
 */
import { evaluateLogic } from '../../engine/index.ts';
import alertColours from '../../schemas/constants/alert-colours.json' with { type: 'json' };
import type { NotePayload } from '../db/schema.ts';

export type AlertColor = 'red' | 'orange' | 'yellow' | 'purple';

const rules = alertColours.rules as { colour: AlertColor; when: unknown }[];
const order = alertColours.colours as AlertColor[];

/** The note's colour: the first rule of alert-colours.json that holds, or null when none does. */
export function noteColor(payload: NotePayload): AlertColor | null {
  for (const rule of rules) if (evaluateLogic(rule.when, { payload })) return rule.colour;
  return null;
}

/**
 * The colour a listing row shows: among the application's active alert notes, the most urgent
 * colour in alert-colours.json `colours` order (red first); null when it has none. SPEC §3, §4.
 */
export function alertColorOfNotes(payloads: NotePayload[]): AlertColor | null {
  let best: AlertColor | null = null;
  for (const payload of payloads) {
    if (!payload.is_alert || !payload.is_active) continue;
    const color = noteColor(payload);
    if (color && (best === null || order.indexOf(color) < order.indexOf(best))) best = color;
  }
  return best;
}
