/**
 * The form view of the details page: SchemaForm over the document, autosave with update-application,
 * and the launch flow (engine validation -> 'Invalid data!', underwriting outcomes, launch-application).
 * SPEC §2, §4 (launch reloads), §5, §7, §8.
 */
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconCheck, IconCloudOff, IconRocket } from '@tabler/icons-react';
import { useRef, useState } from 'react';
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
import { CommercialAddressVerificationDialog } from './commercial-address-verification-dialog.tsx';
import { CommercialBuildingTypeDialog } from './commercial-building-type-dialog.tsx';
import { LaunchOutcomeDialog } from './launch-outcome-dialog.tsx';
import { asksAboutRepetitiveLoss } from './potential-repetitive-loss.ts';
import { PotentialRepetitiveLossDialog } from './potential-repetitive-loss-dialog.tsx';
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

/** Props: the loaded application and what to do once it launched (reload), with the warnings accepted. */
export interface FormViewProps {
  application: Application;
  onLaunched: (acceptedWarnings: OutcomeMessage[]) => Promise<unknown>;
}

/** The commercial dialogs shown before the form: address first, then the building type. ADR 071. */
export type CommercialIntroStep = 'address' | 'building-type' | null;

/**
 * The first commercial intro step for an application: a new Commercial application whose document
 * has no `commercial_building_type` yet starts with the address verification; others skip it.
 */
export function commercialIntroStart(
  app: Pick<Application, 'status' | 'carrier_quote_type'>,
  doc: Doc,
): CommercialIntroStep {
  const commercial = app.carrier_quote_type?.[0] === 'Commercial';
  return app.status === 'new' && commercial && !doc.commercial_building_type ? 'address' : null;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

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
  const [intro, setIntro] = useState<CommercialIntroStep>(() => commercialIntroStart(application, doc));
  const [notCommercial, setNotCommercial] = useState(false);
  const [repetitiveLossOpen, setRepetitiveLossOpen] = useState(false);
  // Warnings the agent accepted on the way to the launch, for the immediate info after it.
  const accepted = useRef<OutcomeMessage[]>([]);
  const commercial = ctx.product === 'Commercial';

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
    setRepetitiveLossOpen(false);
    setLaunching(true);
    // The launch carries the document itself; a pending draft save would only race it.
    autosave.cancel();
    const envelope = await launchApplication(application.id, doc);
    setLaunching(false);
    if (envelope.code === 200) {
      await onLaunched(accepted.current);
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
    accepted.current = [];
    if (found.length > 0) {
      setOutcomes(found);
      return;
    }
    afterOutcomes([]);
  }

  /** After the underwriting warnings: a commercial prior loss asks about repetitive loss first. */
  function afterOutcomes(warnings: OutcomeMessage[]) {
    accepted.current = warnings;
    setOutcomes(null);
    if (commercial && asksAboutRepetitiveLoss(doc)) {
      setRepetitiveLossOpen(true);
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
      {notCommercial && (
        <Alert
          color="orange"
          icon={<IconBuildingStore size={18} />}
          title="Not a commercial building"
          withCloseButton
          onClose={() => setNotCommercial(false)}
        >
          Commercial carriers will decline it. Delete this application and create a Residential Primary or
          Excess one for the same address.
        </Alert>
      )}
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
        onLaunchAnyway={() => afterOutcomes((outcomes ?? []).filter((o) => o.outcome === 'warning'))}
      />
      <PotentialRepetitiveLossDialog
        opened={repetitiveLossOpen}
        doc={doc}
        onClose={() => setRepetitiveLossOpen(false)}
        onLaunch={() => void doLaunch()}
      />
      <CommercialAddressVerificationDialog
        opened={intro === 'address'}
        address={{
          searched_address: text(doc.searched_address),
          address1: text(doc.address1),
          address2: text(doc.address2),
          city: text(doc.city),
          state: text(doc.state),
          zip: text(doc.zip),
          county: text(doc.county),
          flood_zone: text(doc.flood_zone),
        }}
        onConfirm={() => setIntro('building-type')}
        onNotCommercial={() => {
          setIntro(null);
          setNotCommercial(true);
        }}
        onClose={() => setIntro(null)}
      />
      <CommercialBuildingTypeDialog
        opened={intro === 'building-type'}
        value={text(doc.commercial_building_type) || null}
        onClose={() => setIntro(null)}
        onChoose={(buildingType) => {
          setIntro(null);
          onChange({ ...doc, commercial_building_type: buildingType });
        }}
      />
    </Stack>
  );
}
