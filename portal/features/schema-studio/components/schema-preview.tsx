/**
 * The live preview of the working copy (issue 11): the real SchemaForm for a chosen product, blank
 * (with the draft's defaults) or filled from an example document, re-rendered with every edit
 * (the editor compiles the copy on each change; benched in tests/bench). What is typed into the
 * preview stays when the draft changes; "Show every message" shows what a failed launch would.
 */
import { Alert, Card, Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import {
  applyDefaults,
  type CompiledSchemaSet,
  type Doc,
  type RuleContext,
} from '../../../../engine/index.ts';
import { SchemaForm } from '../../../../engine/react/schema-form.tsx';

/** Props: the last good compile, the compile error of the current copy (if any), the example documents and contexts. */
export interface SchemaPreviewProps {
  compiled: CompiledSchemaSet;
  compileError: string | null;
  examples: Record<string, Doc>;
  exampleContexts: Record<string, RuleContext>;
}

/** The preview card: product, blank or example, and the form. */
export function SchemaPreview({ compiled, compileError, examples, exampleContexts }: SchemaPreviewProps) {
  const names = Object.keys(exampleContexts);
  const [name, setName] = useState(names[0]);
  const [fill, setFill] = useState<'blank' | 'example'>('blank');
  const [showAll, setShowAll] = useState(false);
  const [doc, setDoc] = useState<Doc | null>(null);
  const ctx = exampleContexts[name];
  const start = fill === 'example' ? (examples[name] ?? {}) : applyDefaults(compiled, {});
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Preview">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Text fw={600}>Preview</Text>
          <Select
            aria-label="Product of the preview"
            size="xs"
            data={names}
            value={name}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              setName(value);
              setDoc(null);
            }}
            w={140}
          />
        </Group>
        <Group justify="space-between">
          <SegmentedControl
            size="xs"
            aria-label="Fill the preview"
            value={fill}
            onChange={(value) => {
              setFill(value as 'blank' | 'example');
              setDoc(null);
            }}
            data={[
              { value: 'blank', label: 'Blank' },
              { value: 'example', label: 'Example' },
            ]}
          />
          <Switch
            size="xs"
            label="Show every message"
            checked={showAll}
            onChange={(event) => setShowAll(event.currentTarget.checked)}
          />
        </Group>
        {compileError && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title="The draft does not compile; the preview shows the last one that did"
          >
            {compileError}
          </Alert>
        )}
        <div data-testid="schema-preview-form">
          <SchemaForm
            compiled={compiled}
            ctx={ctx}
            value={doc ?? start}
            onChange={setDoc}
            showAllErrors={showAll}
          />
        </div>
      </Stack>
    </Card>
  );
}
