/**
 * A mark (a badge, a flagged value) with its explanation: shown in a tooltip on hover and read
 * with the mark by screen readers, never a Tab stop of its own: only controls take focus (WCAG
 * 2.1.1, issue 46). Used by the quotes' Indicative, Bindable and Expired badges and the coverage
 * cells that differ from what was asked.
 */
import { Tooltip, VisuallyHidden } from '@mantine/core';
import type { ReactElement } from 'react';

/** Props: the explanation (a sentence) and the mark, whose children gain the hidden explanation. */
export interface ExplainedMarkProps {
  explanation: string;
  children: ReactElement;
}

/** `children` with a tooltip of `explanation` and the same words for assistive technology. */
export function ExplainedMark({ explanation, children }: ExplainedMarkProps) {
  return (
    <Tooltip label={explanation} multiline w={240} withArrow>
      {children}
    </Tooltip>
  );
}

/**
 * The words assistive technology reads after a mark's visible text: ". <explanation>". Keep the
 * visible text in an element of its own beside it, so the mark is still found by its own words.
 */
export function MarkExplanation({ explanation }: { explanation: string }) {
  return <VisuallyHidden>. {explanation}</VisuallyHidden>;
}
