import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import type { VisibleSection } from './form-store.ts';

/**
 * Fields the first commit renders: about what a 900 px tall window shows of the commercial form
 * (its first sections), so the form can be typed into before the rest of it exists.
 */
export const FIRST_COMMIT_FIELDS = 24;
/** Fields each following low-priority commit adds (whole sections; at least one per commit). */
export const CHUNK_FIELDS = 24;

/**
 * True while every section must be in the DOM at once: SchemaForm provides its `showAllErrors`
 * (after a failed launch the page reads the flagged cells and moves focus to the first of them).
 */
export const EverySectionContext = createContext(false);

/** How many sections from `from` on hold `budget` fields: whole sections, at least one. */
function sectionsWithin(sections: readonly VisibleSection[], from: number, budget: number): number {
  let end = from;
  let fields = 0;
  while (end < sections.length && (end === from || fields + sections[end].fields.length <= budget)) {
    fields += sections[end].fields.length;
    end += 1;
  }
  return end;
}

/**
 * Progressive rendering of a form's sections (ADR 650, issue 18's form cold open): returns how many
 * of `sections`, from the first, to render now. The first render takes the sections holding the
 * first FIRST_COMMIT_FIELDS fields; after each commit a React transition (low priority, rendered in
 * slices that yield to input) adds the sections of the next CHUNK_FIELDS fields, until every section
 * renders. A keystroke in a rendered field interrupts the pending chunk and commits first. Under an
 * EverySectionContext of true, every section renders in the same (urgent) render. The count never
 * shrinks: a section that became applicable later renders at once if it lies within it.
 */
export function useSectionsShown(sections: readonly VisibleSection[]): number {
  const every = useContext(EverySectionContext);
  const [shown, setShown] = useState(() => sectionsWithin(sections, 0, FIRST_COMMIT_FIELDS));
  useEffect(() => {
    if (shown >= sections.length) return;
    if (every) setShown(sections.length);
    else startTransition(() => setShown((now) => sectionsWithin(sections, now, CHUNK_FIELDS)));
  }, [every, shown, sections]);
  return every ? sections.length : shown;
}
