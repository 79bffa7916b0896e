/**
 * The resources calls (resources/*, issue 15, docs/api.md Resources): carrier documents and training
 * videos with the caller's views, and the writes admins make. The server scopes every answer.
 */
import { useQuery } from '@tanstack/react-query';
import { apiUrl, serverUrl } from '../../../lib/api-base.ts';
import { type ApiEnvelope, emptyResult, errorToastText } from '../../../lib/api-client.ts';
import { type ApiAnswer, type ApiBody, documentedCall, documentedData } from '../../../lib/api-operations.ts';
import { getAuthState } from '../../../lib/auth-store.ts';
import { showToast } from '../../../lib/toast.ts';

/** One entry as resources/list answers it (with the caller's views). */
export type Resource = ApiAnswer<'resources/list'>['resources'][number];

/** The two kinds of entry. */
export type ResourceKind = Resource['kind'];

/**
 * What the resources dialog sends to create an entry; `video_file_id` is an upload of
 * uploadVideoFile, for a training video.
 */
export type ResourceDraft = Required<
  Pick<
    ApiBody<'resources/create'>,
    'kind' | 'title' | 'description' | 'category' | 'carrier' | 'url' | 'document'
  >
> &
  Pick<ApiBody<'resources/create'>, 'video_file_id'>;

/** Types and size of a video file the server takes (server/services/video-upload.ts). */
export const VIDEO_FILE_TYPES = ['video/mp4', 'video/webm'];
export const MAX_VIDEO_MB = 200;

/** A stored upload as resources/upload-video answers it. */
export type UploadedVideoFile = ApiAnswer<'resources/upload-video'>['video_file'];

/** The entries of `kind` matching `search`, newest first. */
export function useResources(kind: ResourceKind, search = '') {
  return useQuery({
    queryKey: ['resources', kind, search],
    queryFn: () => documentedData('resources/list', { kind, search }),
  });
}

/** Stores a new entry. */
export function createResource(draft: ResourceDraft): Promise<ApiEnvelope<ApiAnswer<'resources/create'>>> {
  return documentedCall('resources/create', { ...draft });
}

/**
 * Sends a video file's bytes to resources/upload-video (the file itself as the body, so the server
 * streams it; the session key in the X-Session-Key header, never in the URL: ADR 748) and reports
 * the share sent so far (0 to 1). Resolves to the envelope; an error answer
 * or a failed connection is toasted as apiCall does (SPEC §8).
 */
export function uploadVideoFile(
  file: File,
  onProgress: (sent: number) => void,
): Promise<ApiEnvelope<ApiAnswer<'resources/upload-video'>>> {
  const query = new URLSearchParams({ file_name: file.name });
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(`resources/upload-video?${query}`));
    request.setRequestHeader('X-Session-Key', getAuthState().session_key);
    request.setRequestHeader('Content-Type', file.type);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    const fail = (envelope: ApiEnvelope<ApiAnswer<'resources/upload-video'>>) => {
      const { title, body } = errorToastText(envelope);
      showToast('warning', title, body);
      resolve(envelope);
    };
    request.onload = () => {
      let envelope: ApiEnvelope<ApiAnswer<'resources/upload-video'>>;
      try {
        envelope = JSON.parse(request.responseText);
      } catch {
        fail(emptyResult());
        return;
      }
      if (envelope.status === 'success') resolve(envelope);
      else fail(envelope);
    };
    request.onerror = () => fail(emptyResult());
    request.send(file);
  });
}

/** Changes an entry's texts (and address). */
export function updateResource(
  id: number,
  patch: Omit<ApiBody<'resources/update'>, 'id'>,
): Promise<ApiEnvelope<ApiAnswer<'resources/update'>>> {
  return documentedCall('resources/update', { id, ...patch });
}

/** Deletes an entry. */
export function deleteResource(id: number): Promise<ApiEnvelope<ApiAnswer<'resources/delete'>>> {
  return documentedCall('resources/delete', { id });
}

/** Records that the caller opened an entry and, for a video, how far they watched (seconds). */
export function recordView(
  id: number,
  secondsWatched = 0,
  completed = false,
): Promise<ApiEnvelope<ApiAnswer<'resources/record-view'>>> {
  return documentedCall(
    'resources/record-view',
    { id, seconds_watched: secondsWatched, completed },
    { suppressToast: () => true },
  );
}

/**
 * Where the browser opens an entry: its address, or its file under the API base (a link or a
 * video source carries no body: the file route reads the session cookie, ADR 748).
 */
export function resourceHref(resource: Pick<Resource, 'url' | 'file_url'>): string {
  if (resource.url) return resource.url;
  return serverUrl(resource.file_url ?? '');
}
