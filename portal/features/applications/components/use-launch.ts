/**
 * The launch of an application from the details form (SPEC §4 a successful launch reloads it, §5
 * validation and underwriting questions, §7 launch-application, §8 'Invalid data!';
 * docs/decisions/032; issue 17 launch messages): the engine validates first, underwriting outcomes
 * may stop it or ask for "Launch anyway", a commercial prior loss asks about repetitive loss, and
 * launch-application carries the document itself.
 *
 * States: idle; invalid (`showAllErrors`: every message shown and listed in `entries`, focus on
 * the first failing field, shrinking as the agent fixes them); outcomes open (`outcomes`, blocks
 * or warnings); repetitive loss open (`repetitiveLossOpen`); `launching` while the call runs;
 * launched (code 200: unsaved edits cleared, 'Application launched' toast, `onLaunched` with the
 * accepted warnings). A refused launch with `error_obj` goes back to invalid.
 */
import { useEffect, useRef, useState } from 'react';
import {
  type CompiledSchemaSet,
  type Doc,
  evaluateOutcomes,
  firstMessage,
  type OutcomeMessage,
  type RuleContext,
  validateDocument,
} from '../../../../engine/index.ts';
import { showToast } from '../../../lib/toast.ts';
import { launchApplication } from '../api/launch-application.ts';
import { clearUnsavedEdits } from '../stores/unsaved-edits-store.ts';
import { focusFormField } from './focus-form-field.ts';
import { launchMessageEntries } from './launch-messages-panel.tsx';
import { asksAboutRepetitiveLoss } from './potential-repetitive-loss.ts';

/** What useLaunch launches and how. */
export interface LaunchOptions {
  applicationId: number;
  compiled: CompiledSchemaSet;
  ctx: RuleContext;
  /** The document as the form shows it: what is validated and sent. */
  doc: Doc;
  /** The SchemaForm's idPrefix, where a failed launch puts focus. */
  formIdPrefix: string;
  /** Drops a pending save: the launch carries the document itself. */
  cancelSave: () => void;
  onLaunched: (acceptedWarnings: OutcomeMessage[]) => Promise<unknown>;
}

/**
 * Launch of the form's document: `launch()` for the Launch button, `launchAnyway()` and
 * `closeOutcomes()` for the outcome dialog, `launchAfterRepetitiveLoss()` and
 * `closeRepetitiveLoss()` for the repetitive loss dialog, and the states above.
 */
export function useLaunch({
  applicationId,
  compiled,
  ctx,
  doc,
  formIdPrefix,
  cancelSave,
  onLaunched,
}: LaunchOptions) {
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [outcomes, setOutcomes] = useState<OutcomeMessage[] | null>(null);
  const [launching, setLaunching] = useState(false);
  const [repetitiveLossOpen, setRepetitiveLossOpen] = useState(false);
  // Warnings the agent accepted on the way to the launch, for the immediate info after it.
  const accepted = useRef<OutcomeMessage[]>([]);
  // After a failed launch the panel lists what is still wrong, shrinking as the agent fixes it.
  const entries = showAllErrors ? launchMessageEntries(compiled, validateDocument(compiled, doc, ctx)) : [];
  // Set by a failed launch: the field to focus once the panel and the messages are rendered.
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  useEffect(() => {
    if (focusRequest) focusFormField(formIdPrefix, focusRequest.field);
  }, [focusRequest, formIdPrefix]);

  async function doLaunch() {
    setOutcomes(null);
    setRepetitiveLossOpen(false);
    setLaunching(true);
    // The launch carries the document itself; a pending draft save would only race it.
    cancelSave();
    const envelope = await launchApplication(applicationId, doc);
    setLaunching(false);
    if (envelope.code === 200) {
      // The launch carried every edit.
      clearUnsavedEdits(applicationId);
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
    if (ctx.product === 'Commercial' && asksAboutRepetitiveLoss(doc)) {
      setRepetitiveLossOpen(true);
      return;
    }
    void doLaunch();
  }

  return {
    launching,
    showAllErrors,
    entries,
    outcomes,
    repetitiveLossOpen,
    launch,
    launchAnyway: () => afterOutcomes((outcomes ?? []).filter((o) => o.outcome === 'warning')),
    closeOutcomes: () => setOutcomes(null),
    launchAfterRepetitiveLoss: () => void doLaunch(),
    closeRepetitiveLoss: () => setRepetitiveLossOpen(false),
  };
}
