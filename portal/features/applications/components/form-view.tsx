/**
 * The form view of the details page: SchemaForm over the document, autosave with update-application
 * based on the version it edits (Merge / Reload on a conflict, unsaved edits kept in localStorage and
 * restored), and the launch flow (engine validation -> 'Invalid data!', underwriting outcomes,
 * launch-application). SPEC §2, §4 (launch reloads), §5, §7, §8; docs/decisions/032, 101.
 */
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconAlertTriangle,
  IconBuildingStore,
  IconCheck,
  IconCloudOff,
  IconDatabaseSearch,
  IconHistory,
  IconRocket,
} from '@tabler/icons-react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import {
  type CompiledSchemaSet,
  computeFields,
  type Doc,
  evaluateOutcomes,
  firstMessage,
  type OutcomeMessage,
  type RuleContext,
  validateDocument,
} from '../../../../engine/index.ts';
import { mergeFieldChanges } from '../../../../engine/react/merge-field-changes.ts';
import { SchemaForm } from '../../../../engine/react/schema-form.tsx';
import { placeholders } from '../../../../schemas/schema-set.ts';
import { announce } from '../../../lib/announce.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useStickyBar } from '../../../lib/sticky-clearance.ts';
import { showToast } from '../../../lib/toast.ts';
import { useWideScreen } from '../../../lib/use-wide-screen.ts';
import { addressDiffers } from '../../property-data/address-fields.ts';
import { PrefillRunning } from '../../property-data/components/prefill-running.tsx';
import { PropertyDataSummary } from '../../property-data/components/property-data-summary.tsx';
import { usePrefill } from '../../property-data/components/use-prefill.ts';
import type { Application } from '../api/application-types.ts';
import type { ContactFields } from '../api/client-contacts.ts';
import { getApplicationById } from '../api/get-application-by-id.ts';
import { launchApplication } from '../api/launch-application.ts';
import { isUnreachable, staleVersionApplication, updateApplication } from '../api/update-application.ts';
import { changedFields } from '../stores/changed-fields.ts';
import {
  type RefusedValues,
  refusalMessages,
  refusedValuesOf,
  standingRefusals,
  withoutRefused,
} from '../stores/refused-values.ts';
import {
  clearUnsavedEdits,
  readUnsavedEdits,
  type UnsavedEdits,
  writeUnsavedEdits,
} from '../stores/unsaved-edits-store.ts';
import { ClientContactDialog } from './client-contact-dialog.tsx';
import { CommercialAddressVerificationDialog } from './commercial-address-verification-dialog.tsx';
import { CommercialBuildingTypeDialog } from './commercial-building-type-dialog.tsx';
import { focusFormField } from './focus-form-field.ts';
import { LaunchBarAction } from './launch-bar-action.tsx';
import { LaunchMessagesPanel, launchMessageEntries } from './launch-messages-panel.tsx';
import { LaunchOutcomeDialog } from './launch-outcome-dialog.tsx';
import { asksAboutRepetitiveLoss } from './potential-repetitive-loss.ts';
import { PotentialRepetitiveLossDialog } from './potential-repetitive-loss-dialog.tsx';
import { QuoteRushNotice } from './quote-rush-notice.tsx';
import { SaveConflictDialog } from './save-conflict-dialog.tsx';
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

/** `edits` (field -> value) applied onto `doc`, every other field of `doc` kept. */
function withEdits(doc: Doc, edits: Doc): Doc {
  return mergeFieldChanges(doc, edits, Object.keys(edits)).doc;
}

/**
 * Where editing starts: the server's document, plus the unsaved edits kept in this browser when
 * some still differ from it. `base` is what the edits are compared with and the version a save is
 * based on: the kept edits' version, so a save after a change elsewhere conflicts instead of
 * overwriting it. docs/decisions/101.
 */
export function startingPoint(
  app: Application,
  kept: UnsavedEdits | null,
): { doc: Doc; base: { doc: Doc; version: number | undefined }; restored: number } {
  const serverDoc = initialDocument(app);
  const edits = kept ? changedFields(serverDoc, withEdits(serverDoc, kept.fields)) : {};
  const restored = Object.keys(edits).length;
  return {
    doc: restored ? withEdits(serverDoc, edits) : serverDoc,
    base: { doc: serverDoc, version: restored ? (kept?.version ?? app.version) : app.version },
    restored,
  };
}

