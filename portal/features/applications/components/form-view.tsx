/**
 * The form view of the details page: SchemaForm over the document, autosave with update-application,
 * and the launch flow (engine validation -> 'Invalid data!', underwriting outcomes, launch-application).
 * SPEC §2, §4 (launch reloads), §5, §7, §8.
 */
import { Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCheck, IconCloudOff, IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { evaluateOutcomes } from '../../../../engine/evaluate-outcomes.ts';
import { firstMessage } from '../../../../engine/first-message.ts';
import { SchemaForm } from '../../../../engine/react/schema-form.tsx';
import type { Doc, OutcomeMessage, RuleContext } from '../../../../engine/types.ts';
import { validateDocument } from '../../../../engine/validate-document.ts';
import { placeholders } from '../../../../schemas/schema-set.ts';
import { getCompiledSchemaSet } from '../../../lib/compiled-schema-set.ts';
import { showToast } from '../../../lib/toast.ts';
import type { Application } from '../api/application-types.ts';
import { launchApplication } from '../api/launch-application.ts';
import { updateApplication } from '../api/update-application.ts';
import { LaunchOutcomeDialog } from './launch-outcome-dialog.tsx';
import { type SaveState, saveStateLabel, useAutosave } from './use-autosave.ts';

/** The rule context of an application: product = first quote type. */
export function ruleContextOf(
  app: Pick<Application, 'carrier_quote_type' | 'application_type' | 'status'>,
): RuleContext {
  return {
    product: app.carrier_quote_type?.[0] ?? 'Primary',
    application_type: app.application_type,
    status: app.status,
  };
}

/**
 * The document to edit: `payload.useable_details`, with the placeholder phone cleared for a new
 * commercial application. SPEC §4.
 */
export function initialDocument(app: Application): Doc {
  const doc: Doc = { ...(app.payload?.useable_details ?? {}) };
  if (
    app.status === 'new' &&
    app.carrier_quote_type?.[0] === 'Commercial' &&
    doc.phone === placeholders.phone
  )
    doc.phone = '';
  return doc;
}

/** Props: the loaded application and what to do once it launched (reload). */
export interface FormViewProps {
  application: Application;
  onLaunched: () => Promise<unknown>;
}

function SaveIndicator({ state }: { state: SaveState }) {
  const label = saveStateLabel(state);
  if (!label) return null;
  const color = state === 'retrying' ? 'yellow.7' : 'dimmed';
  return (
    <Group gap={6} aria-live="polite" role="status">
      {state === 'saved' ? (
        <IconCheck size={16} color="var(--mantine-color-green-6)" aria-hidden />
      ) : state === 'retrying' ? (
        <IconCloudOff size={16} color="var(--mantine-color-yellow-7)" aria-hidden />
      ) : (
        <Loader size={12} aria-hidden />
      )}
      <Text size="sm" c={color}>
        {label}
      </Text>
    </Group>
  );
}

/** Form, save state and Launch button. */
export function FormView({ application, onLaunched }: FormViewProps) {
  const compiled = getCompiledSchemaSet();
  const ctx = ruleContextOf(application);
  const editable = application.status === 'new';
  const [doc, setDoc] = useState<Doc>(() => initialDocument(application));
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [outcomes, setOutcomes] = useState<OutcomeMessage[] | null>(null);
  const [launching, setLaunching] = useState(false);

  const autosave = useAutosave<Doc>(async (next) => {
    const envelope = await updateApplication(application.id, next);
    return envelope.status === 'success';
  });

  function onChange(next: Doc) {
    setDoc(next);
    if (editable) autosave.schedule(next);
  }

  async function doLaunch() {
    setOutcomes(null);
    setLaunching(true);
    // The launch carries the document itself; a pending draft save would only race it.
    autosave.cancel();
    const envelope = await launchApplication(application.id, doc);
    setLaunching(false);
    if (envelope.code === 200) {
      await onLaunched();
      return;
    }
    if (envelope.error_obj) setShowAllErrors(true);
  }

  function launch() {
    const messages = validateDocument(compiled, doc, ctx);
    if (messages.length > 0) {
      showToast('warning', 'Invalid data!', firstMessage(compiled, messages));
      setShowAllErrors(true);
      return;
    }
    const found = evaluateOutcomes(compiled, doc, ctx);
    if (found.length > 0) {
      setOutcomes(found);
      return;
    }
    void doLaunch();
  }

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" pos="sticky" top={60} style={{ zIndex: 5 }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="md">
            <Text fw={600}>Application details</Text>
            <SaveIndicator state={autosave.state} />
          </Group>
          <Button
            leftSection={<IconRocket size={18} />}
            onClick={launch}
            loading={launching}
            disabled={!editable}
          >
            Launch
          </Button>
        </Group>
      </Card>
      <SchemaForm
        compiled={compiled}
        ctx={ctx}
        value={doc}
        onChange={onChange}
        showAllErrors={showAllErrors}
        disabled={!editable}
      />
      <LaunchOutcomeDialog
        outcomes={outcomes}
        onClose={() => setOutcomes(null)}
        onLaunchAnyway={() => void doLaunch()}
      />
    </Stack>
  );
}
