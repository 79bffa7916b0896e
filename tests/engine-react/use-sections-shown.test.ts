import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { VisibleSection } from '../../engine/react/form-store.ts';
import {
  CHUNK_FIELDS,
  EverySectionContext,
  FIRST_COMMIT_FIELDS,
  useSectionsShown,
} from '../../engine/react/use-sections-shown.ts';

/** Sections with the given field counts. */
function sectionsOf(...counts: number[]): VisibleSection[] {
  return counts.map((count, s) => ({
    id: `s${s}`,
    title: `Section ${s}`,
    fields: Array.from({ length: count }, (_, f) => ({ name: `s${s}_f${f}`, span: 6 })),
  }));
}

/** Every count the hook returned, in render order, without repeats. */
function countsRendered(sections: VisibleSection[], every = false): number[] {
  const seen: number[] = [];
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(EverySectionContext.Provider, { value: every }, children);
  renderHook(
    () => {
      const shown = useSectionsShown(sections);
      if (seen.at(-1) !== shown) seen.push(shown);
    },
    { wrapper },
  );
  return seen;
}

describe('useSectionsShown', () => {
  it('renders the first fields at once, then whole sections by chunks until all are shown', () => {
    expect(FIRST_COMMIT_FIELDS).toBe(24);
    expect(CHUNK_FIELDS).toBe(24);
    // 10 + 10 fit in 24, a third section would not; each later chunk likewise.
    expect(countsRendered(sectionsOf(10, 10, 10, 10, 10))).toEqual([2, 4, 5]);
  });

  it('takes a section larger than a chunk alone, so every render makes progress', () => {
    expect(countsRendered(sectionsOf(30, 40, 2, 3))).toEqual([1, 2, 4]);
  });

  it('renders a form that fits the first chunk in one go', () => {
    expect(countsRendered(sectionsOf(5, 5))).toEqual([2]);
    expect(countsRendered([])).toEqual([0]);
  });

  it('renders every section in the first render while every section is asked for (all messages shown)', () => {
    expect(countsRendered(sectionsOf(10, 10, 10, 10, 10), true)).toEqual([5]);
  });
});