/** Props: the loaded application and what to do once it launched (reload), with the warnings accepted. */
export interface FormViewProps {
  application: Application;
  /** The compiled schema set of the application's `schema_version`. */
  compiled: CompiledSchemaSet;
  onLaunched: (acceptedWarnings: OutcomeMessage[]) => Promise<unknown>;
  /** The view's heading ("Application details"), where the details page puts focus it lost. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
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

/** What a screen reader hears when a save fails (issue 46), by state; the indicator's label says it short. */
const SAVE_FAILURES: Partial<Record<SaveState, string>> = {
  retrying: 'Autosave failed. Trying again.',
  offline:
    'Autosave failed: you are offline. Your changes are kept on this device and sent when back online.',
  conflict: 'Autosave failed: the application was changed elsewhere. Choose Merge or Reload.',
  refused: 'Autosave failed: a value was refused. See the marked field.',
};

/**
 * The autosave's state beside the heading (`data-save-state` holds it). A failure is read out at
 * once (lib/announce.ts, SAVE_FAILURES); "Saving…" and "All changes saved", after every
 * keystroke's save, are shown but not read, so the indicator is no live region of its own.
 */
function SaveIndicator({ state }: { state: SaveState }) {
  const label = saveStateLabel(state);
  const warn = state === 'retrying' || state === 'offline' || state === 'conflict' || state === 'refused';
  const failure = SAVE_FAILURES[state];
  useEffect(() => {
    if (failure) announce(failure, 'assertive');
  }, [failure]);
  if (!label) return null;
  return (
    <Group gap={6} data-save-state={state}>
      {state === 'saved' ? (
        <IconCheck size={16} color="var(--mantine-color-green-6)" aria-hidden />
      ) : state === 'conflict' || state === 'refused' ? (
        <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />
      ) : warn ? (
        <IconCloudOff size={16} color="var(--mantine-color-yellow-7)" aria-hidden />
      ) : (
        <Loader size={12} aria-hidden />
      )}
      <Text size="sm" c={warn ? 'yellow.8' : 'dimmed'} fw={warn ? 500 : undefined}>
        {label}
      </Text>
    </Group>
  );
}

/** Form, save state and Launch button. */
export function FormView({ application, compiled, onLaunched, headingRef }: FormViewProps) {
  const role = useAuth().user?.role;
  // The Launch bar stays under the header while the form scrolls: focus is kept clear of it.
  const launchBar = useRef<HTMLDivElement>(null);
  useStickyBar(launchBar, 'top');
  // On a phone the bar's secondary actions are icon buttons: it stays within 15% of the screen (ADR 766).
  const wide = useWideScreen();
  const ctx = ruleContextOf(application);
  const editable = application.status === 'new';
  // Read once: a reload (or crash) restores what this browser had not saved yet.
  const [start] = useState(() =>
    startingPoint(application, editable ? readUnsavedEdits(application.id) : null),
  );
  const [doc, setDoc] = useState<Doc>(start.doc);
  const [restoredCount, setRestoredCount] = useState(start.restored);
  // The document and version the local edits started from; a save moves both forward.
  const base = useRef(start.base);
  const latestDoc = useRef(start.doc);
  const [conflict, setConflict] = useState<Application | null>(null);
  // Values the server refused (issue 37): shown at their fields, left out of later saves.
  const refused = useRef<RefusedValues>({});
  const [refusedShown, setRefusedShown] = useState<RefusedValues>({});
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [outcomes, setOutcomes] = useState<OutcomeMessage[] | null>(null);
  const [launching, setLaunching] = useState(false);
  const [intro, setIntro] = useState<CommercialIntroStep>(() => commercialIntroStart(application, doc));
  const [notCommercial, setNotCommercial] = useState(false);
  const [repetitiveLossOpen, setRepetitiveLossOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  // The client contact the application names (client_name_id holds its id), or none yet.
  const contactId = /^[0-9]+$/.test(application.client_name_id ?? '')
    ? Number(application.client_name_id)
    : null;
  // Warnings the agent accepted on the way to the launch, for the immediate info after it.
  const accepted = useRef<OutcomeMessage[]>([]);
  const commercial = ctx.product === 'Commercial';
  const formIdPrefix = `application${application.id}`;
  // After a failed launch the panel lists what is still wrong, shrinking as the agent fixes it.
  const launchEntries = showAllErrors
    ? launchMessageEntries(compiled, validateDocument(compiled, doc, ctx))
    : [];
  // Set by a failed launch: the field to focus once the panel and the messages are rendered.
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  useEffect(() => {
    if (focusRequest) focusFormField(formIdPrefix, focusRequest.field);
  }, [focusRequest, formIdPrefix]);

  /** Keeps the current document's unsaved changes in localStorage (none: forgets them). */
  function keepEdits(current: Doc) {
    writeUnsavedEdits(application.id, {
      version: base.current.version ?? null,
      fields: changedFields(base.current.doc, current),
    });
  }

  /** Saves `next` without the values the server refused; a new refusal is kept and the rest saved at once. */
  async function saveDocument(next: Doc) {
    let sent = withoutRefused(next, refused.current);
    let envelope = await updateApplication(application.id, sent, base.current.version);
    const newly = refusedValuesOf(envelope, sent);
    if (newly) {
      refused.current = { ...refused.current, ...newly };
      sent = withoutRefused(next, refused.current);
      envelope = await updateApplication(application.id, sent, base.current.version);
    }
    refused.current = standingRefusals(refused.current, latestDoc.current);
    setRefusedShown(refused.current);
    return { envelope, sent };
  }

  const autosave = useAutosave<Doc>(async (next) => {
    const { envelope, sent } = await saveDocument(next);
    if (envelope.status === 'success' && envelope.data) {
      const before = base.current.doc;
      // The server holds what was sent over what it had; a refused value stays an unsaved edit.
      base.current = { doc: { ...base.current.doc, ...sent }, version: envelope.data.application.version };
      keepEdits(latestDoc.current);
      // A saved new address queued a pre-fill on the server: follow it.
      if (addressDiffers(before, base.current.doc)) prefill.refresh();
      return Object.keys(refused.current).length > 0 ? 'refused' : 'saved';
    }
    const latest = staleVersionApplication(envelope);
    if (latest) {
      // The background pre-fill wrote meanwhile (issue 40): its values go under the edits, saved again.
      if (latest.version !== undefined && (await prefill.explains(latest.version))) {
        absorbServerDocument(latest);
        return 'saved';
      }
      setConflict(latest);
      return 'conflict';
    }
    if (refusedValuesOf(envelope, sent)) return 'refused';
    return isUnreachable(envelope) ? 'offline' : 'failed';
  });
  const fieldErrors = useMemo(() => refusalMessages(refusedShown, doc), [refusedShown, doc]);

  function showDoc(next: Doc) {
    latestDoc.current = next;
    setDoc(next);
  }

  function onChange(next: Doc) {
    showDoc(next);
    if (!editable) return;
    keepEdits(next);
    autosave.schedule(next);
  }

  /**
   * A newer server document the pre-fill wrote (issue 40): it becomes the base, with the agent's
   * unsaved edits on top (they win over a value it filled), and those edits are saved on its version.
   */
  function absorbServerDocument(latest: Application) {
    const version = base.current.version;
    // Taken already (the poll and a save's conflict may both bring it): only the edits to save remain.
    if (version === undefined || latest.version === undefined || latest.version > version) {
      const serverDoc = initialDocument(latest);
      const merged = withEdits(serverDoc, changedFields(base.current.doc, latestDoc.current));
      base.current = { doc: serverDoc, version: latest.version };
      showDoc(merged);
      keepEdits(merged);
    }
    if (Object.keys(changedFields(base.current.doc, latestDoc.current)).length > 0)
      autosave.schedule(latestDoc.current);
  }

  // The pre-fill runs on the server by itself (create, address change) or when asked again.
  const prefill = usePrefill({
    applicationId: application.id,
    enabled: editable,
    doc,
    baseVersion: () => base.current.version,
    beforeRequest: () => autosave.flush(),
    onWritten: () => {
      void getApplicationById(application.id, { silent: true })
        .then(absorbServerDocument)
        .catch(() => undefined);
    },
  });

  /** A saved client contact's fields become the application's own, autosaved like typed ones. */
  function takeContact(fields: ContactFields) {
    if (!editable) return;
    const taken = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
    onChange(computeFields(compiled, { ...latestDoc.current, ...taken }, ctx));
  }

  // Restored edits are saved straight away (a stale version meets the Merge / Reload choice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (start.restored) autosave.schedule(start.doc);
  }, []);

