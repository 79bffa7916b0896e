/**
 * useDraftDocument (portal/features/applications/components/use-draft-document.ts): where editing
 * starts, and the draft's rebase onto a newer server document (a pre-fill's write, Merge) and
 * reset to one (Reload), with what each leaves in localStorage. Issue 5, docs/decisions/101.
 */
import { act, renderHook } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Doc } from '../../engine/types.ts';
import { useDraftDocument } from '../../portal/features/applications/components/use-draft-document.ts';
import { changedFields } from '../../portal/features/applications/stores/changed-fields.ts';
import {
  readUnsavedEdits,
  writeUnsavedEdits,
} from '../../portal/features/applications/stores/unsaved-edits-store.ts';
import { draftApplication } from './draft-application.ts';

afterEach(() => localStorage.clear());

describe('useDraftDocument', () => {
  it("starts from the server's document, with this browser's kept edits on their own version when editable", () => {
    writeUnsavedEdits(42, { version: 3, fields: { city: 'Miami Beach' } });
    const server = draftApplication(5, { city: 'Miami', zip: '33139' });

    const restored = renderHook(() => useDraftDocument(server, true)).result.current;
    expect(restored.doc).toEqual({ city: 'Miami Beach', zip: '33139' });
    expect(restored.restoredCount).toBe(1);
    expect(restored.base.current).toEqual({ doc: { city: 'Miami', zip: '33139' }, version: 3 });
    expect(restored.edits()).toEqual({ city: 'Miami Beach' });

    const readOnly = renderHook(() => useDraftDocument(server, false)).result.current;
    expect(readOnly.doc).toEqual({ city: 'Miami', zip: '33139' });
    expect(readOnly.restoredCount).toBe(0);
    expect(readOnly.base.current.version).toBe(5);
  });

  it("rebase lays the agent's edits over a newer document and keeps them on its version", () => {
    const { result } = renderHook(() =>
      useDraftDocument(draftApplication(1, { city: 'Miami', zip: '33139' }), true),
    );
    act(() => result.current.show({ city: 'Miami Beach', zip: '33139' }));
    let merged: Doc = {};
    act(() => {
      merged = result.current.rebase(
        draftApplication(2, { city: 'Miami', zip: '33140', county: 'Miami-Dade' }),
      );
    });
    expect(merged).toEqual({ city: 'Miami Beach', zip: '33140', county: 'Miami-Dade' });
    expect(result.current.doc).toEqual(merged);
    expect(result.current.base.current.version).toBe(2);
    expect(readUnsavedEdits(42)).toMatchObject({ version: 2, fields: { city: 'Miami Beach' } });
  });

  it('reset takes the newer document and drops the edits, their stored copy and the restored notice', () => {
    writeUnsavedEdits(42, { version: 3, fields: { city: 'Miami Beach' } });
    const { result } = renderHook(() => useDraftDocument(draftApplication(3, { city: 'Miami' }), true));
    expect(result.current.restoredCount).toBe(1);
    act(() => result.current.reset(draftApplication(4, { city: 'Coral Gables' })));
    expect(result.current.doc).toEqual({ city: 'Coral Gables' });
    expect(result.current.restoredCount).toBe(0);
    expect(result.current.base.current).toEqual({ doc: { city: 'Coral Gables' }, version: 4 });
    expect(result.current.edits()).toEqual({});
    expect(readUnsavedEdits(42)).toBeNull();
  });

  it("after a rebase the agent's changed fields win and every other field is the newer document's", () => {
    const fields = ['city', 'zip', 'county', 'address1'];
    const doc = fc.dictionary(fc.constantFrom(...fields), fc.constantFrom('a', 'b', 'c'));
    fc.assert(
      fc.property(doc, doc, doc, (older, local, newer) => {
        localStorage.clear();
        const { result, unmount } = renderHook(() => useDraftDocument(draftApplication(1, older), true));
        const typed = { ...older, ...local };
        act(() => result.current.show(typed));
        act(() => void result.current.rebase(draftApplication(2, newer)));
        const expected = { ...newer, ...changedFields(older, typed) };
        expect(result.current.doc).toEqual(expected);
        const kept = changedFields(newer, expected);
        expect(readUnsavedEdits(42)?.fields ?? {}).toEqual(kept);
        expect(result.current.edits()).toEqual(kept);
        unmount();
      }),
      { numRuns: 60 },
    );
  });
});
