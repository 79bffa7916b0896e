/**
 * Saves the file a POST call answers (a CSV stream such as reporting/export-csv or the bulk
 * upload's error file): the same JSON body with the session key as every call, the answer read
 * whole and handed to the browser as a download under the server's file name (saveFile). The key
 * travels in the body, never in a URL (ADR 748).
 */
import { apiUrl } from './api-base.ts';
import { type ApiEnvelope, ApiRequestError } from './api-client.ts';
import { getAuthState } from './auth-store.ts';

/**
 * POSTs `body` (plus session_key) to `{api_base}/path` (api-base.ts) and downloads the answer; resolves with the file
 * name (from content-disposition, else `fallbackName`). Throws `ApiRequestError` for an error
 * envelope (400, 401, 402, 403, 404) and the fetch error when the connection breaks mid-file.
 */
export async function postDownload(
  path: string,
  body: Record<string, unknown>,
  fallbackName: string,
): Promise<string> {
  const response = await fetch(apiUrl(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ session_key: getAuthState().session_key, ...body }),
  });
  if (String(response.headers.get('content-type')).startsWith('application/json')) {
    throw new ApiRequestError((await response.json()) as ApiEnvelope<unknown>);
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(blob, name);
  return name;
}

/**
 * Hands `blob` to the browser as a download named `name`: the one way the portal saves a file it
 * holds (a POST's answer above, or a file an envelope carries, such as audit/export-csv's CSV).
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
