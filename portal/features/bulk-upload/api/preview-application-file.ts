/** services/file-upload/preview-application-file: headers, proposed mapping and the first rows' messages (issue 13). */
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import type { UploadFile } from './upload-types.ts';

/** The mapping step's data for a file. */
export interface FilePreview {
  file_kind: 'csv' | 'xlsx';
  headers: string[];
  rows_total: number;
  /** Every field a column may fill, with its form label. */
  fields: { field: string; label: string }[];
  /** The field of each column (null: not imported). */
  mapping: (string | null)[];
  /** The first rows: their cells and first message per field. */
  rows: { row_number: number; cells: string[]; messages: Record<string, string> }[];
}

/** The preview of `file` for `product` with `mapping` (the proposal when omitted). Throws ApiRequestError. */
export function previewApplicationFile(
  file: UploadFile,
  product: string,
  mapping?: (string | null)[],
): Promise<FilePreview> {
  return apiData<FilePreview>(
    'services/file-upload/preview-application-file',
    { ...file, product, ...(mapping ? { mapping } : {}) },
    // The dialog shows the file's problem itself.
    { suppressToast: (envelope) => envelope.code === 422 || envelope.code === 413 },
  );
}

/** The preview as a mutation (a new file, product or mapping asks again). */
export function usePreviewApplicationFile() {
  return useMutation({
    mutationFn: (input: { file: UploadFile; product: string; mapping?: (string | null)[] }) =>
      previewApplicationFile(input.file, input.product, input.mapping),
  });
}
