/**
 * Posts a call whose answer is a file (a CSV export) and hands the file to the browser as a
 * download, named by the answer's content-disposition (else `fallbackName`). Resolves with the
 * name once the whole file was read. Throws `ApiRequestError` for an error envelope (400, 401,
 * 402, 403) and the fetch error when the connection breaks mid-file.
 */
import { type ApiEnvelope, ApiRequestError } from './api-client.ts';
import { getAuthState } from './auth-store.ts';

export async function downloadFile(
  path: string,
  body: Record<string, unknown>,
  fallbackName: string,
): Promise<string> {
  const response = await fetch(`/api/${path}`, {
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
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
  return name;
}
