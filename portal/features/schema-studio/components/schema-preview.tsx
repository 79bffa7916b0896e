/**
 * The live preview of the working copy (issue 11): the real SchemaForm for a chosen product, blank
 * (with the draft's defaults), filled from an example document or from a saved test document,
 * re-rendered with every edit (the editor compiles the copy on each change; benched in
 * tests/bench). What is typed into the preview stays when the draft changes; "Show every message"
 * shows what a failed launch would; super-admins save what is typed as a test document.
 */
import { Alert, Button, Card, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState } from 'react';
import {
  applyDefaults,
  type CompiledSchemaSet,
  type Doc,
  fieldLabel,
  formFor,
  isApplicable,
  type RuleContext,
  type SchemaCase,
} from '../../../../engine/index.ts';
import { SchemaForm } from '../../../../engine/react/schema-form.tsx';
import { showToast } from '../../../lib/toast.ts';
import { type SchemaTestDocument, saveTestDocument } from '../api/schema-studio-api.ts';
import { expectHiddenCase, expectMessagesCase } from '../model/case-from-preview.ts';

/**
 * Props: the last good compile, the compile error of the current copy (if any), the example
 * documents and contexts, the saved test documents, and whether what is typed may be saved as one.
 */
export interface SchemaPreviewProps {
  compiled: CompiledSchemaSet;
  compileError: string | null;
  examples: Record<string, Doc>;
  exampleContexts: Record<string, RuleContext>;
  testDocuments: SchemaTestDocument[];
  editable: boolean;
  /** Adds a QA case built from what the preview shows to the working copy (issue 37). */
  onAddCase?: (kase: SchemaCase) => void;
}

/** What the preview starts from: blank, the example of its product, or a saved test document (by id). */
type Fill = 'blank' | 'example' | `saved:${number}`;

/** The preview card: product, blank or example, and the form. */
export function SchemaPreview(props: SchemaPreviewProps) {
  const { compiled, compileError, examples, exampleContexts, testDocuments, editable, onAddCase } = props;
  const names = useMemo(() => Object.keys(exampleContexts), [exampleContexts]);
  const [name, setName] = useState(names[0]);
  const [fill, setFill] = useState<Fill>('blank');
  const [showAll, setShowAll] = useState(false);
  const [doc, setDoc] = useState<Doc | null>(null);
  const saved = testDocuments.find((candidate) => fill === `saved:${candidate.id}`);
  const ctx = saved?.context ?? exampleContexts[name];
  // One blank document per compiled set: a new object on every render would reach SchemaForm as a
  // document from outside and re-render the whole form (ADR 600).
  const blank = useMemo(() => applyDefaults(compiled, {}), [compiled]);
  const start = saved ? saved.document : fill === 'example' ? (examples[name] ?? {}) : blank;
  const pickName = useCallback((value: string) => {
    setName(value);
    setDoc(null);
  }, []);
  const pickFill = useCallback((value: Fill) => {
    setFill(value);
    setDoc(null);
  }, []);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Preview">
      <Stack gap="sm">
        <PreviewControls
          names={names}
          name={name}
          fill={fill}
          testDocuments={testDocuments}
          showAll={showAll}
          onName={pickName}
          onFill={pickFill}
          onShowAll={setShowAll}
        />
        {compileError && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title="The draft does not compile; the preview shows the last one that did"
          >
            {compileError}
          </Alert>
        )}
        {editable && <SaveAsTestDocument ctx={ctx} doc={doc ?? start} />}
        {editable && onAddCase && (
          <AddQaCase compiled={compiled} ctx={ctx} doc={doc ?? start} onAddCase={onAddCase} />
        )}
        <div data-testid="schema-preview-form">
          <SchemaForm
            compiled={compiled}
            ctx={ctx}
            value={doc ?? start}
            onChange={setDoc}
            showAllErrors={showAll}
            everySectionAtOnce
            // Right under the studio's h1: the preview's sections are its h2s.
            sectionHeadingLevel={2}
          />
        </div>
      </Stack>
    </Card>
  );
}

/**
 * The preview's product, fill and "every message" controls: drawn again only when one of them
 * changes, not on each compile of the draft (ADR 781).
 */
