/**
 * Reads a picked file for a JSON body (a manual quote's document, a resource file, a bulk-upload
 * sheet, a company logo): its bytes as base64 without the `data:` prefix, its name and type.
 */

/** A file ready to send, with a `data:` URL of the same bytes for previews. */
export interface Base64File {
  name: string;
  /** The file's bytes, base64 without the `data:` prefix. */
  content_base64: string;
  /** The file's MIME type; application/octet-stream when the browser does not know it. */
  content_type: string;
  data_url: string;
}

/**
 * Reads `file` with FileReader. Rejects with `Error('File is larger than N MB')` above `maxBytes`
 * (bytes; each caller passes the server's limit for what it sends), or with the reader's error.
 */
export function readFileAsBase64(file: File, maxBytes: number): Promise<Base64File> {
  if (file.size > maxBytes) {
    return Promise.reject(new Error(`File is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.onload = () => {
      const dataUrl = String(reader.result ?? '');
      resolve({
        name: file.name,
        content_base64: dataUrl.slice(dataUrl.indexOf(',') + 1),
        content_type: file.type || 'application/octet-stream',
        data_url: dataUrl,
      });
    };
    reader.readAsDataURL(file);
  });
}
