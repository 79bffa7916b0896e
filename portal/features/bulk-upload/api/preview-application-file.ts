/** services/file-upload/preview-application-file: headers, proposed mapping and the first rows' messages (issue 13). */
import { useMutation } from '@tanstack/react-query';
import { type ApiAnswer, type ApiBody, documentedData } from '../../../lib/api-operations.ts';
import type { UploadFile } from './upload-types.ts';

/** The products a file can hold (SPEC §9 quote types). */
export type UploadProduct = ApiBody<'services/file-upload/preview-application-file'>['product'];

/**
 * The mapping step's data for a file: headers, every field a column may fill with its label, the
 * field of each column (null: not imported), and the first rows with their first message per field.
 */
export type FilePreview = ApiAnswer<'services/file-upload/preview-application-file'>;

/** The preview of `file` for `product` with `mapping` (the proposal when omitted). Throws ApiRequestError. */
export function previewApplicationFile(
  file: UploadFile,
  product: UploadProduct,
  mapping?: (string | null)[],
): Promise<FilePreview> {
  return documentedData(
    'services/file-upload/preview-application-file',
    { ...file, product, ...(mapping ? { mapping } : {}) },
    // The dialog shows the file's problem itself.
    { suppressToast: (envelope) => envelope.code === 422 || envelope.code === 413 },
  );
}

/** The preview as a mutation (a new file, product or mapping asks again). */
export function usePreviewApplicationFile() {
  return useMutation({
    mutationFn: (input: { file: UploadFile; product: UploadProduct; mapping?: (string | null)[] }) =>
      previewApplicationFile(input.file, input.product, input.mapping),
  });
}
