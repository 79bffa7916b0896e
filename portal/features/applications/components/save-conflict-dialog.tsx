/**
 * Offered when a save finds the application changed elsewhere (409 stale version): Merge keeps the
 * agent's unsaved changes on top of the latest document, Reload takes the latest and discards them.
 * Issue 5 "Lost updates", docs/decisions/101.
 */
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { type CompiledSchemaSet, type Doc, fieldLabel } from '../../../../engine/index.ts';

/** How many changed fields the dialog names before "and N more". */
const LISTED_FIELDS = 8;

/** Props: open state, the agent's unsaved changes (field -> value), and the two choices. */
export interface SaveConflictDialogProps {
  opened: boolean;
  changes: Doc;
  /** The application's schema set, for the changed fields' labels. */
  compiled: CompiledSchemaSet;
  onMerge: () => void;
  onReload: () => void;
}

/** The Merge / Reload choice; it cannot be dismissed without choosing. */
export function SaveConflictDialog({
  opened,
  changes,
  compiled,
  onMerge,
  onReload,
}: SaveConflictDialogProps) {
  const fields = Object.keys(changes);
  const labels = fields.slice(0, LISTED_FIELDS).map((field) => fieldLabel(compiled, field).label);
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="This application was changed elsewhere"
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          Someone (or another tab) saved this application after you opened it. Your changes are not saved yet:
        </Text>
        {fields.length > 0 ? (
          <List size="sm" spacing={2} aria-label="Your unsaved changes">
            {labels.map((label, index) => (
              <List.Item key={fields[index]}>{label}</List.Item>
            ))}
            {fields.length > LISTED_FIELDS && <List.Item>and {fields.length - LISTED_FIELDS} more</List.Item>}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            (no field differs from what you opened)
          </Text>
        )}
        <Text size="sm">
          <b>Merge</b> puts your changes on top of the latest version and saves. <b>Reload</b> discards them
          and shows the latest version.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onReload}>
            Reload
          </Button>
          <Button onClick={onMerge} data-autofocus>
            Merge
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
