/**
 * JSON Schemas of the bulk upload request bodies (issue 13, SPEC §7 /services/file-upload/*):
 * every property bounded, unknown ones rejected, so a client mistake is a 400.
 */
import { MAX_COLUMNS, MAX_UPLOAD_BYTES } from '../services/bulk-upload-file.ts';
import { idSchema, PRODUCTS, sessionKeySchema } from './request-schemas.ts';

/** Base64 length of the largest file, plus room for the rest of the body: the routes' body limit. */
export const MAX_UPLOAD_BODY_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024;

const file = {
  file_name: { type: 'string', minLength: 1, maxLength: 255 },
  content_base64: { type: 'string', minLength: 1, maxLength: MAX_UPLOAD_BODY_BYTES },
  product: { type: 'string', enum: PRODUCTS },
  mapping: {
    type: 'array',
    minItems: 1,
    maxItems: MAX_COLUMNS,
    items: { type: ['string', 'null'], maxLength: 100 },
  },
} as const;

/** Body of services/file-upload/preview-application-file: the file, the product, an optional mapping. */
export const previewBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['file_name', 'content_base64', 'product'],
  properties: { session_key: sessionKeySchema, ...file },
} as const;

/** Body of services/file-upload/create-application: the file, product and mapping, agent, launch choice. */
export const createUploadBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['file_name', 'content_base64', 'product', 'mapping'],
  properties: {
    session_key: sessionKeySchema,
    ...file,
    agent_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    launch_valid: { type: 'boolean', default: false },
  },
} as const;

/** Body of services/file-upload/get-upload and download-error-file. */
export const uploadIdBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['upload_id'],
  properties: { session_key: sessionKeySchema, upload_id: idSchema },
} as const;

/** Body of services/file-upload/list-uploads. */
export const listUploadsBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { session_key: sessionKeySchema },
} as const;
