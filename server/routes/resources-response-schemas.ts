/**
 * JSON Schemas of the `data` the resources calls answer (docs/api.md Resources, issue 15;
 * docs/decisions/200-resources-and-blank.md, 260-uploaded-training-videos.md), keyed by
 * `<METHOD> <route url>`; server/http/openapi-answers.ts puts each in the success envelope of its
 * operation (the file download is declared there). docs/decisions/340-openapi-document-from-route-data.md.
 */
import { VIDEO_TYPES } from '../services/video-upload.ts';
import { timestamp } from './application-response-schemas.ts';

const seconds = {
  type: 'integer',
  minimum: 0,
  description: 'Seconds of the video watched (the furthest point).',
};

/** A resource as answered (resources-service.ts resourceView): no content, the caller's view. */
const resourceSchema = {
  type: 'object',
  required: [
    'id',
    'kind',
    'scope',
    'company_id',
    'carrier',
    'title',
    'description',
    'category',
    'url',
    'file_name',
    'file_url',
    'created_at',
    'is_new',
    'seconds_watched',
    'completed',
  ],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: ['carrier_document', 'training_video'] },
    scope: { type: 'string', enum: ['global', 'company'], description: 'global: every company sees it.' },
    company_id: { type: ['integer', 'null'], description: 'Null for a global entry.' },
    carrier: { type: ['string', 'null'] },
    title: { type: 'string' },
    description: { type: 'string' },
    category: { type: 'string' },
    url: { type: ['string', 'null'], description: 'The external https address; null for an uploaded file.' },
    file_name: { type: ['string', 'null'] },
    file_url: {
      type: ['string', 'null'],
      description:
        'GET path of the uploaded file (the browser sends the session cookie; API clients add ?session_key=); null for an address.',
      examples: ['/api/resources/file/1'],
    },
    created_at: timestamp,
    is_new: { type: 'boolean', description: 'True until the caller opens it.' },
    seconds_watched: seconds,
    completed: { type: 'boolean' },
  },
} as const;

const withId = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer' } },
} as const;

/** `data` of the resources calls, by `<METHOD> <route url>`. */
export const RESOURCES_ANSWER_SCHEMAS: Readonly<Record<string, object>> = {
  'POST /api/resources/list': {
    type: 'object',
    required: ['resources'],
    properties: { resources: { type: 'array', items: resourceSchema, description: 'Newest first.' } },
  },
  'POST /api/resources/create': {
    type: 'object',
    required: ['resource'],
    properties: { resource: resourceSchema },
  },
  'POST /api/resources/update': withId,
  'POST /api/resources/delete': withId,
  'POST /api/resources/record-view': {
    type: 'object',
    required: ['seconds_watched', 'completed'],
    properties: { seconds_watched: seconds, completed: { type: 'boolean' } },
  },
  'POST /api/resources/upload-video': {
    type: 'object',
    required: ['video_file'],
    properties: {
      video_file: {
        type: 'object',
        required: ['id', 'file_name', 'content_type', 'size_bytes'],
        description: 'The stored upload: resources/create takes its id as video_file_id.',
        properties: {
          id: { type: 'integer' },
          file_name: { type: 'string' },
          content_type: { type: 'string', enum: VIDEO_TYPES },
          size_bytes: { type: 'integer', minimum: 1, description: 'Bytes.' },
        },
      },
    },
  },
};
