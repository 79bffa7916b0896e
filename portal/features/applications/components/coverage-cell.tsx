/**
 * One coverage value of a quote, flagged when the server says it differs from what the
 * application asked (Quote.differences, issue 17): an icon and a tooltip with the asked value,
 * also in the accessible name, so keyboard and screen-reader users get it too.
 */
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ExplainedMark, MarkExplanation } from '../../../components/explained-mark.tsx';
import type { Quote } from '../api/application-types.ts';
import { coverageValue, differenceOf, differenceText } from './quote-coverage-format.ts';

/** Props: the quote, the coverage key and the text size. */
export interface CoverageCellProps {
  quote: Quote;
  coverage: string;
  size?: 'xs' | 'sm';
}

/** The value as text; with a difference, an orange warning mark whose tooltip names the asked value. */
export function CoverageCell({ quote, coverage, size = 'sm' }: CoverageCellProps) {
  const value = coverageValue(coverage, quote.coverages?.[coverage]);
  const difference = differenceOf(quote, coverage);
  if (!difference) {
    return (
      <Text size={size} fw={500} span>
        {value}
      </Text>
    );
  }
  const text = differenceText(difference);
  return (
    <ExplainedMark explanation={text}>
      <Group
        gap={4}
        wrap="nowrap"
        component="span"
        data-difference={difference.kind}
        style={{ display: 'inline-flex' }}
      >
        <IconAlertTriangle size={14} color="var(--mantine-color-orange-8)" aria-hidden />
        {/* The text keeps the body colour (contrast in both schemes); the mark and underline flag it. */}
        <Text size={size} fw={700} span style={{ textDecoration: 'underline dotted' }}>
          {value}
        </Text>
        <MarkExplanation explanation={text} />
      </Group>
    </ExplainedMark>
  );
}
