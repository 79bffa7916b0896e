/**
 * The save conflict of the details form (SPEC §7 update-application; issue 5 "Lost updates",
 * docs/decisions/101): a save met a newer version of the application, changed elsewhere, and the
 * agent chooses Merge or Reload in SaveConflictDialog.
 *
 * States: none (`opened` false); open with the agent's changes from the base (`changes`), until
 * Merge (those changes on top of the latest document, saved at once on its version) or Reload
 * (the latest document; the local changes and their localStorage copy are dropped, and the
 * "Unsaved changes restored" notice with them).
 */
import type { Doc } from '../../../../engine/index.ts';
import { changedFields } from '../stores/changed-fields.ts';
import type { DraftAutosave } from './use-draft-autosave.ts';
import type { DraftDocument } from './use-draft-document.ts';

/** Merge and Reload of the conflict `autosave` met while saving `draft`. */
export function useSaveConflict(draft: DraftDocument, autosave: DraftAutosave) {
  const latest = autosave.conflict;

  /** Merge: the agent's changes on top of the latest document, saved on its version. */
  function merge() {
    if (!latest) return;
    const merged = draft.rebase(latest);
    autosave.conflictSettled();
    autosave.schedule(merged);
    void autosave.flush();
  }

  /** Reload: the latest document, local changes discarded. */
  function reload() {
    if (!latest) return;
    autosave.cancel();
    autosave.conflictSettled();
    draft.reset(latest);
  }

  const changes: Doc = latest ? changedFields(draft.base.current.doc, draft.doc) : {};
  return { opened: latest !== null, changes, merge, reload };
}
