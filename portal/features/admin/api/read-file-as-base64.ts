/** Reads a picked file for upload in a JSON body (the company logo). */

/** A file as the JSON calls carry it. */
export interface Base64File {
  name: string;
  content_type: string;
  /** The file's bytes, base64 without the `data:` prefix. */
  content_base64: string;
  /** `data:` URL of the same bytes, for the preview. */
  data_url: string;
}

/**
 * Reads `file` into base64. Resolves the name, type, bare base64 and a data URL for previews.
 * Rejects with the reader's error when the file cannot be read.
 */
export function readFileAsBase64(file: Blob & { name?: string }): Promise<Base64File> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.onload = () => {
      const dataUrl = String(reader.result ?? '');
      const comma = dataUrl.indexOf(',');
      resolve({
        name: file.name ?? 'upload',
        content_type: file.type || 'application/octet-stream',
        content_base64: comma >= 0 ? dataUrl.slice(comma + 1) : '',
        data_url: dataUrl,
      });
    };
    reader.readAsDataURL(file);
  });
}
