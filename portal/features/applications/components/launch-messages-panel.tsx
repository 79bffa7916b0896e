/**
 * The panel a failed launch opens above the form: every message of the form, one per field, in
 * form order ("Label: message"), each a button that moves focus to its field. The toast keeps
 * SPEC §8's first message ('Invalid data!'); this lists the rest so the agent fixes them in one
 * pass. Issue 17 (launch messages), docs/decisions/310.
 */
import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type CompiledSchemaSet, fieldLabel, type ValidationMessage } from '../../../../engine/index.ts';

/** One entry of the panel: the field, its label (schema title) and its message. */
export interface LaunchMessageEntry {
  field: string;
  label: string;
  message: string;
}

/**
 * The panel's entries for `messages` (as validateDocument orders them: form order, at most one
 * per field): the first message of each field with the field's label.
 */
export function launchMessageEntries(
  compiled: CompiledSchemaSet,
  messages: ValidationMessage[],
): LaunchMessageEntry[] {
  const seen = new Set<string>();
  const entries: LaunchMessageEntry[] = [];
  for (const message of messages) {
    if (seen.has(message.field)) continue;
    seen.add(message.field);
    entries.push({
      field: message.field,
      label: fieldLabel(compiled, message.field).label,
      message: message.message,
    });
  }
  return entries;
}

/** Props: the entries (none: nothing rendered) and what a click on one does (focus its field). */
export interface LaunchMessagesPanelProps {
  entries: LaunchMessageEntry[];
  onJump: (field: string) => void;
}

/** Alert with the count and a numbered list of jump links, one per field to fix. */
export function LaunchMessagesPanel({ entries, onJump }: LaunchMessagesPanelProps) {
  if (entries.length === 0) return null;
  const count = entries.length === 1 ? '1 field needs' : `${entries.length} fields need`;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`${count} attention before launch`}
    >
      {/* Room for the numbers up to 99: without it "33." hangs outside the alert, cut short. */}
      <List
        type="ordered"
        size="sm"
        spacing={4}
        styles={{ root: { paddingInlineStart: '2.5em' }, itemWrapper: { display: 'inline' } }}
      >
        {entries.map((entry) => (
          <List.Item key={entry.field}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              // The number sits on the first line of a label that wraps: a button's baseline is
              // its last line's, which the list marker would otherwise follow.
              style={{ verticalAlign: 'top' }}
              underline="always"
              c="var(--mantine-color-text)"
              onClick={() => onJump(entry.field)}
            >
              <Text span fw={600} size="sm" inherit>
                {entry.label}
              </Text>
              : {entry.message}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
