/**
 * An error that becomes the envelope of docs/api.md: `code` is the HTTP status, `message` the
 * text the portal shows (SPEC §8), `errorObj` field -> message, `data` extra detail.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly errorObj: Record<string, string> | null;
  readonly data: unknown;

  constructor(
    statusCode: number,
    message: string,
    errorObj: Record<string, string> | null = null,
    data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.errorObj = errorObj;
    this.data = data;
  }
}
