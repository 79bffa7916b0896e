/**
 * Longest wait, in ms, for a whole application form (about 250 fields) to show what an action came
 * to: a save's outcome, a pre-fill's values. Drawing it again takes well under a second alone and
 * seconds on a loaded 2-core machine (3 s and 5 s waits failed there); asyncUtilTimeout's 5 s
 * default (setup-dom.ts) suits smaller pieces.
 */
export const FORM_SETTLED_MS = 10_000;
