/**
 * The document the details form edits and what its edits are based on (issue 5 "Never lose an
 * edit", docs/decisions/101): the server's `useable_details` (SPEC §3 Application, §4 the
 * placeholder phone), the unsaved edits this browser kept in localStorage laid over it, and the
 * base (document and version) a save is sent on.
 *
 * States: `restoredCount` > 0 while the "Unsaved changes restored" notice is up (edits read back
 * at mount), 0 once dismissed or reloaded away; `doc` is what the form shows, `latest` the same
 * without waiting for a render, `base` moves forward with each save, a rebase or a reset.
 */
import { type RefObject, useRef, useState } from 'react';
import type { Doc } from '../../../../engine/index.ts';
import { mergeFieldChanges } from '../../../../engine/react/merge-field-changes.ts';
import { placeholders } from '../../../../schemas/schema-set.ts';
import type { Application } from '../api/application-types.ts';
import { changedFields } from '../stores/changed-fields.ts';
import {
  clearUnsavedEdits,
  readUnsavedEdits,
  type UnsavedEdits,
  writeUnsavedEdits,
} from '../stores/unsaved-edits-store.ts';

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

/** The document and the version (undefined when the server sent none) that edits are based on. */
export interface DraftBase {
  doc: Doc;
  version: number | undefined;
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
): { doc: Doc; base: DraftBase; restored: number } {
  const serverDoc = initialDocument(app);
  const edits = kept ? changedFields(serverDoc, withEdits(serverDoc, kept.fields)) : {};
  const restored = Object.keys(edits).length;
  return {
    doc: restored ? withEdits(serverDoc, edits) : serverDoc,
    base: { doc: serverDoc, version: restored ? (kept?.version ?? app.version) : app.version },
    restored,
  };
}

/** What useDraftDocument answers. */
export interface DraftDocument {
  /** Where editing started (read once, at mount). */
  start: ReturnType<typeof startingPoint>;
  /** The document the form shows. */
  doc: Doc;
  /** The newest document, ahead of the render that shows it. */
  latest: RefObject<Doc>;
  /** What the edits are based on; a successful save moves it to what the server now holds. */
  base: RefObject<DraftBase>;
  /** Edits restored at mount and still announced (0: no notice). */
  restoredCount: number;
  dismissRestored: () => void;
  /** Shows `next` in the form. */
  show: (next: Doc) => void;
  /** Keeps `current`'s changes from the base in localStorage (none: forgets them). */
  keep: (current: Doc) => void;
  /** The agent's changes from the base (field -> value). */
  edits: () => Doc;
  /** A newer server document becomes the base with the agent's changes on top, shown and kept; answers it. */
  rebase: (latest: Application) => Doc;
  /** A newer server document becomes the base and the form, the local changes dropped (Reload). */
  reset: (latest: Application) => void;
}

/**
 * The draft of application `application`: restored from this browser's unsaved edits when
 * `editable` (status new), else the server's document as it is.
 */
export function useDraftDocument(application: Application, editable: boolean): DraftDocument {
  // Read once: a reload (or crash) restores what this browser had not saved yet.
  const [start] = useState(() =>
    startingPoint(application, editable ? readUnsavedEdits(application.id) : null),
  );
  const [doc, setDoc] = useState<Doc>(start.doc);
  const [restoredCount, setRestoredCount] = useState(start.restored);
  // The document and version the local edits started from; a save moves both forward.
  const base = useRef(start.base);
  const latest = useRef(start.doc);

  function show(next: Doc) {
    latest.current = next;
    setDoc(next);
  }

  function keep(current: Doc) {
    writeUnsavedEdits(application.id, {
      version: base.current.version ?? null,
      fields: changedFields(base.current.doc, current),
    });
  }

  const edits = () => changedFields(base.current.doc, latest.current);

  function rebase(server: Application): Doc {
    const serverDoc = initialDocument(server);
    const merged = withEdits(serverDoc, edits());
    base.current = { doc: serverDoc, version: server.version };
    show(merged);
    keep(merged);
    return merged;
  }

  function reset(server: Application) {
    const serverDoc = initialDocument(server);
    base.current = { doc: serverDoc, version: server.version };
    clearUnsavedEdits(application.id);
    setRestoredCount(0);
    show(serverDoc);
  }

  return {
    start,
    doc,
    latest,
    base,
    restoredCount,
    dismissRestored: () => setRestoredCount(0),
    show,
    keep,
    edits,
    rebase,
    reset,
  };
}
