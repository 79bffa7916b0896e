/**
 * The form view of the details page: SchemaForm over the application's document with its Launch
 * bar, notices and dialogs. The behaviour lives in hooks named for their concern: the draft and
 * its restored edits (use-draft-document.ts), autosave with refused values and the pre-fill's
 * writes (use-draft-autosave.ts), Merge / Reload on a save conflict (use-save-conflict.ts), the
 * launch flow (use-launch.ts) and the commercial intro dialogs (use-commercial-intro.ts).
 * SPEC §2, §4 (launch reloads), §5, §7, §8; docs/decisions/032, 071, 101.
 */
import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import {
  IconAddressBook,
  IconBuildingStore,
  IconDatabaseSearch,
  IconHistory,
  IconRocket,
} from '@tabler/icons-react';
import { type RefObject, useRef, useState } from 'react';
import {
  type CompiledSchemaSet,
  computeFields,
  type OutcomeMessage,
  type RuleContext,
} from '../../../../engine/index.ts';
import { SchemaForm } from '../../../../engine/react/schema-form.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { useStickyBar } from '../../../lib/sticky-clearance.ts';
import { useWideScreen } from '../../../lib/use-wide-screen.ts';
import { PrefillRunning } from '../../property-data/components/prefill-running.tsx';
import { PropertyDataSummary } from '../../property-data/components/property-data-summary.tsx';
import type { Application } from '../api/application-types.ts';
import type { ContactFields } from '../api/client-contacts.ts';
import { ClientContactDialog } from './client-contact-dialog.tsx';
import { CommercialAddressVerificationDialog } from './commercial-address-verification-dialog.tsx';
import { CommercialBuildingTypeDialog } from './commercial-building-type-dialog.tsx';
import { focusFormField } from './focus-form-field.ts';
import { LaunchBarAction } from './launch-bar-action.tsx';
import { LaunchMessagesPanel } from './launch-messages-panel.tsx';
import { LaunchOutcomeDialog } from './launch-outcome-dialog.tsx';
import { PotentialRepetitiveLossDialog } from './potential-repetitive-loss-dialog.tsx';
import { QuoteRushNotice } from './quote-rush-notice.tsx';
import { SaveConflictDialog } from './save-conflict-dialog.tsx';
import { SaveIndicator } from './save-indicator.tsx';
import { useCommercialIntro } from './use-commercial-intro.ts';
import { useDraftAutosave } from './use-draft-autosave.ts';
import { useDraftDocument } from './use-draft-document.ts';
import { useLaunch } from './use-launch.ts';
import { useSaveConflict } from './use-save-conflict.ts';

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

/** Props: the loaded application and what to do once it launched (reload), with the warnings accepted. */
export interface FormViewProps {
  application: Application;
  /** The compiled schema set of the application's `schema_version`. */
  compiled: CompiledSchemaSet;
  onLaunched: (acceptedWarnings: OutcomeMessage[]) => Promise<unknown>;
  /** The view's heading ("Application details"), where the details page puts focus it lost. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

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
  const formIdPrefix = `application${application.id}`;
  const draft = useDraftDocument(application, editable);
  const { doc } = draft;
  const autosave = useDraftAutosave(application.id, editable, draft);
  const { prefill } = autosave;
  const conflict = useSaveConflict(draft, autosave);
  const launch = useLaunch({
    applicationId: application.id,
    compiled,
    ctx,
    doc,
    formIdPrefix,
    cancelSave: autosave.cancel,
    onLaunched,
  });
  const intro = useCommercialIntro(application, doc);
  const [contactOpen, setContactOpen] = useState(false);
  // The client contact the application names (client_name_id holds its id), or none yet.
  const contactId = /^[0-9]+$/.test(application.client_name_id ?? '')
    ? Number(application.client_name_id)
    : null;

  /** A saved client contact's fields become the application's own, autosaved like typed ones. */
  function takeContact(fields: ContactFields) {
    if (!editable) return;
    const taken = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
    autosave.edit(computeFields(compiled, { ...draft.latest.current, ...taken }, ctx));
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
              onClick={launch.launch}
              loading={launch.launching}
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
      {draft.restoredCount > 0 && (
        <Alert
          color="blue"
          icon={<IconHistory size={18} />}
          title="Unsaved changes restored"
          withCloseButton
          onClose={draft.dismissRestored}
        >
          {draft.restoredCount === 1
            ? '1 change made in this browser had not reached the server; it is back in the form and being saved.'
            : `${draft.restoredCount} changes made in this browser had not reached the server; they are back in the form and being saved.`}
        </Alert>
      )}
      {intro.notCommercial && (
        <Alert
          color="orange"
          icon={<IconBuildingStore size={18} />}
          title="Not a commercial building"
          withCloseButton
          onClose={intro.dismissNotCommercial}
        >
          Commercial carriers will decline it. Delete this application and create a Residential Primary or
          Excess one for the same address.
        </Alert>
      )}
      <LaunchMessagesPanel entries={launch.entries} onJump={(field) => focusFormField(formIdPrefix, field)} />
      <SchemaForm
        idPrefix={formIdPrefix}
        compiled={compiled}
        ctx={ctx}
        value={doc}
        onChange={autosave.edit}
        showAllErrors={launch.showAllErrors}
        disabled={!editable}
        explainMessages={role === 'admin' || role === 'super-admin'}
        fieldNotes={prefill.notes}
        fieldErrors={autosave.fieldErrors}
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
        opened={conflict.opened}
        changes={conflict.changes}
        compiled={compiled}
        onMerge={conflict.merge}
        onReload={conflict.reload}
      />
      <LaunchOutcomeDialog
        outcomes={launch.outcomes}
        onClose={launch.closeOutcomes}
        onLaunchAnyway={launch.launchAnyway}
      />
      <PotentialRepetitiveLossDialog
        opened={launch.repetitiveLossOpen}
        doc={doc}
        onClose={launch.closeRepetitiveLoss}
        onLaunch={launch.launchAfterRepetitiveLoss}
      />
      <CommercialAddressVerificationDialog
        opened={intro.step === 'address'}
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
        onConfirm={intro.addressConfirmed}
        onNotCommercial={intro.declaredNotCommercial}
        onClose={intro.close}
      />
      <CommercialBuildingTypeDialog
        opened={intro.step === 'building-type'}
        value={text(doc.commercial_building_type) || null}
        onClose={intro.close}
        onChoose={(buildingType) => {
          intro.close();
          autosave.edit({ ...doc, commercial_building_type: buildingType });
        }}
      />
    </Stack>
  );
}
