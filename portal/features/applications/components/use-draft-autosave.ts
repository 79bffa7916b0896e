/**
 * The details form's autosave (SPEC §7 update-application; docs/decisions/032, 101; issues 37,
 * 40): each edit is kept in localStorage and saved with update-application on the version the
 * draft is based on (useAutosave: debounced, retried), values the server refused are left out of
 * later saves and shown at their fields, and the background pre-fill's writes are taken under the
 * agent's edits.
 *
 * States: useAutosave's `state` (idle, pending, saving, saved, retrying, offline, conflict,
 * refused); `conflict` holds the newer application a save met (a change made elsewhere, not by the
 * pre-fill) until useSaveConflict resolves it; `fieldErrors` the refused values' messages by field.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Doc } from '../../../../engine/index.ts';
import { addressDiffers } from '../../property-data/address-fields.ts';
import { usePrefill } from '../../property-data/components/use-prefill.ts';
import type { Application } from '../api/application-types.ts';
import { getApplicationById } from '../api/get-application-by-id.ts';
import { isUnreachable, staleVersionApplication, updateApplication } from '../api/update-application.ts';
import {
  type RefusedValues,
  refusalMessages,
  refusedValuesOf,
  standingRefusals,
  withoutRefused,
} from '../stores/refused-values.ts';
import { useAutosave } from './use-autosave.ts';
import type { DraftDocument } from './use-draft-document.ts';

/**
 * Autosave of `draft` for application `applicationId`; nothing is saved unless `editable`.
 * Answers the save `state`, `edit(next)` (what the form's onChange calls), `schedule`, `flush`
 * and `cancel` (useAutosave's), `conflict` and `conflictSettled()`, `fieldErrors`, and the
 * pre-fill (usePrefill's answer).
 */
export function useDraftAutosave(applicationId: number, editable: boolean, draft: DraftDocument) {
  const [conflict, setConflict] = useState<Application | null>(null);
  // Values the server refused (issue 37): shown at their fields, left out of later saves.
  const refused = useRef<RefusedValues>({});
  const [refusedShown, setRefusedShown] = useState<RefusedValues>({});

  /** Saves `next` without the values the server refused; a new refusal is kept and the rest saved at once. */
  async function saveDocument(next: Doc) {
    let sent = withoutRefused(next, refused.current);
    let envelope = await updateApplication(applicationId, sent, draft.base.current.version);
    const newly = refusedValuesOf(envelope, sent);
    if (newly) {
      refused.current = { ...refused.current, ...newly };
      sent = withoutRefused(next, refused.current);
      envelope = await updateApplication(applicationId, sent, draft.base.current.version);
    }
    refused.current = standingRefusals(refused.current, draft.latest.current);
    setRefusedShown(refused.current);
    return { envelope, sent };
  }

  const autosave = useAutosave<Doc>(async (next) => {
    const { envelope, sent } = await saveDocument(next);
    if (envelope.status === 'success' && envelope.data) {
      const before = draft.base.current.doc;
      // The server holds what was sent over what it had; a refused value stays an unsaved edit.
      draft.base.current = {
        doc: { ...draft.base.current.doc, ...sent },
        version: envelope.data.application.version,
      };
      draft.keep(draft.latest.current);
      // A saved new address queued a pre-fill on the server: follow it.
      if (addressDiffers(before, draft.base.current.doc)) prefill.refresh();
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
  const fieldErrors = useMemo(() => refusalMessages(refusedShown, draft.doc), [refusedShown, draft.doc]);

  function edit(next: Doc) {
    draft.show(next);
    if (!editable) return;
    draft.keep(next);
    autosave.schedule(next);
  }

  /**
   * A newer server document the pre-fill wrote (issue 40): it becomes the base, with the agent's
   * unsaved edits on top (they win over a value it filled), and those edits are saved on its version.
   */
  function absorbServerDocument(latest: Application) {
    const version = draft.base.current.version;
    // Taken already (the poll and a save's conflict may both bring it): only the edits to save remain.
    if (version === undefined || latest.version === undefined || latest.version > version)
      draft.rebase(latest);
    if (Object.keys(draft.edits()).length > 0) autosave.schedule(draft.latest.current);
  }

  // The pre-fill runs on the server by itself (create, address change) or when asked again.
  const prefill = usePrefill({
    applicationId,
    enabled: editable,
    doc: draft.doc,
    baseVersion: () => draft.base.current.version,
    beforeRequest: () => autosave.flush(),
    onWritten: () => {
      void getApplicationById(applicationId, { silent: true })
        .then(absorbServerDocument)
        .catch(() => undefined);
    },
  });

  // Restored edits are saved straight away (a stale version meets the Merge / Reload choice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (draft.start.restored) autosave.schedule(draft.start.doc);
  }, []);

  return {
    state: autosave.state,
    edit,
    schedule: autosave.schedule,
    flush: autosave.flush,
    cancel: autosave.cancel,
    conflict,
    conflictSettled: () => setConflict(null),
    fieldErrors,
    prefill,
  };
}

/** What useDraftAutosave answers. */
export type DraftAutosave = ReturnType<typeof useDraftAutosave>;
