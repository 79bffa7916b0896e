/** The answer shape of every call (docs/api.md, SPEC §7). */
export interface Envelope<T = unknown> {
  status: 'success' | 'error';
  code: number;
  message: string;
  data: T;
  error_obj: Record<string, string> | null;
}

/** A success envelope with code 200. docs/api.md. */
export function success<T>(message: string, data: T): Envelope<T> {
  return { status: 'success', code: 200, message, data, error_obj: null };
}

/** An error envelope. docs/api.md Errors. */
export function failure(
  code: number,
  message: string,
  errorObj: Record<string, string> | null = null,
  data: unknown = null,
): Envelope {
  return { status: 'error', code, message, data, error_obj: errorObj };
}

/** JSON Schema of the envelope, for route response schemas and the OpenAPI document. */
export const envelopeSchema = {
  type: 'object',
  required: ['status', 'code', 'message', 'data', 'error_obj'],
  properties: {
    status: { type: 'string', enum: ['success', 'error'] },
    code: { type: 'integer' },
    message: { type: 'string' },
    data: {},
    error_obj: { anyOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'null' }] },
  },
} as const;