const PreviewControls = memo(function PreviewControls(props: {
  names: string[];
  name: string;
  fill: Fill;
  testDocuments: SchemaTestDocument[];
  showAll: boolean;
  onName: (name: string) => void;
  onFill: (fill: Fill) => void;
  onShowAll: (show: boolean) => void;
}) {
  const { names, name, fill, testDocuments, showAll, onName, onFill, onShowAll } = props;
  return (
    <>
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
            onName(value);
          }}
          w={140}
        />
      </Group>
      <Group justify="space-between">
        <Select
          size="xs"
          aria-label="Fill the preview"
          value={fill}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            onFill(value as Fill);
          }}
          data={[
            { value: 'blank', label: 'Blank' },
            { value: 'example', label: 'Example document' },
            ...testDocuments.map((candidate) => ({
              value: `saved:${candidate.id}`,
              label: `Saved: ${candidate.name}`,
            })),
          ]}
          w={220}
        />
        <Switch
          size="xs"
          label="Show every message"
          checked={showAll}
          onChange={(event) => onShowAll(event.currentTarget.checked)}
        />
      </Group>
    </>
  );
});

function SaveAsTestDocument({ ctx, doc }: { ctx: RuleContext; doc: Doc }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const answer = await saveTestDocument(name.trim(), ctx, doc);
    setBusy(false);
    if (answer.status !== 'success') return;
    showToast('success', 'Test document saved', `"${name.trim()}" now runs on the test bench.`);
    setName('');
    await queryClient.invalidateQueries({ queryKey: ['schema-studio', 'test-documents'] });
  };
  return (
    <Group gap="xs" align="flex-end">
      <TextInput
        size="xs"
        label="Save what is typed as a test document"
        placeholder="Name, e.g. Condo on floor 3"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <Button size="xs" variant="light" loading={busy} disabled={name.trim() === ''} onClick={save}>
        Save
      </Button>
    </Group>
  );
}

/**
 * QA's case from the preview, without JSON: a title, then "Expect exactly these messages" (what the
 * form shows now) or a hidden field picked from those the form hides now and "Expect this field hidden".
 */
function AddQaCase(props: {
  compiled: CompiledSchemaSet;
  ctx: RuleContext;
  doc: Doc;
  onAddCase: (kase: SchemaCase) => void;
}) {
  const { compiled, ctx, doc, onAddCase } = props;
  const [title, setTitle] = useState('');
  const [hidden, setHidden] = useState<string | null>(null);
  const hiddenFields = useMemo(() => {
    try {
      const form = formFor(compiled, ctx);
      return form.sections
        .flatMap((section) => section.fields)
        .filter((field) => !isApplicable(compiled, field, doc, ctx))
        .map((field) => ({ value: field, label: `${fieldLabel(compiled, field).label} (${field})` }));
    } catch {
      return [];
    }
  }, [compiled, ctx, doc]);
  const named = title.trim();
  const add = (kase: SchemaCase) => {
    onAddCase(kase);
    showToast('success', 'QA case added', `"${named}" runs with every check of this draft.`);
    setTitle('');
    setHidden(null);
  };
  return (
    <Stack gap={6} component="section" aria-label="Add a QA case">
      <TextInput
        size="xs"
        label="Add what the preview shows as a QA case"
        placeholder="Title, e.g. Condo on floor 1 has no stairs"
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      <Group gap="xs" align="flex-end">
        <Button
          size="xs"
          variant="light"
          disabled={named === ''}
          onClick={() => add(expectMessagesCase(compiled, named, doc, ctx))}
        >
          Expect exactly these messages
        </Button>
        <Select
          size="xs"
          aria-label="Field the case expects hidden"
          placeholder="A hidden field"
          data={hiddenFields}
          value={hidden}
          onChange={setHidden}
          searchable
          w={200}
        />
        <Button
          size="xs"
          variant="light"
          disabled={named === '' || !hidden}
          onClick={() => hidden && add(expectHiddenCase(named, doc, ctx, hidden))}
        >
          Expect this field hidden
        </Button>
      </Group>
    </Stack>
  );
}
