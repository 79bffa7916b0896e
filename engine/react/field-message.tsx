import { ActionIcon, Code, Group, List, Popover, Stack, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import type { MessageExplanation } from '../explain-message.ts';
import { ExplainMessageContext } from './explain-context.ts';

/**
 * A field's message as its widget shows it, followed, where the form offers explanations, by a
 * small "Why this message" button opening the trace: the check (rule id), every value it read, its
 * params and the branch that applied (explainMessage). Issue 10 part 5.
 */
export function FieldMessage({ field, text }: { field: string; text: string }) {
  const explain = useContext(ExplainMessageContext);
  const [explained, setExplained] = useState<MessageExplanation | null>(null);
  if (!explain) return <>{text}</>;
  return (
    <Group component="span" gap={4} wrap="nowrap" align="center">
      <span>{text}</span>
      <Popover
        width={360}
        position="bottom-start"
        withArrow
        shadow="md"
        onOpen={() => setExplained(explain(field))}
      >
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Why this message">
            <IconHelpCircle size={16} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          {explained ? (
            <MessageExplanationView explained={explained} />
          ) : (
            <Text size="sm">This message no longer applies.</Text>
          )}
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}

const CHECK_WORDS: Record<MessageExplanation['check'], string> = {
  required: 'The field is required and empty.',
  type: 'The value fails the check of its type or options.',
  rule: 'A rule on this field did not hold.',
};

/** The trace of one explained message: the check, the values it read, its params and branches. */
export function MessageExplanationView({ explained }: { explained: MessageExplanation }) {
  const params = Object.entries(explained.params);
  return (
    <Stack gap={6}>
      <Text size="sm">{CHECK_WORDS[explained.check]}</Text>
      <Text size="sm">
        Check: <Code>{explained.rule_id}</Code>
        {explained.message_key && (
          <>
            {' '}
            (message <Code>{explained.message_key}</Code>)
          </>
        )}
      </Text>
      <Text size="sm" fw={600}>
        Values it read
      </Text>
      <List size="sm" spacing={2}>
        {Object.entries(explained.inputs).map(([name, value]) => (
          <List.Item key={name}>
            <Code>{name}</Code> = <Code>{JSON.stringify(value)}</Code>
          </List.Item>
        ))}
      </List>
      {params.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            Parameters
          </Text>
          <List size="sm" spacing={2}>
            {params.map(([name, value]) => (
              <List.Item key={name}>
                <Code>{name}</Code> = <Code>{JSON.stringify(value)}</Code>
              </List.Item>
            ))}
          </List>
        </>
      )}
      {explained.branches.map((branch) => (
        <Text size="sm" key={branch.at}>
          In <Code>{branch.at}</Code>:{' '}
          {branch.taken === 'else'
            ? 'no condition held (otherwise)'
            : `condition ${branch.taken} of ${branch.conditions} held`}
          , giving <Code>{JSON.stringify(branch.result)}</Code>
        </Text>
      ))}
    </Stack>
  );
}
