/**
 * useLaunch (portal/features/applications/components/use-launch.ts): what a launch the engine lets
 * through does with the pending save, the edits kept in this browser and the accepted warnings,
 * when launch-application takes it (code 200, SPEC §4, §7) and when it refuses it with field errors
 * (every message shown again, nothing dropped). Real engine and schema set; fetch mocked.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compileSchemaSet } from '../../engine/compile-schema-set.ts';
import { ruleContextOf } from '../../portal/features/applications/components/form-view.tsx';
import { useLaunch } from '../../portal/features/applications/components/use-launch.ts';
import {
  readUnsavedEdits,
  writeUnsavedEdits,
} from '../../portal/features/applications/stores/unsaved-edits-store.ts';
import { examples, schemaSet } from '../../schemas/schema-set.ts';
import { draftApplication } from './draft-application.ts';
import { envelope, mockFetch } from './render-with-providers.tsx';
import { signInSampleAgentRecordingToasts } from './signed-in-agent.ts';

const compiled = compileSchemaSet(schemaSet);
const LAUNCH = 'agent-portal/launch-application';
let toasts: unknown[];

beforeEach(() => {
  toasts = signInSampleAgentRecordingToasts();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** useLaunch over the Primary example, launched through the outcome dialog when it asks. */
async function launchExample(answer: unknown) {
  writeUnsavedEdits(42, { version: 1, fields: { first_name: 'Kept' } });
  const calls = mockFetch(() => answer);
  const cancelSave = vi.fn();
  const onLaunched = vi.fn(async () => undefined);
  const doc = { ...examples.primary };
  const { result } = renderHook(() =>
    useLaunch({
      applicationId: 42,
      compiled,
      ctx: ruleContextOf(draftApplication(1, doc)),
      doc,
      formIdPrefix: 'application42',
      cancelSave,
      onLaunched,
    }),
  );
  act(() => result.current.launch());
  const warnings = (result.current.outcomes ?? []).filter((o) => o.outcome === 'warning');
  if (result.current.outcomes) act(() => result.current.launchAnyway());
  await waitFor(() => expect(calls.some((c) => c.path === LAUNCH)).toBe(true));
  await waitFor(() => expect(result.current.launching).toBe(false));
  return { result, calls, cancelSave, onLaunched, warnings };
}

describe('useLaunch', () => {
  it('sends the document, drops the pending save and the kept edits, and hands on the accepted warnings', async () => {
    const { calls, cancelSave, onLaunched, warnings } = await launchExample(
      envelope({ application: draftApplication(2, examples.primary), warnings: [] }),
    );
    expect(cancelSave).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.path === LAUNCH)?.body).toMatchObject({
      application_id: 42,
      address_details: { zip: examples.primary.zip },
    });
    await waitFor(() => expect(onLaunched).toHaveBeenCalledWith(warnings));
    expect(readUnsavedEdits(42)).toBeNull();
    expect(toasts).toContain('Application launched');
  });

  it('refused with field errors, shows every message again and keeps the edits', async () => {
    const { result, onLaunched } = await launchExample(
      envelope(null, {
        status: 'error',
        code: 422,
        message: 'Invalid data',
        error_obj: { zip: 'Zip is wrong.' },
      }),
    );
    await waitFor(() => expect(result.current.showAllErrors).toBe(true));
    expect(onLaunched).not.toHaveBeenCalled();
    expect(readUnsavedEdits(42)?.fields).toEqual({ first_name: 'Kept' });
    expect(toasts).not.toContain('Application launched');
  });
});
