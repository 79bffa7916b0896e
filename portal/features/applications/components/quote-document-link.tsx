/**
 * The link to a quote's document (a manual quote's PDF, issue 3), shared by the quote card and the
 * phone's compact list. A link carries no JSON body: the file route reads the session cookie
 * (ADR 748).
 */
import { Anchor, Group, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { serverUrl } from '../../../lib/api-base.ts';
import type { Quote } from '../api/application-types.ts';

/** The document's name as a link opening in a new tab, or nothing when the quote has none. */
export function QuoteDocumentLink({ quote }: { quote: Quote }) {
  if (!quote.document) return null;
  return (
    <Anchor
      href={serverUrl(quote.document.url)}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      aria-label={`Quote document ${quote.document.name}`}
    >
      <Group gap={4} wrap="nowrap">
        <IconFileText size={16} aria-hidden />
        <Text span size="sm" truncate>
          {quote.document.name}
        </Text>
      </Group>
    </Anchor>
  );
}
