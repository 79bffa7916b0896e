/**
 * The migrations editor (issue 11): the migrations the working copy adds over its base version (the
 * ones that will upgrade documents created under the base when they are migrated), and the steps
 * proposed from the difference (rename, drop, remap, set a default: engine proposeMigrationSteps),
 * which a super-admin ticks and adds as one migration; its remaps and renames move the draft's value
 * mappings as well (issue 37). Other edits go through the raw JSON view.
 */
import { Alert, Button, Checkbox, Code, Group, List, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type Migration,
  type MigrationStep,
  migrateValueMappings,
  migrationsBetween,
  proposeMigrationSteps,
  type SchemaSet,
} from '../../../../engine/index.ts';
import { countNoun } from '../../../lib/count-noun.ts';
import { setPart } from '../model/edit-schema-set.ts';

/** Props: the base version's number and set, the working copy, the change, editability. */
export interface MigrationsEditorProps {
  baseVersion: number;
  base: SchemaSet;
  set: SchemaSet;
  onChange: (set: SchemaSet) => void;
  editable: boolean;
}

/** One step in words. */
export function stepWords(step: MigrationStep): string {
  if ('rename' in step) return `Rename "${step.rename.from}" to "${step.rename.to}"`;
  if ('drop' in step) return `Drop "${step.drop.field}"`;
  if ('remap' in step) {
    const pairs = Object.entries(step.remap.values).map(([from, to]) => `${from} → ${JSON.stringify(to)}`);
    return `In "${step.remap.field}", replace ${pairs.join(', ')}`;
  }
  return `Set "${step.set_default.field}" to ${JSON.stringify(step.set_default.value)} where it is empty`;
}

/** The new migrations and the proposals. */
export function MigrationsEditor({ baseVersion, base, set, onChange, editable }: MigrationsEditorProps) {
  const added = migrationsBetween(base, set);
  const proposed = (() => {
    try {
      return proposeMigrationSteps(base, set);
    } catch {
      return [];
    }
  })();
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const key = (step: MigrationStep) => JSON.stringify(step);
  const chosen = proposed.filter((proposal) => !skipped.has(key(proposal.step)));
  const migrations = set.migrations ?? [];
  const addChosen = () => {
    let n = added.length + 1;
    while (migrations.some((migration) => migration.id === `from-v${baseVersion}-${n}`)) n += 1;
    const migration: Migration = {
      id: `from-v${baseVersion}-${n}`,
      steps: chosen.map((proposal) => proposal.step),
    };
    // The value mappings of the draft move with the documents (issue 37): a remapped value is
    // remapped where a provider's answer writes it too.
    onChange(migrateValueMappings(setPart(set, ['migrations'], [...migrations, migration]), [migration]));
    setSkipped(new Set());
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Applications created under version {baseVersion} keep it until they are migrated or reset; these steps
        upgrade their documents to this draft.
      </Text>
      <section aria-label="Migrations of this draft">
        <Text fw={600} size="sm" mb={4}>
          Migrations of this draft
        </Text>
        {added.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet.
          </Text>
        ) : (
          <Stack gap="xs">
            {added.map((migration) => (
              <Group key={migration.id} justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Code>{migration.id}</Code>
                  <List size="sm" spacing={2}>
                    {migration.steps.map((step) => (
                      <List.Item key={key(step)}>{stepWords(step)}</List.Item>
                    ))}
                  </List>
                </div>
                {editable && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() =>
                      onChange(
                        setPart(
                          set,
                          ['migrations'],
                          migrations.filter((other) => other.id !== migration.id),
                        ),
                      )
                    }
                  >
                    Remove
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </section>
      <section aria-label="Proposed from your changes">
        <Text fw={600} size="sm" mb={4}>
          Proposed from your changes
        </Text>
        {proposed.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing to propose: no field was removed or renamed, no option withdrawn, no default added.
          </Text>
        ) : (
          <Stack gap="xs">
            {proposed.map((proposal) => (
              <Checkbox
                key={key(proposal.step)}
                disabled={!editable}
                checked={!skipped.has(key(proposal.step))}
                onChange={(event) => {
                  const next = new Set(skipped);
                  if (event.currentTarget.checked) next.delete(key(proposal.step));
                  else next.add(key(proposal.step));
                  setSkipped(next);
                }}
                label={stepWords(proposal.step)}
                description={proposal.reason}
              />
            ))}
            {editable && (
              <Group>
                <Button size="xs" disabled={chosen.length === 0} onClick={addChosen}>
                  Add {countNoun(chosen.length, 'step')} as a migration
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </section>
      {proposed.some(
        (proposal) => 'remap' in proposal.step && proposal.reason.includes('decide yourself'),
      ) && (
        <Alert color="yellow" variant="light">
          Some withdrawn options have no obvious replacement; add them to the remap in the Raw JSON tab (part
          "migrations").
        </Alert>
      )}
    </Stack>
  );
}
