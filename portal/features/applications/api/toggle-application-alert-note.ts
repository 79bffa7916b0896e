/** toggle-application-alert-note. SPEC §7, docs/api.md. */
import type { ApiEnvelope } from '../../../lib/api-client.ts';
import { documentedCall } from '../../../lib/api-operations.ts';
import type { Note } from './application-types.ts';

/** Flips `payload.is_alert` of note `noteId` of application `applicationId`; returns the envelope. */
export function toggleApplicationAlertNote(
  noteId: number,
  applicationId: number,
): Promise<ApiEnvelope<{ note: Note }>> {
  return documentedCall('agent-portal/toggle-application-alert-note', {
    note_id: noteId,
    application_id: applicationId,
  });
}