  /** Merge: the agent's changes on top of the latest document, saved on its version. */
  function mergeConflict(latest: Application) {
    const serverDoc = initialDocument(latest);
    const merged = withEdits(serverDoc, changedFields(base.current.doc, latestDoc.current));
    base.current = { doc: serverDoc, version: latest.version };
    setConflict(null);
    showDoc(merged);
    keepEdits(merged);
    autosave.schedule(merged);
    void autosave.flush();
  }

  /** Reload: the latest document, local changes discarded. */
  function reloadConflict(latest: Application) {
    const serverDoc = initialDocument(latest);
    autosave.cancel();
    base.current = { doc: serverDoc, version: latest.version };
    clearUnsavedEdits(application.id);
    setConflict(null);
    setRestoredCount(0);
    showDoc(serverDoc);
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
      // The launch carried every edit.
      clearUnsavedEdits(application.id);
      showToast('success', 'Application launched', 'Quotes appear as each carrier answers.');
      await onLaunched(accepted.current);
      return;
    }
    if (envelope.error_obj) {
      setShowAllErrors(true);
      const first = validateDocument(compiled, doc, ctx)[0];
      if (first) setFocusRequest({ field: first.field });
    }
  }

  function launch() {
    const messages = validateDocument(compiled, doc, ctx);
    if (messages.length > 0) {
      showToast('warning', 'Invalid data!', firstMessage(compiled, messages));
      setShowAllErrors(true);
      setFocusRequest({ field: messages[0].field });
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
      <Card
        ref={launchBar}
        withBorder
        radius="md"
        p={{ base: 'xs', sm: 'md' }}
        pos="sticky"
        top={60}
        style={{ zIndex: 5 }}
        data-launch-bar
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="md">
            <Title order={2} fz="md" fw={600} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
              Application details
            </Title>
            <SaveIndicator state={autosave.state} />
          </Group>
          <Group gap="sm" ml="auto">
            <LaunchBarAction
              label={contactId === null ? 'Create client contact' : 'Update client contact'}
              icon={<IconAddressBook size={18} />}
              onClick={() => setContactOpen(true)}
              compact={!wide}
            />
            <LaunchBarAction
              label="Fill from property data"
              icon={<IconDatabaseSearch size={18} />}
              onClick={() => void prefill.fill()}
              loading={prefill.requesting || prefill.underWay}
              disabled={!editable}
              compact={!wide}
            />
            <Button
              leftSection={<IconRocket size={18} />}
              onClick={launch}
              loading={launching}
              disabled={!editable}
            >
              Launch
            </Button>
          </Group>
        </Group>
      </Card>
      <QuoteRushNotice />
      {editable && prefill.underWay && <PrefillRunning />}
      {prefill.summary && <PropertyDataSummary summary={prefill.summary} onClose={prefill.dismiss} />}
      {restoredCount > 0 && (
        <Alert
          color="blue"
          icon={<IconHistory size={18} />}
          title="Unsaved changes restored"
          withCloseButton
          onClose={() => setRestoredCount(0)}
        >
          {restoredCount === 1
            ? '1 change made in this browser had not reached the server; it is back in the form and being saved.'
            : `${restoredCount} changes made in this browser had not reached the server; they are back in the form and being saved.`}
        </Alert>
      )}
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
      <LaunchMessagesPanel entries={launchEntries} onJump={(field) => focusFormField(formIdPrefix, field)} />
      <SchemaForm
        idPrefix={formIdPrefix}
        compiled={compiled}
        ctx={ctx}
        value={doc}
        onChange={onChange}
        showAllErrors={showAllErrors}
        disabled={!editable}
        explainMessages={role === 'admin' || role === 'super-admin'}
        fieldNotes={prefill.notes}
        fieldErrors={fieldErrors}
      />
      <ClientContactDialog
        opened={contactOpen}
        onClose={() => setContactOpen(false)}
        applicationId={application.id}
        contactId={contactId}
        doc={doc}
        compiled={compiled}
        ctx={ctx}
        onSaved={takeContact}
      />
      <SaveConflictDialog
        opened={conflict !== null}
        changes={conflict ? changedFields(base.current.doc, doc) : {}}
        compiled={compiled}
        onMerge={() => conflict && mergeConflict(conflict)}
        onReload={() => conflict && reloadConflict(conflict)}
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
