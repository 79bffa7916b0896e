/** Reads a picked file for a JSON body: its bytes as base64 (no `data:` prefix), name and type. */

/** Largest document accepted for upload, in bytes (10 MiB): base64 grows it by a third on the wire. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** A file ready to send: name, base64 content, MIME type (application/octet-stream when unknown). */
export interface Base64File {
  name: string;
  content_base64: string;
  content_type: string;
}

/**
 * Reads `file` with FileReader. Rejects with `Error('File is larger than N MB')` above `maxBytes`
 * (default MAX_UPLOAD_BYTES), or with the reader's error.
 */
export function readFileAsBase64(file: File, maxBytes = MAX_UPLOAD_BYTES): Promise<Base64File> {
  if (file.size > maxBytes) {
    return Promise.reject(new Error(`File is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve({
        name: file.name,
        content_base64: url.slice(url.indexOf(',') + 1),
        content_type: file.type || 'application/octet-stream',
      });
    };
    reader.readAsDataURL(file);
  });
}
